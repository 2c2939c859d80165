/**
 * Where a route's page lives, under pages/ and dist/ alike: "/" is index.html, every other route
 * is a flat file named like its URL ("/about-us/team" → about-us/team.html). Every host serves a
 * flat file at the extensionless URL with status 200 and no redirect (README "Deploy").
 * CommonJS, so that the dev-server middleware can require it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./repo-root.cjs');

/** "/about-us/team" → "about-us/team.html" (from pages/ or dist/). */
function fileOfRoute(routePath) {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`;
}

/** "pages/about-us/team.html" → "/about-us/team": fileOfRoute, the other way. */
function routeOfFile(file) {
  const route = `/${path
    .relative('pages', file)
    .replace(/\.html$/, '')
    .split(path.sep)
    .join('/')}`;
  return route === '/index' ? '/' : route;
}

/** Every page file, from the repo root ("pages/about-us/team.html"); pages/_data holds none. */
function pageFiles() {
  return fs
    .readdirSync(path.join(ROOT, 'pages'), { recursive: true })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join('pages', file));
}

module.exports = { fileOfRoute, routeOfFile, pageFiles };
