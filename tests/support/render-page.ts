/**
 * A route's page as the build assembles it (the layout, the partials and the data, through the
 * same PostHTML plugin), for unit tests whose fixtures must be the real markup, never a copy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import posthtml from 'posthtml';
import posthtmlSite from '../../scripts/build/posthtml-site/index.cjs';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';

const pages = new Map<string, DocumentFragment>();

/**
 * The built markup of a route, parsed (cached: every test reads the same markup). Parsed as a
 * <template>'s content, so that nothing in it loads or runs.
 */
export function renderedPage(route: string): DocumentFragment {
  let page = pages.get(route);
  if (!page) {
    // With `sync`, process() returns its result rather than the promise its types describe.
    const { html } = posthtml([posthtmlSite()]).process(
      readFileSync(path.resolve('pages', fileOfRoute(route)), 'utf8'),
      {
        sync: true,
      },
    ) as unknown as { html: string };
    const template = document.createElement('template');
    template.innerHTML = html;
    page = template.content;
    pages.set(route, page);
  }
  return page;
}

/** The outer HTML of the elements of a route's page that match `selector`, joined. */
export function markupOf(route: string, selector: string): string {
  return [...renderedPage(route).querySelectorAll(selector)].map((element) => element.outerHTML).join('\n');
}
