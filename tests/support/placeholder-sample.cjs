/**
 * The under-construction pages (template "placeholder" in pages/_data/routes.json) share one
 * template and differ only in their title, their breadcrumbs and the header's current section.
 * The checks that look at every page at several widths (the visual suite, axe, sideways
 * scrolling) look at each of them at their first width, the phone's, where a title wraps first,
 * and at their other widths at a sample: one per section (the first segment of the path, which
 * sets the header's current item), the one with the longest title. All 40 at every width repeated
 * what the sample shows, for about 40 s a run (docs/testing.md).
 */
const routes = require('../../pages/_data/routes.json');

const placeholders = routes.filter((route) => route.template === 'placeholder');
const section = (route) => route.path.split('/')[1];
const longestTitle = (group) =>
  group.reduce((longest, route) => (route.title.length > longest.title.length ? route : longest));

/** The under-construction page with the longest title of all. */
const longestPlaceholder = longestTitle(placeholders);

const sample = new Set(
  [...new Set(placeholders.map(section))].map(
    (name) => longestTitle(placeholders.filter((route) => section(route) === name)).path,
  ),
);
const placeholderPaths = new Set(placeholders.map((route) => route.path));

/** Whether a page is under construction. */
const isPlaceholder = (path) => placeholderPaths.has(path);

/** Whether a check looks at a page at each of its widths, or at its first only. */
const atEveryWidth = (path) => !isPlaceholder(path) || sample.has(path);

module.exports = { longestPlaceholder, isPlaceholder, atEveryWidth };
