import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndSite } from '../support/browser';

const site = useBrowserAndSite();

/** How the current page's document arrived, and whether it was revealed with a view transition. */
async function arrival(page: Page) {
  // `pagereveal` fires at the new document's first frame, which can come after waitForURL resolves.
  await page.waitForFunction(() => 'revealedWithTransition' in window);
  return page.evaluate(() => {
    // Both fields are newer than TypeScript's DOM types.
    const [navigation] = performance.getEntriesByType('navigation') as (PerformanceEntry & {
      activationStart?: number;
      deliveryType?: string;
    })[];
    return {
      speculated:
        (navigation?.activationStart ?? 0) > 0 || (navigation?.deliveryType ?? '').includes('prefetch'),
      viewTransition: (window as unknown as { revealedWithTransition?: boolean }).revealedWithTransition,
    };
  });
}

/** Records, on every document of the page, whether it was revealed with a view transition. */
async function recordReveals(page: Page) {
  await page.addInitScript(() => {
    addEventListener('pagereveal', (event) => {
      (window as unknown as { revealedWithTransition?: boolean }).revealedWithTransition = Boolean(
        (event as Event & { viewTransition?: unknown }).viewTransition,
      );
    });
  });
}

describe('moving between pages', () => {
  it('at 1280px, a page hovered then clicked comes from the speculation, with a view transition', async () => {
    const page = await site.newPage(1280);
    await recordReveals(page);
    await page.goto(site.url('/'));
    const pricing = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing', exact: true });
    await pricing.hover();
    await page.waitForTimeout(1000); // moderate eagerness starts after 200 ms of hovering
    await pricing.click();
    await page.waitForURL('**/pricing');
    expect(await arrival(page)).toEqual({ speculated: true, viewTransition: true });
    await page.context().close();
  });

  it('at 375px, a page reached with no hover or press was not fetched ahead, and reduced motion means no transition', async () => {
    const page = await site.newPage(375, { reducedMotion: 'reduce' });
    await recordReveals(page);
    await page.goto(site.url('/about-us'));
    await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('a[href="/contact"]')?.click();
    });
    await page.waitForURL('**/contact');
    expect(await arrival(page)).toEqual({ speculated: false, viewTransition: false });
    await page.context().close();
  });
});
