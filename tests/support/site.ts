/**
 * The site's data and built pages, as the build-output and browser tests see them: whatever the
 * site holds (posts or none, photos or none, six members or seven). These tests run on the shipped
 * site and on the grown one (grown-tree.mjs, a site root of its own: SITE_ROOT); what must hold for
 * any content is asserted over what is there, and `exercised` makes sure the grown site gives each
 * such check something to check. A file of the site is named from its root ("pages/_data/site.json")
 * and read from SITE_ROOT; the code, partials and styles are the repository's (ROOT).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { parse, serialize } from 'parse5';
import { builtDay } from '../../scripts/build/site-time.cjs';
import { loadSiteData, type BlogPost } from '../../scripts/build/posthtml-site/site-data.cjs';
import { DIST, PAGES_DIR, ROOT, SITE_ROOT } from '../../scripts/build/repo-root.cjs';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';
import { postHtml } from '../../scripts/build/posts/read-posts.cjs';
import { readData } from './specification';

export interface Route {
  path: string;
  label: string;
  title: string;
  description: string;
  /** A route of the blog (/blog, a category) with published posts is a listing, whatever routes.json says. */
  template: 'content' | 'placeholder' | 'listing';
}

/**
 * Set when the checks run in the grown tree (tests/support/grown-tree.mjs): each check of what
 * holds for any content must then find something to check.
 */
export const GROWN_TREE = process.env.GROWN_TREE === '1';

/**
 * What a check of "any content" checks, passed through: in the grown tree, an empty list fails,
 * since the grown tree exists to give every such check something to check; in the shipped tree,
 * it may be empty (no post yet).
 */
export function exercised<T>(items: readonly T[], what: string): readonly T[] {
  if (GROWN_TREE && items.length === 0)
    throw new Error(
      `The grown tree has no ${what}, so this check checked nothing: tests/fixtures/grown/ or tests/support/grown-tree.mjs must make one.`,
    );
  return items;
}

/** The day the build under test published up to (its record), or today's when none is recorded. */
export const buildDay: string | undefined = builtDay(SITE_ROOT);
const { blog, actions } = loadSiteData(buildDay ? { day: buildDay } : {});
/**
 * The blog, and where the calls to action lead (site.json `liveActions`: the specification's
 * placeholders, or the real thing).
 */
export { blog, actions };
/** Whether the blog's listing at a path has published posts, and so is not under construction. */
const listsPosts = (routePath: string) => (blog.pages[routePath]?.posts.length ?? 0) > 0;

/**
 * Every route of pages/_data/routes.json, as the build shows it: /blog and a category are the
 * specification's under-construction pages until they have posts, then listings.
 */
export const routes: Route[] = readData<Route[]>('routes').map((route) =>
  listsPosts(route.path) ? { ...route, template: 'listing' } : route,
);
/** The pages the blog adds to the routes (none before the first post): each post, each listing's later pages. */
export const blogPaths: string[] = [
  ...blog.order.map((slug) => blog.posts[slug]!.path),
  ...Object.values(blog.pages)
    .filter((listed) => listed.number > 1)
    .map((listed) => listed.path),
];
/** site.json, with the optional settings it leaves out while they are empty (the schema's defaults). */
export const site = readData<
  typeof import('../../pages/_data/site.json') & { leadEndpoint?: string; bookingUrl?: string }
>('site');

/** A page the build makes, whatever made it: a route, a post, a listing's later page. */
export interface SitePage {
  path: string;
  /** Its heading's and title's text, and its description. */
  title: string;
  description: string;
  /** The last label of its breadcrumbs. */
  label: string;
  kind: 'content' | 'placeholder' | 'listing' | 'post';
  /** A post's data, on a post's page. */
  post?: BlogPost;
}

/** Every page the build makes: each route as it is built, then each post and each listing's later pages. */
export const pages: SitePage[] = [
  ...routes.map((route) => {
    const listed = blog.pages[route.path];
    return route.template === 'listing' && listed
      ? { ...route, title: listed.title, description: listed.description, kind: 'listing' as const }
      : { ...route, kind: route.template };
  }),
  ...blog.order.map((slug) => {
    const post = blog.posts[slug]!;
    return {
      path: post.path,
      title: post.title,
      description: post.description,
      label: post.title,
      kind: 'post' as const,
      post,
    };
  }),
  ...Object.values(blog.pages)
    .filter((listed) => listed.number > 1)
    .map((listed) => ({
      path: listed.path,
      title: listed.title,
      description: listed.description,
      label: listed.label,
      kind: 'listing' as const,
    })),
];

/** A post's text as its page shows it, as HTML; on any other page, nothing. */
export const postTextOf = (page: SitePage) => (page.post ? postHtml(page.post) : '');

/**
 * The paths of `paths` that a check of every page visits. On the shipped site, all of them. On the
 * grown site, those whose `<main>` the shipped build (ROOT/dist) does not hold byte for byte (the
 * posts, the listings, the photos, the data the fixture changes), and one of each kind among the
 * rest: those differ from the shipped pages only in the header and footer that the grown settings
 * change, which that one shows, and the shipped site's run checks their content. Without a
 * shipped build, every path.
 */
export function pathsToVisit(paths: readonly string[]): readonly string[] {
  if (!GROWN_TREE) return paths;
  // Each check of every page asks for the same list: both builds' pages are read once.
  const key = paths.join('\n');
  if (!visitedByList.has(key)) visitedByList.set(key, differingOrOnePerKind(paths));
  return visitedByList.get(key)!;
}
const visitedByList = new Map<string, readonly string[]>();

function differingOrOnePerKind(paths: readonly string[]): readonly string[] {
  const mainOf = (dist: string, routePath: string) => {
    const file = path.join(dist, fileOfRoute(routePath));
    return existsSync(file) ? /<main[\s\S]*<\/main>/.exec(readFileSync(file, 'utf8'))?.[0] : undefined;
  };
  const kinds = new Set<string>();
  return paths.filter((routePath) => {
    const shipped = mainOf(path.join(ROOT, 'dist'), routePath);
    if (shipped === undefined || shipped !== mainOf(DIST, routePath)) return true;
    const kind = pages.find((page) => page.path === routePath)?.kind ?? routePath;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
}

/** A page's <title>: its title and the agency's name, or the title alone when that is longer than 60 characters. */
export const documentTitleOf = (page: SitePage) =>
  `${page.title} | ${site.name}`.length <= 60 ? `${page.title} | ${site.name}` : page.title;
export { DIST, PAGES_DIR, ROOT, SITE_ROOT };

/**
 * Where a tree's npm scripts run: a tree of its own (the project, a copy of it) runs its own; a
 * site root inside the project (a fixture, the grown site, a copy of the site's pages/) runs the
 * project's, with SITE_ROOT naming it.
 */
export function runIn(root: string): { cwd: string; env: NodeJS.ProcessEnv } {
  const ownTree = existsSync(path.join(root, 'package.json'));
  return { cwd: ownTree ? root : ROOT, env: { ...process.env, SITE_ROOT: ownTree ? '' : root } };
}

/** The built file that serves a route. */
export function builtFileFor(routePath: string): string {
  return path.join(DIST, fileOfRoute(routePath));
}

/** The source file of a route under pages/. */
export function sourceFileFor(routePath: string): string {
  return path.join(SITE_ROOT, 'pages', fileOfRoute(routePath));
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

/** A `srcset` as [url, width] pairs. */
export const srcsetCandidates = (srcset: string | null) =>
  (srcset ?? '').split(',').map((candidate) => {
    const [url = '', width = ''] = candidate.trim().split(/\s+/);
    return [url, Number(width.replace(/w$/, ''))] as const;
  });

/** The bytes of every variant a picture's `<source>` offers, as built in `dist`. */
export const offeredBytes = (source: Element, dist = DIST) =>
  srcsetCandidates(source.getAttribute('srcset')).reduce(
    (sum, [url]) => sum + readFileSync(path.join(dist, url)).length,
    0,
  );

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

/** Every built page: every route, post and listing page, plus the 404 page. */
export function allBuiltFiles(): string[] {
  return [...pages.map((page) => builtFileFor(page.path)), path.join(DIST, '404.html')];
}

/** The built files that a check of every page reads (pathsToVisit), and the 404 page. */
export function builtFilesToVisit(): string[] {
  return [...pathsToVisit(pages.map((page) => page.path)).map(builtFileFor), path.join(DIST, '404.html')];
}

/** Visible text with whitespace collapsed, as a reader sees it. */
export function textOf(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * What a call to action does, as a test reads it: a link somewhere, or the specification's
 * placeholder (a button that shows the toast). `expectedAction(actions.getStarted)` is what it
 * must do with the site's settings.
 */
export function actionOf(element: Element | null | undefined): string {
  if (!element) return 'missing';
  if (element.matches('a[href]')) return `a link to ${element.getAttribute('href')}`;
  if (element.matches('button[type="button"][data-toast]')) return 'the placeholder toast';
  return `neither a link nor the placeholder toast: ${element.outerHTML.slice(0, 80)}`;
}
export const expectedAction = (href: string) => (href ? `a link to ${href}` : 'the placeholder toast');
