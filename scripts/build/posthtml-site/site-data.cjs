'use strict';
/**
 * Loads the site's data: every JSON file in pages/_data, the one place for settings, routes,
 * navigation and structured content (prices, FAQs, case studies, team, testimonials, stats).
 * Used by the PostHTML plugin at build time and by the build-output tests.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const DATA_DIR = 'pages/_data';
const LAYOUT_FILE = 'partials/layout.html';

/** "case-studies.json" → "caseStudies": the name a data file has in templates. */
function localName(file) {
  return path.basename(file, '.json').replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}

/** The data files, relative to the project root. */
function dataFiles() {
  return fs
    .readdirSync(path.join(ROOT, DATA_DIR))
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(DATA_DIR, file));
}

/** The data files and the layout, each with its modification time and size. */
function sourcesStamp() {
  return [...dataFiles(), LAYOUT_FILE]
    .map((file) => {
      const { mtimeMs, size } = fs.statSync(path.join(ROOT, file));
      return `${file}:${mtimeMs}:${size}`;
    })
    .join('|');
}

let cached = { stamp: '', data: undefined };

/**
 * The site data. Every page of a build reads the same data, so it is read and shaped once and
 * kept while no data file nor the layout changes; a dev rebuild after an edit reads it afresh.
 * Reading it for every page cost about 14 ms a page with 500 routes.
 */
function loadSiteData() {
  const stamp = sourcesStamp();
  if (cached.stamp !== stamp) cached = { stamp, data: readSiteData() };
  return cached.data;
}

/** Reads the data files and shapes what templates use. */
function readSiteData() {
  const data = Object.fromEntries(
    dataFiles().map((file) => [localName(file), JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'))]),
  );
  // A deployment may name its own lead endpoint (a staging form service, say) for one build.
  if (process.env.LEAD_ENDPOINT !== undefined) data.site.leadEndpoint = process.env.LEAD_ENDPOINT;
  const { routes, navigation } = data;
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
  // The routes under each route, in route-list order, so that a template lists a section's
  // sub-pages by name (routesUnder["/services/social-video"]) instead of filtering the list.
  const routesUnder = Object.fromEntries(
    routes.map((route) => [route.path, routes.filter((other) => other.path.startsWith(`${route.path}/`))]),
  );
  return {
    routes,
    routeByPath,
    files: [...dataFiles(), LAYOUT_FILE],
    layoutSource: fs.readFileSync(path.join(ROOT, LAYOUT_FILE), 'utf8'),
    locals: { ...data, nav, routes: routeByPath, routesUnder, year: new Date().getFullYear() },
  };
}

module.exports = { ROOT, loadSiteData };
