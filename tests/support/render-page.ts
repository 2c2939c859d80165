/**
 * A page as the build assembles it (the layout, the partials and the data, through the same
 * PostHTML plugin Parcel runs), for tests whose fixtures must be the real markup, never a copy,
 * and for tests that make a maintainer's edit on a copy of the tree (tree-copy.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import posthtml from 'posthtml';
import { ROOT } from '../../scripts/build/repo-root.cjs';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';

/**
 * A page file (from the tree's root) rendered through the page plugin of the tree at `root`: the
 * project's own, or a copy's, which then reads the copy's partials and data. Throws the plugin's
 * error for a maintainer's mistake.
 */
export function renderPageFile(pageFile: string, root: string = ROOT): string {
  const site = createRequire(path.join(root, 'package.json'))(
    path.join(root, 'scripts/build/posthtml-site/index.cjs'),
  ) as typeof import('../../scripts/build/posthtml-site/index.cjs');
  // As the page transformer gives it: with its file named, which is its route.
  const source = site.withPageFile(readFileSync(path.join(root, pageFile), 'utf8'), pageFile);
  // With `sync`, process() returns its result rather than the promise its types describe.
  const { html } = posthtml([site()]).process(source, {
    sync: true,
  }) as unknown as { html: string };
  return html;
}

const pages = new Map<string, DocumentFragment>();

/**
 * The built markup of a route, parsed (cached: every test reads the same markup). Parsed as a
 * <template>'s content, so that nothing in it loads or runs.
 */
export function renderedPage(route: string): DocumentFragment {
  let page = pages.get(route);
  if (!page) {
    const template = document.createElement('template');
    template.innerHTML = renderPageFile(path.join('pages', fileOfRoute(route)));
    page = template.content;
    pages.set(route, page);
  }
  return page;
}

/** The outer HTML of the elements of a route's page that match `selector`, joined. */
export function markupOf(route: string, selector: string): string {
  return [...renderedPage(route).querySelectorAll(selector)].map((element) => element.outerHTML).join('\n');
}
