/** The site's data and built pages, as the build-output and browser tests see them. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { parse, serialize } from 'parse5';
import routesJson from '../../pages/_data/routes.json' with { type: 'json' };
import siteJson from '../../pages/_data/site.json' with { type: 'json' };
import { loadSiteData } from '../../scripts/build/posthtml-site/site-data.cjs';
import { ROOT } from '../../scripts/build/repo-root.cjs';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';

export interface Route {
  path: string;
  label: string;
  title: string;
  description: string;
  /** A route of the blog (/blog, a category) with published posts is a listing, whatever routes.json says. */
  template: 'content' | 'placeholder' | 'listing';
}

const { blog } = loadSiteData();
/** Whether the blog's listing at a path has published posts, and so is not under construction. */
const listsPosts = (routePath: string) => (blog.pages[routePath]?.posts.length ?? 0) > 0;

/**
 * Every route of pages/_data/routes.json, as the build shows it: /blog and a category are the
 * specification's under-construction pages until they have posts, then listings.
 */
export const routes: Route[] = (routesJson as Route[]).map((route) =>
  listsPosts(route.path) ? { ...route, template: 'listing' } : route,
);
/** The pages the blog adds to the routes (none before the first post): each post, each listing's later pages. */
export const blogPaths: string[] = [
  ...blog.order.map((slug) => blog.posts[slug]!.path),
  ...Object.values(blog.pages)
    .filter((listed) => listed.number > 1)
    .map((listed) => listed.path),
];
export const site = siteJson;
export { ROOT };
export const DIST = path.join(ROOT, 'dist');

/** The built file that serves a route. */
export function builtFileFor(routePath: string): string {
  return path.join(DIST, fileOfRoute(routePath));
}

/** The source file of a route under pages/. */
export function sourceFileFor(routePath: string): string {
  return path.join(ROOT, 'pages', fileOfRoute(routePath));
}

/**
 * Parses HTML into a DOM document (happy-dom's) as the HTML standard reads it. happy-dom's own
 * parser (21.0.4, the newest) reads the minifier's unquoted `href=/>` as an empty href, where the
 * standard reads "/"; so parse5, the standard's parser, reads the HTML first, and happy-dom reads
 * parse5's serialisation, every attribute quoted (docs/dependencies.md).
 */
export function parseHtml(html: string): Document {
  // A URL of the site's own, as the page has when served.
  const { DOMParser } = new Window({ url: site.url });
  return new DOMParser().parseFromString(serialize(parse(html)), 'text/html') as unknown as Document;
}

const parsed = new Map<string, Document>();

/** Parses a built HTML file (once) into a DOM document. */
export function builtDocument(file: string): Document {
  let document = parsed.get(file);
  if (!document) {
    if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} was not built; run npm run build`);
    document = parseHtml(readFileSync(file, 'utf8'));
    parsed.set(file, document);
  }
  return document;
}

/** The built document of a route. */
export function pageFor(routePath: string): Document {
  return builtDocument(builtFileFor(routePath));
}

/** Every built page: the routes plus the 404 page. */
export function allBuiltFiles(): string[] {
  return [...routes.map((route) => builtFileFor(route.path)), path.join(DIST, '404.html')];
}

/** Visible text with whitespace collapsed, as a reader sees it. */
export function textOf(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
