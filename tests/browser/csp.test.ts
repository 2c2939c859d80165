import type { Frame, HTTPRequest, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { MAIN_NAV, byRole, closePage, islandState, textOf, useBrowserAndSite } from '../support/browser';
import { field } from '../support/contact-form';
import { watch } from '../support/page-problems';
import { actions, pages } from '../support/site';

const site = useBrowserAndSite();

/**
 * Loads `url` and waits until the requests of its document have all been done for 100 ms; a wait
 * that times out after 30 s names the page and the requests still open. Not
 * page.waitForNetworkIdle(): a request the tab's previous page still had open as it left (a lazy
 * photo asked for late on a busy machine) is cancelled without an event, and Puppeteer counts it
 * as open for good. A request counts from the moment the new
 * document is committed: the one before can start none after that.
 */
async function loadQuietly(page: Page, url: string) {
  const open = new Set<HTTPRequest>();
  let committed = false;
  let changed = Date.now();
  const navigated = (frame: Frame) => {
    if (frame === page.mainFrame()) committed = true;
  };
  const opened = (request: HTTPRequest) => {
    if (!committed) return;
    open.add(request);
    changed = Date.now();
  };
  const closed = (request: HTTPRequest) => {
    if (open.delete(request)) changed = Date.now();
  };
  page
    .on('framenavigated', navigated)
    .on('request', opened)
    .on('requestfinished', closed)
    .on('requestfailed', closed);
  try {
    await page.goto(url);
    const deadline = Date.now() + 30_000;
    while (open.size > 0 || Date.now() - changed < 100) {
      if (Date.now() > deadline) throw new Error('Timed out after waiting 30000ms');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } catch (error) {
    const still = [...open].map((request) => request.url());
    throw new Error(
      `${url}: ${(error as Error).message}; requests still open: ${still.join(', ') || 'none'}`,
    );
  } finally {
    page
      .off('framenavigated', navigated)
      .off('request', opened)
      .off('requestfinished', closed)
      .off('requestfailed', closed);
  }
}

describe('Content-Security-Policy in Chromium (npm start)', () => {
  it('every page loads with no CSP violation and no console error', { timeout: 120_000 }, async () => {
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
  });

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
