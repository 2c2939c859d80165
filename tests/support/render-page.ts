/**
 * A page as the build assembles it (the layout, the partials and the data, through the same
 * PostHTML plugin Parcel runs), for tests whose fixtures must be the real markup, never a copy,
 * and for tests that make a maintainer's edit on a copy of the site (tree-copy.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import posthtml from 'posthtml';
import { ROOT } from '../../scripts/build/repo-root.cjs';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';

type PageModule = typeof import('../../scripts/build/posthtml-site/index.cjs');
const require = createRequire(import.meta.url);
const BUILD_CODE = path.join(ROOT, 'scripts/build') + path.sep;
const pluginsOfSites = new Map<string, PageModule>();

/**
 * The page plugin that builds `root`: the project's, or for a site root inside the project (a copy
 * of its pages/ and partials/, SITE_ROOT) the project's loaded once more with SITE_ROOT naming it,
 * since the build's modules read it as they load. The process's other users keep their instances.
 */
function pluginOf(root: string): PageModule {
  const index = path.join(BUILD_CODE, 'posthtml-site/index.cjs');
  if (root === ROOT) return require(index) as PageModule;
  if (path.relative(ROOT, root).startsWith('..'))
    throw new Error(
      `${root} is outside the project: render a copy of the site (copyOfSite()), not of the tree.`,
    );
  let plugin = pluginsOfSites.get(root);
  if (plugin) return plugin;
  const ours = (id: string) => id.startsWith(BUILD_CODE);
  const loaded = Object.entries(require.cache).filter(([id]) => ours(id));
  for (const [id] of loaded) Reflect.deleteProperty(require.cache, id);
  const siteRoot = process.env.SITE_ROOT;
  process.env.SITE_ROOT = path.relative(ROOT, root);
  try {
    plugin = require(index) as PageModule;
  } finally {
    if (siteRoot === undefined) delete process.env.SITE_ROOT;
    else process.env.SITE_ROOT = siteRoot;
    for (const id of Object.keys(require.cache).filter(ours)) Reflect.deleteProperty(require.cache, id);
    for (const [id, module] of loaded) require.cache[id] = module;
  }
  pluginsOfSites.set(root, plugin);
  return plugin;
}

/**
 * A page file (from `root`) rendered through the page plugin that builds `root` (pluginOf), which
 * reads that root's partials and data. Throws the plugin's error for a maintainer's mistake.
 */
export function renderPageFile(pageFile: string, root: string = ROOT): string {
  const site = pluginOf(root);
  // As the page transformer gives it: with its file named from the project's root, which is its route.
  const named = path.relative(ROOT, path.join(root, pageFile)).split(path.sep).join('/');
  const source = site.withPageFile(readFileSync(path.join(root, pageFile), 'utf8'), named);
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
function renderedPage(route: string): DocumentFragment {
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
