/** What every kind of page does in a real browser: its entrance, and a footer year that is current. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndSite } from '../support/browser';
import { routes } from '../support/site';

const site = useBrowserAndSite();

/** One page of each kind: a content page, an under-construction page, the 404 page. */
const KINDS = [
  ['a content page', routes.find((route) => route.template === 'content')?.path ?? '/'],
  ['an under-construction page', routes.find((route) => route.template !== 'content')?.path ?? '/'],
  ['the 404 page', '/no-such-page'],
] as const;

/** The names of the animations running on the page's h1 and the blocks around it, and the h1's opacity. */
const entrance = (page: Page) =>
  page.evaluate(() => {
    const heading = document.querySelector('h1');
    const names = (heading ? [heading, ...document.querySelectorAll('main h1 ~ *')] : []).flatMap((element) =>
      element.getAnimations().map((animation) => (animation as CSSAnimation).animationName),
    );
    return { names: [...new Set(names)], opacity: heading ? getComputedStyle(heading).opacity : null };
  });

describe('every page in Chromium', () => {
  for (const [kind, path] of KINDS) {
    it(`${kind} (${path}) enters with the same motion, visible from the first frame`, async () => {
      const page = await site.open(path, 1280);
      expect(await entrance(page)).toEqual({ names: ['ds-rise'], opacity: '1' });
      await page.context().close();
    });

    it(`${kind} does not move for a visitor who asks for reduced motion`, async () => {
      const page = await site.open(path, 375, { reducedMotion: 'reduce' });
      expect(await entrance(page)).toEqual({ names: [], opacity: '1' });
      await page.context().close();
    });
  }

  it('the footer shows the visitor’s year when it is later than the build’s, without a layout shift', async () => {
    const page = await site.newPage(1280);
    const nextYear = new Date().getFullYear() + 1;
    await page.clock.setFixedTime(new Date(`${nextYear}-01-01T00:00:05`));
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shift: number }).shift += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(site.url('/no-such-page')); // a short page: the footer is in view
    expect(await page.locator('.ds-footer__year').textContent()).toBe(String(nextYear));
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    await page.context().close();
  });

  it('without JavaScript, the footer keeps the build’s year', async () => {
    const page = await site.open('/', 1280, { javaScriptEnabled: false });
    expect(Number(await page.locator('.ds-footer__year').textContent())).toBe(new Date().getFullYear());
    await page.context().close();
  });
});
