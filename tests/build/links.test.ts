import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks, invalidUrls } from '../support/page-checks';
import { startNpmServer, type RunningServer } from '../support/server';
import {
  DIST,
  allBuiltFiles,
  builtDocument,
  builtFilesToVisit,
  pages,
  pathsToVisit,
  routes,
} from '../support/site';

describe('URLs in the markup', () => {
  it('every href, src and action on every page is a valid URL', () => {
    expect(invalidUrls(builtFilesToVisit(), DIST)).toEqual([]);
  });
});

describe('links', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNpmServer('serve');
  });
  afterAll(() => server.stop());

  it('every internal link, asset and #fragment on every page resolves', async () => {
    const visited = pathsToVisit(pages.map((page) => page.path));
    const { broken, resolved } = await brokenLinks(server.url, [...visited]);
    expect(broken).toEqual([]);
    // Each distinct address is checked once: at least every page visited and its assets.
    expect(resolved).toBeGreaterThan(visited.length);
  }, 120_000);

  // A link to any other spelling of a page (/about-us/, /about-us.html) is a redirect on every host.
  it('links every page by its one URL, the one in routes.json (or, for a post, its slug)', () => {
    const paths = new Set(pages.map((page) => page.path));
    const offending = allBuiltFiles().flatMap((file) =>
      [...builtDocument(file).querySelectorAll('a[href^="/"]')]
        .map((link) => link.getAttribute('href')!.split(/[?#]/)[0]!)
        .filter((pathname) => pathname && !paths.has(pathname) && !/\.[a-z0-9]+$/.test(pathname))
        .map((pathname) => `${path.relative(DIST, file)}: ${pathname}`),
    );
    expect(offending).toEqual([]);
  });

  // linkinator cannot start from a page answered with 404, so the 404 page's links are read
  // from its file: each names a route, a built file, or an element of the page.
  it('every internal link and asset on the 404 page resolves', () => {
    const document = builtDocument(path.join(DIST, '404.html'));
    const paths = new Set(routes.map((route) => route.path));
    const targets = [...document.querySelectorAll('[href], [src]')]
      .map((element) => element.getAttribute('href') ?? element.getAttribute('src')!)
      .filter((target) => target.startsWith('/') || target.startsWith('#'));
    expect(targets.length).toBeGreaterThan(routes.length / 2);
    const broken = targets.filter((target) => {
      const [pathname, fragment] = target.split('#');
      if (pathname) return !paths.has(pathname) && !existsSync(path.join(DIST, pathname));
      return !document.getElementById(fragment!);
    });
    expect(broken).toEqual([]);
  });
});
