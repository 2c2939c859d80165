'use strict';
/**
 * Loads the site's data files: the one place for settings, routes and navigation.
 * Used by the PostHTML plugin at build time and by the build-output tests.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const DATA_FILES = ['pages/_data/site.json', 'pages/_data/routes.json', 'pages/_data/navigation.json'];
const LAYOUT_FILE = 'partials/layout.html';

function readJson(file) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
}

/** Reads the data files fresh, so edits show up on the next dev rebuild. */
function loadSiteData() {
  const [site, routes, navigation] = DATA_FILES.map(readJson);
  const routeByPath = Object.fromEntries(routes.map((route) => [route.path, route]));
  const link = (routePath) => {
    const route = routeByPath[routePath];
    if (!route) throw new Error(`navigation.json links to "${routePath}", which is not a route`);
    return { href: route.path, label: route.label };
  };
  const nav = {
    header: navigation.header.map((item) => ({
      ...link(item.path),
      children: (item.children || []).map(link),
    })),
    footer: navigation.footer.map((column) => ({ heading: column.heading, links: column.links.map(link) })),
    legal: navigation.legal.map(link),
  };
  return {
    routes,
    routeByPath,
    layoutSource: fs.readFileSync(path.join(ROOT, LAYOUT_FILE), 'utf8'),
    locals: { site, nav, routes: routeByPath, year: new Date().getFullYear() },
  };
}

module.exports = { ROOT, DATA_FILES, LAYOUT_FILE, loadSiteData };
