/**
 * The under-construction pages (template "placeholder" in pages/_data/routes.json) share one
 * template and differ only in their title, their breadcrumbs and the header's current section.
 * The checks that look at every page at several widths (the visual suite, axe, sideways
 * scrolling) look at each of them at their first width, the phone's, where a title wraps first,
 * and at their other widths at a sample: one per section (the first segment of the path, which
 * sets the header's current item), the one with the longest title. All 40 at every width repeated
 * what the sample shows (docs/testing.md, "How the checks work").
 */
const routes = require('../../pages/_data/routes.json');

const section = (route) => route.path.split('/')[1];
/** The route with the longest title, or undefined for none. */
/** @type {(group: import('./site').Route[]) => import('./site').Route | undefined} */
const longestTitle = (group) =>
  group.reduce(
    (longest, route) => (longest && longest.title.length >= route.title.length ? longest : route),
    undefined,
  );

/**
 * The sample drawn from a route list. Once no page is under construction (the site's launch),
 * every page is checked at every width and there is no longest placeholder.
 * @param {readonly import('./site').Route[]} list
 */
function placeholderSample(list) {
  const placeholders = list.filter((route) => route.template === 'placeholder');
  const placeholderPaths = new Set(placeholders.map((route) => route.path));
  const sample = new Set(
    [...new Set(placeholders.map(section))].map(
      (name) => longestTitle(placeholders.filter((route) => section(route) === name)).path,
    ),
  );
  return {
    /** The under-construction page with the longest title of all, if any. */
    longestPlaceholder: longestTitle(placeholders),
    /** Whether a page is under construction. */
    isPlaceholder: (path) => placeholderPaths.has(path),
    /** Whether a check looks at a page at each of its widths, or at its first only. */
    atEveryWidth: (path) => !placeholderPaths.has(path) || sample.has(path),
  };
}

module.exports = { placeholderSample, ...placeholderSample(routes) };
