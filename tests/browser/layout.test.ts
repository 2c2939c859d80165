import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  MAIN_NAV,
  STATIC_MENU,
  closePage,
  interceptRequests,
  isVisible,
  islandState,
  useBrowserAndSite,
} from '../support/browser';
import { codeLinesWrapped, wordsBrokenInCells } from '../support/post-layout';
import { exercised, pages, postTextOf } from '../support/site';
import { readData } from '../support/specification';

const pricing = readData<typeof import('../../pages/_data/pricing.json')>('pricing');

const site = useBrowserAndSite();
const PATHS = [...pages.map((page) => page.path), '/no-such-page'];
/** The posts with a table, and those with code (none in the shipped tree). */
const WITH_TABLES = pages.filter((page) => postTextOf(page).includes('<table'));
const WITH_CODE = pages.filter((page) => postTextOf(page).includes('<pre'));

/** The header bar: its controls, how many rows they take, which wrapped, its height and overflow. */
const measureHeader = (page: Page) =>
  page.evaluate(() => {
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const controls = [...document.querySelectorAll('.ds-nav__list > li > a, .ds-nav__cta')];
    const tops = new Set(controls.map((element) => Math.round(element.getBoundingClientRect().top)));
    const bar = document.querySelector('.ds-header__bar')!;
    return {
      count: controls.length,
      wrapped: controls
        .filter((element) => lines(element) !== 1)
        .map((element) => element.textContent.trim()),
      rows: tops.size,
      barHeight: bar.getBoundingClientRect().height,
      overflow: bar.scrollWidth - bar.clientWidth,
    };
  });

/**
 * A page drawn in the site's font. With `font-display: optional` a first load on a busy machine can
 * keep the fallback font for the page's life (the header then wraps: noted in docs/testing.md);
 * the second load has the font from the cache and paints with it.
 */
async function inSiteFont(path: string, width: number) {
  const page = await site.open(path, width);
  await page.reload();
  await page.evaluate(() => document.fonts.ready);
  return page;
}

describe('layout', () => {
  // Under-construction pages at 1920px: one per section (tests/support/placeholder-sample.cjs).
  it('no page scrolls sideways at 320px, nor at 1920px; only a post’s table or code does, inside its focusable block', async () => {
    // The page itself, and any region on it that scrolls sideways but a post's table or code,
    // which does so by design, in a block the keyboard can focus and scroll.
    const overflowing = await site.checkEveryPath(PATHS, [320, 1920], (page) =>
      page.evaluate(() => {
        const root = document.documentElement;
        const byDesign = (element: Element) =>
          element.getAttribute('tabindex') === '0' &&
          (element.matches('section.ds-post__table[aria-label]') || element.matches('.ds-post__body pre'));
        const regions = [...document.querySelectorAll<HTMLElement>('body *')].filter(
          (element) =>
            ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
            element.scrollWidth > element.clientWidth &&
            !byDesign(element),
        );
        return [
          ...(root.scrollWidth > root.clientWidth ? [`page +${root.scrollWidth - root.clientWidth}px`] : []),
          ...regions.map(
            (element) =>
              `.${element.classList[0] ?? element.tagName} +${element.scrollWidth - element.clientWidth}px`,
          ),
        ];
      }),
    );
    expect(overflowing).toEqual([]);
  }, 120_000);

  it('breaks no word inside a table cell, at 375px nor at 1280px: a wide table scrolls in its region instead', async () => {
    const broken = await site.checkEveryPath(
      exercised(WITH_TABLES, 'post with a table').map((page) => page.path),
      [375, 1280],
      (page) => page.evaluate(wordsBrokenInCells),
    );
    expect(broken).toEqual([]);
  }, 120_000);

  it('keeps each line of a post’s code on one line, at 375px', async () => {
    const wrapped = await site.checkEveryPath(
      exercised(WITH_CODE, 'post with code').map((page) => page.path),
      [375],
      (page) => page.evaluate(codeLinesWrapped),
    );
    expect(wrapped).toEqual([]);
  });

  it.each([1024, 1100, 1180, 1280, 1440])(
    'at %ipx the header is one line: the logo, all eight sections and Get Started, none wrapped',
    async (width) => {
      const page = await inSiteFont('/about-us/team', width);
      const expected = { count: 9, wrapped: [], rows: 1, barHeight: 72, overflow: 0 };
      expect(await measureHeader(page)).toEqual(expected);
      // The same once the navigation island has taken over.
      await page.hover(MAIN_NAV);
      await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
      expect(await measureHeader(page)).toEqual(expected);
      await closePage(page);
    },
  );

  // A first visit may paint before the site's font arrives (font-display: optional keeps the
  // fallback for the page's life): the fallback faces, scaled to Inter's metrics, keep the header
  // on one line (styles/base/_fonts.scss).
  it.each([1024, 1280, 1536])(
    'at %ipx with the site’s font blocked, the header is still one line, in a fallback face',
    async (width) => {
      const page = await site.newPage(width);
      await interceptRequests(page, /\.woff2$/, (request) => request.abort());
      await page.goto(site.url('/about-us/team'));
      await page.evaluate(() => document.fonts.ready);
      const used = await page.evaluate(() =>
        [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => face.family.replace(/"/g, '')),
      );
      expect(used).not.toContain('Inter Variable');
      expect(
        used.some((family) => family.startsWith('Inter Fallback')),
        `fallback faces loaded: ${used.join(', ')}`,
      ).toBe(true);
      expect(await measureHeader(page)).toEqual({
        count: 9,
        wrapped: [],
        rows: 1,
        barHeight: 72,
        overflow: 0,
      });
      await closePage(page);
    },
  );

  // WCAG 1.4.12: a visitor's own styles may space text out this far with nothing lost. The labels
  // then no longer fit one line; the header wraps to a second row instead of running off screen.
  it.each([1024, 1280])(
    'at %ipx with text spaced out (WCAG 1.4.12), every header link stays on screen',
    async (width) => {
      const page = await site.open('/pricing', width, { bypassCSP: true });
      await page.addStyleTag({
        content: `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
        p { margin-bottom: 2em !important; }`,
      });
      await page.evaluate(() => document.fonts.ready);
      const offScreen = () =>
        page.evaluate(() => [
          ...[...document.querySelectorAll('.ds-logo, .ds-nav__list > li > a, .ds-nav__cta')]
            .filter((element) => {
              const rect = element.getBoundingClientRect();
              return rect.left < 0 || rect.right > document.documentElement.clientWidth;
            })
            .map((element) => element.textContent.trim()),
          ...(document.documentElement.scrollWidth > document.documentElement.clientWidth
            ? ['the page']
            : []),
        ]);
      expect(await offScreen()).toEqual([]);
      // The same once the navigation island has taken over.
      await page.hover(MAIN_NAV);
      await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
      expect(await offScreen()).toEqual([]);
      await closePage(page);
    },
  );

  // Breakpoints are in em, so they move with the text size a visitor sets in the browser: 20px text
  // at 1280px lays out as 16px text at 1024px, 24px text as at 853px.
  it.each([
    [20, 'the one-line header'],
    [24, 'the Menu button'],
  ])(
    'at 1280px with the browser’s text at %ipx, the page gets %s and does not scroll sideways',
    async (size) => {
      const page = await site.newPage(1280);
      const cdp = await page.createCDPSession();
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: size } });
      await page.goto(site.url('/about-us/team'));
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
        `${size}px`,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
      if (size === 20) {
        expect(await isVisible(page, STATIC_MENU)).toBe(false);
        // The header's 4.5rem bar, at 20px text.
        expect(await measureHeader(page)).toEqual({
          count: 9,
          wrapped: [],
          rows: 1,
          barHeight: 90,
          overflow: 0,
        });
      } else {
        expect(await isVisible(page, STATIC_MENU)).toBe(true);
      }
      await closePage(page);
    },
  );

  it.each([
    ['the site font', false],
    // font-display: optional: a first visit on a slow network may keep the fallback font.
    ['the fallback font', true],
  ])('every package price keeps "/month" on its line from 320 to 1920px, in %s', async (_, fallback) => {
    const page = await site.newPage(320);
    if (fallback) await interceptRequests(page, /\.woff2$/, (request) => request.abort());
    await page.goto(site.url('/pricing'));
    await page.evaluate(() => document.fonts.ready);
    const wrapped: string[] = [];
    for (const width of [320, 340, 375, 768, 1024, 1100, 1280, 1920]) {
      await page.setViewport({ width, height: 800 });
      const packages = await page.$$eval('.ds-package', (cards) =>
        cards.map((card) => {
          const amount = card.querySelector('.ds-package__amount')!.getBoundingClientRect();
          const period = card.querySelector('.ds-package__period')!.getBoundingClientRect();
          return {
            name: card.querySelector('.ds-package__name')!.textContent,
            wrapped: period.top >= amount.bottom,
          };
        }),
      );
      expect(packages.map((pkg) => pkg.name)).toEqual(pricing.packages.map((pkg) => pkg.name));
      wrapped.push(...packages.filter((pkg) => pkg.wrapped).map((pkg) => `${pkg.name} at ${width}px`));
    }
    expect(wrapped).toEqual([]);
    await closePage(page);
  });

  it('prints every section of the home page: nothing waits for a scroll that paper never makes', async () => {
    const page = await site.open('/', 1280);
    await page.emulateMediaType('print');
    const invisible = await page.$$eval('main *', (elements) =>
      elements
        .filter((element) => getComputedStyle(element).opacity === '0')
        .map((element) => element.getAttribute('class') ?? element.tagName),
    );
    expect(invisible).toEqual([]);
    await closePage(page);
  });

  it('lands a package’s link on the form’s heading, below the sticky header, at 375px and 1280px', async () => {
    for (const width of [375, 1280]) {
      const page = await site.open('/contact?package=Growth#form-title', width);
      const { heading, header } = await page.evaluate(() => ({
        heading: document.getElementById('form-title')!.getBoundingClientRect().top,
        header: document.querySelector('.ds-header')!.getBoundingClientRect().bottom,
      }));
      expect(heading, `at ${width}px`).toBeGreaterThanOrEqual(header);
      expect(heading, `at ${width}px`).toBeLessThan(header + 100);
      await closePage(page);
    }
  });

  it('makes Call Now and Book a Call one width on a phone, where they stack', async () => {
    const page = await site.open('/contact', 375);
    const boxes = await page.$$eval('.ds-contact-card--dark .ds-button-group > *', (buttons) =>
      buttons.map((button) => {
        const { top, width } = button.getBoundingClientRect();
        return { top: Math.round(top), width: Math.round(width) };
      }),
    );
    expect(boxes).toHaveLength(2);
    expect(boxes[0]!.top, 'they stack at 375px').toBeLessThan(boxes[1]!.top);
    expect(boxes[0]!.width).toBe(boxes[1]!.width);
    await closePage(page);
  });

  it('leaves no gap in the desktop header where Get Started waits for JavaScript, when the browser runs none', async () => {
    const page = await site.open('/', 1280, { javaScriptEnabled: false });
    const cta = await page.$eval('.ds-nav__cta', (element) => ({
      shown:
        getComputedStyle(element).display !== 'none' && getComputedStyle(element).visibility === 'visible',
      kept: getComputedStyle(element).display !== 'none',
      toast: element.hasAttribute('data-toast'),
    }));
    // The placeholder takes no room; with the live calls to action, Get Started is a link, shown
    // with or without JavaScript.
    expect(cta.toast ? cta.kept : cta.shown).toBe(!cta.toast);
    await closePage(page);
  });
});
