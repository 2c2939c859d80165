import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchBlockers } from '../../scripts/build/launch-check.mjs';
import { pageFiles } from '../../scripts/build/route-file.cjs';
import {
  DIST,
  ROOT,
  SITE_ROOT,
  blogPaths,
  buildDay,
  builtDocument,
  documentTitleOf,
  exercised,
  pageFor,
  pages,
  routes,
  sourceFileFor,
  textOf,
} from '../support/site';

const placeholders = routes.filter((route) => route.template === 'placeholder');

describe('the route list', () => {
  it('names each path once (how many routes there are is the specification test’s)', () => {
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });

  it('has a page file for every route, and no page file without a route: the blog’s pages come from its posts', () => {
    const expected = [
      ...routes.map((route) => sourceFileFor(route.path)),
      path.join(SITE_ROOT, 'pages/404.html'),
    ];
    // A post's page and a listing's later page are made by the build, never written into pages/.
    expect(blogPaths.filter((blogPath) => existsSync(sourceFileFor(blogPath)))).toEqual([]);
    expect(
      pageFiles()
        .map((file) => path.join(ROOT, file))
        .sort(),
    ).toEqual(expected.sort());
  });
});

describe('every built page', () => {
  it.each(pages)('$path has its own title, description and exactly one h1', (page) => {
    const document = pageFor(page.path);
    expect(document.title).toBe(documentTitleOf(page));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      page.description,
    );
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.documentElement.lang).toBe('en');
  });

  it('titles and descriptions are unique and not empty across the site', () => {
    const documents = pages.map((page) => pageFor(page.path));
    const titles = documents.map((document) => document.title);
    const descriptions = documents.map((document) =>
      document.querySelector('meta[name="description"]')?.getAttribute('content'),
    );
    expect(titles.every(Boolean) && descriptions.every(Boolean)).toBe(true);
    expect(new Set(titles).size).toBe(pages.length);
    expect(new Set(descriptions).size).toBe(pages.length);
  });

  it.each(placeholders)('$path says it is under construction', (route) => {
    const main = pageFor(route.path).querySelector('main');
    expect(textOf(main?.querySelector('h1'))).toBe(route.title);
    expect(textOf(main)).toMatch(/under construction/i);
    expect(textOf(main)).toMatch(/check back soon/i);
  });

  it('loads the page script as a module only, so no script blocks rendering', () => {
    for (const page of pages) {
      for (const script of pageFor(page.path).querySelectorAll('script[src]')) {
        expect(script.getAttribute('type'), page.path).toBe('module');
      }
    }
  });
});

describe('the launch check (npm run launch-check)', () => {
  // The page each item about a page under construction names first, as of the day the build
  // under test was made (BUILD_DAY).
  const named = launchBlockers(SITE_ROOT, { ...process.env, ...(buildDay && { BUILD_DAY: buildDay }) })
    .filter((blocker) => /under construction/.test(blocker.what))
    .map((blocker) => /(?<![\w.])\/[a-z0-9-]+(?:\/[a-z0-9-]+)*/.exec(blocker.what)?.[0]);

  it('names as under construction only pages the build made under construction', () => {
    expect(named.length, 'the sample pages under construction are listed').toBeGreaterThan(0);
    const built = new Set(placeholders.map((route) => route.path));
    for (const route of named) expect(built, `${route}, listed by the launch check`).toContain(route);
  });

  // A listing of the blog is under construction until it has posts: the build then makes it a
  // listing, and the launch check, reading the same posts, says no more of it.
  it('names no listing of the blog that has posts', () => {
    const listings = exercised(
      routes.filter((route) => route.template === 'listing'),
      'listing with posts',
    );
    for (const listing of listings) expect(named, listing.path).not.toContain(listing.path);
  });
});

describe('the 404 page', () => {
  const document = builtDocument(path.join(DIST, '404.html'));

  it('is titled Page Not Found and says the page could not be found', () => {
    expect(document.title).toMatch(/^Page Not Found/);
    expect(textOf(document.querySelector('h1'))).toBe('Page Not Found');
    expect(textOf(document.querySelector('main'))).toMatch(/could not be found/);
  });

  it('has a Go back home link to /', () => {
    const home = [...document.querySelectorAll('main a')].find((a) => textOf(a) === 'Go back home');
    expect(home?.getAttribute('href')).toBe('/');
  });
});
