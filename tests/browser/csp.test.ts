import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { MAIN_NAV, byRole, closePage, islandState, textOf, useBrowserAndSite } from '../support/browser';
import { field } from '../support/contact-form';
import { watch } from '../support/page-problems';
import { actions, pages } from '../support/site';

const site = useBrowserAndSite();

describe('Content-Security-Policy in Chromium (npm start)', () => {
  it('every page loads with no CSP violation and no console error', async () => {
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
        load: async (page, url) => {
          await page.goto(url);
          await page.waitForNetworkIdle({ idleTime: 100 });
        },
      },
    );
    expect(found).toEqual([]);
  }, 120_000);

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
