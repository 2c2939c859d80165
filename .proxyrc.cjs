/**
 * Dev-server middleware (Parcel runs it before its own handler). Parcel answers every unknown
 * path with a page and status 200, and knows nothing of clean URLs; this makes the dev server
 * answer as the production hosts do (README "Deploy"):
 * - a route is served from its flat file (/about-us/team → about-us/team.html);
 * - /about-us/, /about-us.html and /index.html redirect to the route's URL, as Cloudflare Pages does;
 * - a file Parcel has built (or copied from static/) is served as is;
 * - the browser editor is at /admin (its page and files written at the first build by
 *   editor-reporter.cjs), with its configuration made afresh on each request, so that a schema
 *   edit shows at the next reload;
 * - anything else gets the 404 page with status 404, or 400 for a malformed escape.
 */
const fs = require('node:fs');
const path = require('node:path');
const { fileOfRoute } = require('./scripts/build/route-file.cjs');
const { loadSiteData } = require('./scripts/build/posthtml-site/site-data.cjs');
const { editorConfig, EDITOR_PATH } = require('./scripts/build/editor/editor-config.cjs');
const { SITE_ROOT } = require('./scripts/build/repo-root.cjs');

const routesFile = path.join(SITE_ROOT, 'pages/_data/routes.json');

/** The folder Parcel writes the dev build to: its --dist-dir (the last one given wins), or its default. */
function devDistDir() {
  const flag = process.argv.lastIndexOf('--dist-dir');
  return path.resolve(flag > 0 ? process.argv[flag + 1] : 'dist');
}

/** Whether a decoded path names a file of the current dev build, or Parcel's own endpoints. */
function isBuiltFile(pathname) {
  if (pathname.startsWith('/__parcel')) return true;
  const file = path.join(devDistDir(), path.normalize(pathname));
  return (
    file.startsWith(devDistDir() + path.sep) &&
    fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true
  );
}

/**
 * The routes of the blog's pages that no file holds: each post's, and each later page of /blog and
 * of a category (scripts/build/posts/post-pages.cjs). None while a post has a mistake: the pages
 * that read it show it.
 */
function blogRoutes() {
  try {
    const { blog } = loadSiteData({ posts: 'all' });
    return [...Object.values(blog.posts).map((post) => post.path), ...Object.keys(blog.pages)];
  } catch {
    return [];
  }
}

/** Hands the request to Parcel as a request for the 404 page, answered with `status`. */
function notFoundPage(req, res, next, status) {
  req.url = '/404.html';
  req.originalUrl = '/404.html';
  // The page must come back whole to carry the error status: never a 304 for it.
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (_parcelStatus, ...rest) => writeHead(status, ...rest);
  return next();
}

module.exports = function devRoutes(app) {
  app.use((req, res, next) => {
    const url = new URL(req.url, 'http://localhost');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFoundPage(req, res, next, 400);
    }
    const route = pathname.replace(/(\/index)?(\.html)?\/*$/, '') || '/';
    // Read on each request so routes added while the dev server runs are picked up: those of
    // routes.json, and under /blog/ the posts and later listing pages (the posts are read only
    // there: every script, stylesheet and photo of a page is a request too).
    const routes = new Set([
      ...JSON.parse(fs.readFileSync(routesFile, 'utf8')).map((entry) => entry.path),
      ...(route.startsWith('/blog/') ? blogRoutes() : []),
    ]);
    if (route === EDITOR_PATH) {
      if (route !== pathname) {
        res.writeHead(308, { Location: route + url.search });
        return res.end();
      }
      // Parcel answers a page it did not build with one it did: the editor's page is sent here.
      const page = path.join(devDistDir(), `${EDITOR_PATH.slice(1)}.html`);
      if (!fs.existsSync(page)) return notFoundPage(req, res, next, 404);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(fs.readFileSync(page));
    }
    if (pathname === `${EDITOR_PATH}/config.json`) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return res.end(`${JSON.stringify(editorConfig(), null, 2)}\n`);
    }
    if (routes.has(route)) {
      if (route !== pathname) {
        res.writeHead(308, { Location: route + url.search });
        return res.end();
      }
      req.url = `/${fileOfRoute(route)}${url.search}`;
      return next();
    }
    if (isBuiltFile(pathname) && !pathname.endsWith('.html')) return next();
    return notFoundPage(req, res, next, 404);
  });
};
