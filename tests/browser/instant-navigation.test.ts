import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  MAIN_NAV,
  byRole,
  closePage,
  inCurrentDocument,
  pathOf,
  useBrowserAndSite,
} from '../support/browser';

const site = useBrowserAndSite();

/**
 * Records how the page's document is left: whether the browser hands it over to the next one with
 * a view transition (`pageswap`), in the tab's sessionStorage, which the next document shares.
 * Recorded by the page being left, since a prerendered page is loaded before a test could prepare it.
 */
const recordSwap = (page: Page) =>
  page.evaluate(() => {
    addEventListener('pageswap', (event) => {
      const { viewTransition } = event as Event & { viewTransition?: unknown };
      sessionStorage.setItem('swapped-with-transition', String(Boolean(viewTransition)));
    });
  });
/** What recordSwap recorded, read by the document that came next. */
const swappedWithTransition = (page: Page) =>
  inCurrentDocument(page, () => sessionStorage.getItem('swapped-with-transition'));

/** Whether the page's current document was prerendered or prefetched before the visitor asked for it. */
const speculated = (page: Page) =>
  inCurrentDocument(page, () => {
    // Both fields are newer than TypeScript's DOM types.
    const [navigation] = performance.getEntriesByType('navigation') as (PerformanceEntry & {
      activationStart?: number;
      deliveryType?: string;
    })[];
    return (navigation?.activationStart ?? 0) > 0 || (navigation?.deliveryType ?? '').includes('prefetch');
  });

describe('moving between pages', () => {
  it('at 1280px, a page hovered then clicked comes from the speculation, with a view transition', async () => {
    const page = await site.newPage(1280);
    await page.goto(site.url('/'));
    await recordSwap(page);
    const pricing = page.locator(byRole('link', 'Pricing', MAIN_NAV));
    await pricing.hover();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // moderate eagerness starts after 200 ms of hovering
    // One press and release where the link is, not a locator's click: the locator checks the link
    // again after its click, by which time Chromium may have swapped the prerendered page in, and
    // the check then failed on the frame it replaced ("Attempted to use detached Frame").
    const box = await (await pricing.waitHandle()).boundingBox();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    // Polled, for up to 10 s: a busy machine may take seconds to swap the prerendered page in.
    const settled = { timeout: 10_000 };
    await expect.poll(() => pathOf(page), settled).toBe('/pricing');
    await expect.poll(() => speculated(page), settled).toBe(true);
    await expect.poll(() => swappedWithTransition(page), settled).toBe('true');
    await closePage(page);
  });

  it('at 375px, a page reached with no hover or press was not fetched ahead, and reduced motion means no transition', async () => {
    const page = await site.newPage(375, { reducedMotion: 'reduce' });
    await page.goto(site.url('/about-us'));
    await recordSwap(page);
    await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('a[href="/contact"]')?.click();
    });
    await expect.poll(() => pathOf(page)).toBe('/contact');
    expect(await speculated(page)).toBe(false);
    expect(await swappedWithTransition(page)).toBe('false');
    await closePage(page);
  });
});
