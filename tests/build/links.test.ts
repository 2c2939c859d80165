import { existsSync } from 'node:fs';
import path from 'node:path';
import { LinkChecker, LinkState } from 'linkinator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmServer, type RunningServer } from '../support/server';
import { DIST, allBuiltFiles, builtDocument, routes } from '../support/site';

/**
 * linkinator over the production server: every page is an entry (not only what a crawl from /
 * reaches), every internal link, image, script and stylesheet must answer, and every #fragment
 * must name an element.
 */
/**
 * A URL as RFC 3986 writes it: only its unreserved and reserved characters, and a % only before two
 * hex digits. Browsers forgive more (a "{" in a mailto: link), the Nu HTML Checker does not, and
 * neither does every mail client.
 */
const VALID_URL = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

describe('URLs in the markup', () => {
  it('every href, src and action on every page is a valid URL', () => {
    const invalid = allBuiltFiles().flatMap((file) =>
      [...builtDocument(file).querySelectorAll('[href], [src], [action]')].flatMap((element) =>
        ['href', 'src', 'action']
          .map((name) => element.getAttribute(name))
          .filter((url): url is string => url !== null && !VALID_URL.test(url))
          .map((url) => `${path.relative(DIST, file)}: <${element.tagName.toLowerCase()}> "${url}"`),
      ),
    );
    expect(invalid).toEqual([]);
  });
});

describe('links', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNpmServer('serve');
  });
  afterAll(() => server.stop());

  it('every internal link, asset and #fragment on every page resolves', async () => {
    const pages = routes.map((route) => server.url + route.path);
    const result = await new LinkChecker().check({
      path: pages,
      recurse: false,
      checkFragments: true,
      concurrency: 20,
      // Only this site: external addresses are not fetched here (and mailto: is not a page).
      linksToSkip: (link) => Promise.resolve(!link.startsWith(server.url)),
    });
    const broken = result.links
      .filter((link) => link.state === LinkState.BROKEN)
      .map((link) => `${link.parent ?? ''} → ${link.url} (${link.status ?? 'no status'})`);
    expect(broken).toEqual([]);
    // Each distinct address is checked once: at least every page and its assets.
    expect(result.links.filter((link) => link.state === LinkState.OK).length).toBeGreaterThan(routes.length);
  }, 120_000);

  // A link to any other spelling of a page (/about-us/, /about-us.html) is a redirect on every host.
  it('links every page by its one URL, the one in routes.json', () => {
    const paths = new Set(routes.map((route) => route.path));
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
