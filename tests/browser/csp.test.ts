import type { HTTPRequest, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { MAIN_NAV, byRole, closePage, islandState, textOf, useBrowserAndSite } from '../support/browser';
import { field } from '../support/contact-form';
import { watch } from '../support/page-problems';
import { actions, pages } from '../support/site';

const site = useBrowserAndSite();

/**
 * Loads `url` and waits until its network has been quiet for 100 ms; a wait that times out names
 * the page and the requests still open, on stderr too, where a retried failure leaves it.
 */
async function loadQuietly(page: Page, url: string) {
  const open = new Set<string>();
  const opened = (request: HTTPRequest) => open.add(request.url());
  const closed = (request: HTTPRequest) => open.delete(request.url());
  page.on('request', opened).on('requestfinished', closed).on('requestfailed', closed);
  try {
    await page.goto(url);
    await page.waitForNetworkIdle({ idleTime: 100 });
  } catch (error) {
    const said = `${url}: ${(error as Error).message}; requests still open: ${[...open].join(', ') || 'none'}`;
    console.error(said);
    throw new Error(said);
  } finally {
    page.off('request', opened).off('requestfinished', closed).off('requestfailed', closed);
  }
}

describe('Content-Security-Policy in Chromium (npm start)', () => {
  // Once more when it fails: one fresh-clone run's wait for a quiet network timed out on the grown
  // site, where every other run's took seconds. A violation or an error fails both tries.
  it(
    'every page loads with no CSP violation and no console error',
    { retry: 1, timeout: 120_000 },
    async () => {
      const problemsOf = new Map<Page, string[]>();
      const found = await site.checkEveryPath(
        pages.map((page) => page.path),
        [1280],
        // What this path's load recorded, taken out so that the tab's next path starts empty.
        (page) => Promise.resolve(problemsOf.get(page)!.splice(0)),
        {
          prepare: async (page) => void problemsOf.set(page, await watch(page)),
          // Errors after the load event count too: a page is read once its network has been quiet
          // for 100 ms (not networkidle0's 500 ms: these pages start nothing late; an island's code
          // loads on a visitor's first touch, and a lazy photo's request is network activity).
          load: loadQuietly,
        },
      );
      expect(found).toEqual([]);
    },
  );

  it('the islands (with their import map) run under the CSP', async () => {
    const page = await site.newPage(1280);
    const problems = await watch(page);
    await page.goto(site.url('/contact'));
    await page.locator(byRole('link', 'Services', MAIN_NAV)).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    // The toast island, while Get Started is the placeholder (site.json liveActions false).
    if (!actions.live) {
      await page.locator(byRole('button', 'Get Started', MAIN_NAV)).click();
      await expect.poll(() => textOf(page, byRole('status'))).toContain('implemented');
    }
    await page.focus(field('First name'));
    await expect.poll(() => islandState(page, 'contact-form')).toBe('mounted');
    expect(problems).toEqual([]);
    await closePage(page);
  });
});
