/** What every kind of page does in a real browser: its entrance, and a footer year that is current. */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  closePage,
  delayed,
  interceptRequests,
  layoutShift,
  recordLayoutShifts,
  textOf,
  useBrowserAndSite,
} from '../support/browser';
import { startSplittingProxy } from '../support/server';
import { pages } from '../support/site';

const site = useBrowserAndSite();

/** One page of each kind the tree has: a content page, an under-construction page, a listing and a post once there are posts, the 404 page. */
const KINDS = [
  ...(
    [
      ['a content page', 'content'],
      ['an under-construction page', 'placeholder'],
      ['a listing of posts', 'listing'],
      ['a post', 'post'],
    ] as const
  ).flatMap(([kind, name]) => {
    const page = pages.find((candidate) => candidate.kind === name);
    return page ? [[kind, page.path] as const] : [];
  }),
  ['the 404 page', '/no-such-page'] as const,
];

/** The names of the animations running on the page's h1 and the blocks around it, and the h1's opacity. */
const entrance = (page: Page) =>
  page.evaluate(() => {
    const heading = document.querySelector('h1');
    const names = (heading ? [heading, ...document.querySelectorAll('main h1 ~ *')] : []).flatMap((element) =>
      // Keyframe animations only: a colour transition that a hover or the fonts' arrival starts
      // at load is no entrance (a run saw one on the 404 page).
      element
        .getAnimations()
        .filter((animation) => animation instanceof CSSAnimation)
        .map((animation) => animation.animationName),
    );
    return { names: [...new Set(names)], opacity: heading ? getComputedStyle(heading).opacity : null };
  });

describe('every page in Chromium', () => {
  for (const [kind, path] of KINDS) {
    it(`${kind} (${path}) enters with the same motion, visible from the first frame`, async () => {
      const page = await site.open(path, 1280);
      expect(await entrance(page)).toEqual({ names: ['ds-rise'], opacity: '1' });
      await closePage(page);
    });

    it(`${kind} does not move for a visitor who asks for reduced motion`, async () => {
      const page = await site.open(path, 375, { reducedMotion: 'reduce' });
      expect(await entrance(page)).toEqual({ names: [], opacity: '1' });
      await closePage(page);
    });
  }

  it('the footer shows the visitor’s year when it is later than the build’s, without a layout shift', async () => {
    const page = await site.newPage(1280);
    const nextYear = new Date().getFullYear() + 1;
    // The page's clock reads five seconds into next year.
    await page.evaluateOnNewDocument(
      (now: number) => {
        class FixedDate extends Date {
          constructor(value: string | number | Date = now) {
            super(value);
          }
          static override now = () => now;
        }
        globalThis.Date = FixedDate as DateConstructor;
      },
      new Date(`${nextYear}-01-01T00:00:05`).getTime(),
    );
    await recordLayoutShifts(page);
    // The entry script arrives late, as on a slow network: the year changes after the first paint.
    await interceptRequests(page, /\/main\.[0-9a-f]{8}\.js$/, delayed(300));
    await page.goto(site.url('/no-such-page')); // a short page: the footer is in view
    await expect.poll(() => textOf(page, '.ds-footer__year')).toBe(String(nextYear));
    expect(await layoutShift(page)).toBe(0);
    // A browser reports no shift under 3 px, and a year's digits can differ by less: every year
    // must be exactly as wide as the build's.
    const widths = await page.$eval(
      '.ds-footer__year',
      (year, years: number[]) => {
        return years.map((value) => {
          year.textContent = String(value);
          return year.getBoundingClientRect().width;
        });
      },
      Array.from({ length: 10 }, (_, index) => nextYear - 1 + index),
    );
    expect(new Set(widths).size).toBe(1);
    await closePage(page);
  });

  it('a page whose HTML arrives in two parts, split inside the navigation, paints its header whole', async () => {
    const proxy = await startSplittingProxy(site.url(''));
    const page = await site.newPage(1280);
    try {
      await recordLayoutShifts(page);
      await page.goto(`${proxy.url}/`);
      expect(await layoutShift(page)).toBe(0);
    } finally {
      await closePage(page);
      await proxy.stop();
    }
  });

  it('without JavaScript, the footer keeps the build’s year', async () => {
    const page = await site.open('/', 1280, { javaScriptEnabled: false });
    expect(Number(await textOf(page, '.ds-footer__year'))).toBe(new Date().getFullYear());
    await closePage(page);
  });
});
