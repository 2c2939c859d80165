/**
 * Where a route's page lives, under pages/ and dist/ alike: "/" is index.html, every other route
 * is a flat file named like its URL ("/about-us/team" → about-us/team.html). Every host serves a
 * flat file at the extensionless URL with status 200 and no redirect (README "Deploy").
 * CommonJS, so that the dev-server middleware can require it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, PAGES_DIR } = require('./repo-root.cjs');

/** "/about-us/team" → "about-us/team.html" (from pages/ or dist/). */
function fileOfRoute(routePath) {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`;
}

/** "pages/about-us/team.html" (a file of the site's pages/) → "/about-us/team": fileOfRoute, the other way. */
function routeOfFile(file) {
  const route = `/${path
    .relative(PAGES_DIR, file)
    .replace(/\.html$/, '')
    .split(path.sep)
    .join('/')}`;
  return route === '/index' ? '/' : route;
}

/** Every page file of the site, from the repo root ("pages/about-us/team.html"); pages/_data holds none. */
function pageFiles() {
  return fs
    .readdirSync(path.join(ROOT, PAGES_DIR), { recursive: true })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.posix.join(PAGES_DIR, file.split(path.sep).join('/')));
}

module.exports = { fileOfRoute, routeOfFile, pageFiles };
