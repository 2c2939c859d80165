import { LinkChecker, LinkState } from 'linkinator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmServer, type RunningServer } from '../support/server';
import { routes } from '../support/site';

/**
 * linkinator over the production server: every page is an entry (not only what a crawl from /
 * reaches), every internal link, image, script and stylesheet must answer, and every #fragment
 * must name an element.
 */
describe('links', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNpmServer('serve');
  });
  afterAll(() => server.stop());

  it('every internal link, asset and #fragment on every page resolves', async () => {
    const pages = [...routes.map((route) => route.path), '/404.html'].map((path) => server.url + path);
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
});
