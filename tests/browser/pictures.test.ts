/**
 * Photos in Chromium, as the tree has them (the grown tree has every kind): each loads the lighter
 * format its picture offers first at the width its `sizes` says, `sizes` matches the box the
 * layout gives it at every breakpoint, its box is reserved before it arrives, and all of it works
 * with JavaScript off. axe and the CSP cover these pages with the others (accessibility, csp tests).
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { closePage, interceptRequests, useBrowserAndSite } from '../support/browser';
import { exercised, pageFor, pages } from '../support/site';

const site = useBrowserAndSite();
/** Each kind of photo, by where the markup places it: a page that shows it is checked for all its photos. */
const KINDS = [
  '.ds-member picture',
  '.ds-case picture',
  '.ds-post-card picture',
  '.ds-post__cover picture',
  '.ds-post__body picture',
  '.ds-author-card picture',
];
/** The first page that shows each kind of photo the tree has. */
const ROUTES = exercised(
  [
    ...new Set(
      KINDS.flatMap(
        (kind) => pages.find((page) => pageFor(page.path).querySelector(`main ${kind}`))?.path ?? [],
      ),
    ),
  ],
  'page with a photo',
);
/** Every breakpoint's range: phone, sm, md, lg, xl and wide. */
const WIDTHS = [375, 640, 768, 1024, 1280, 1440];

interface Shown {
  src: string;
  /** The width the layout gives the image, in CSS pixels. */
  box: number;
  /** The width its `sizes` says, evaluated by the browser's own media queries and CSS lengths. */
  sizes: number;
  current: string;
  loaded: boolean;
  /** The format the picture offers first, as an extension (".avif"). */
  offered: string;
}

/** Each photo of the page's main, scrolled into view and loaded: its box, its sizes, what it loaded. */
async function photosOf(page: Page): Promise<Shown[]> {
  // Lazy photos load once near the screen: bring each into view, in turn, and wait for it. A new
  // width makes the picture choose its source again, and decode() then rejects for the request
  // that the new one replaced: try again, the photo still in view, for the one that follows (a
  // photo that never loads is given up after 20 tries, and fails below). The pause between tries
  // is taken here: with JavaScript off, the page's own timers never fire, and a wait on one in
  // the page never ends.
  const givenUp: number[] = [];
  for (let tries = 0, last = -1; ;) {
    const seen = await page.evaluate(async (skipped) => {
      const images = [...document.querySelectorAll<HTMLImageElement>('main picture img')];
      const loaded = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0;
      for (const [index, image] of images.entries()) {
        if (loaded(image) || skipped.includes(index)) continue;
        image.scrollIntoView({ block: 'center' });
        await image.decode().catch(() => undefined);
        if (!loaded(image)) return { waiting: index };
      }
      /** The length of a `sizes` entry in CSS pixels, as the page's own CSS computes it. */
      const pixels = (length: string) => {
        const probe = document.createElement('div');
        probe.style.width = length;
        probe.style.position = 'absolute';
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width;
      };
      /**
       * The first entry of `sizes` whose media condition matches, as a browser picks it: an entry is
       * "(condition) length", its length the part after the condition that CSS reads as a width.
       */
      const sizesWidth = (sizes: string) => {
        for (const entry of sizes.split(/,(?![^(]*\))/).map((part) => part.trim())) {
          if (CSS.supports('width', entry)) return pixels(entry);
          for (let end = entry.indexOf(')'); end !== -1; end = entry.indexOf(')', end + 1)) {
            const [condition, length] = [entry.slice(0, end + 1), entry.slice(end + 1).trim()];
            if (!length || !CSS.supports('width', length)) continue;
            if (matchMedia(condition).matches) return pixels(length);
            break;
          }
        }
        return NaN;
      };
      return {
        shown: images.map((image) => ({
          src: image.getAttribute('src')!,
          offered: image.parentElement!.querySelector('source')!.getAttribute('type')!.replace('image/', '.'),
          box: image.getBoundingClientRect().width,
          sizes: sizesWidth(image.parentElement!.querySelector('source')!.getAttribute('sizes')!),
          current: image.currentSrc,
          loaded: loaded(image),
        })),
      };
    }, givenUp);
    if (seen.shown) return seen.shown;
    tries = seen.waiting === last ? tries + 1 : 1;
    last = seen.waiting;
    if (tries === 20) givenUp.push(seen.waiting);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('photos', () => {
  it.each([true, false])(
    'load in the format offered first at the width sizes names, which is the width the layout gives them, at every breakpoint (JavaScript %s)',
    async (javaScriptEnabled) => {
      const found = await site.checkEveryPath(
        ROUTES,
        WIDTHS,
        async (page) => {
          const width = page.viewport()!.width;
          return (await photosOf(page)).flatMap(({ src, box, sizes, current, loaded, offered }) => [
            ...(loaded ? [] : [`${src} did not load`]),
            ...(current.endsWith(offered)
              ? []
              : [`${src} loaded ${current}, not the ${offered} offered first`]),
            // sizes may count the scrollbar, which 100vw includes and the layout does not.
            ...(sizes >= box - 1 && sizes <= box + 16
              ? []
              : [
                  `${src}: sizes says ${Math.round(sizes)} px at ${width} px, the layout gives ${Math.round(box)} px`,
                ]),
          ]);
        },
        { javaScriptEnabled },
      );
      expect(found).toEqual([]);
    },
    120_000,
  );

  // A screen's density picks another variant, whose own shape could differ by a rounding.
  it.each([
    [375, 1],
    [375, 2],
    [375, 3],
    [768, 2],
    [1280, 1],
    [1280, 2],
  ])(
    'reserve their box before they arrive: nothing moves when they load (%i px, %i× density)',
    async (width, density) => {
      const page = await site.newPage(width);
      await page.setViewport({ ...page.viewport()!, deviceScaleFactor: density });
      // Photos are held back until the boxes are measured, then let through as they are asked for.
      let holding = true;
      const held: (() => void)[] = [];
      await interceptRequests(page, /\/images\//, (request) => {
        if (holding) held.push(() => void request.continue());
        else void request.continue();
      });
      try {
        for (const route of ROUTES) {
          holding = true;
          // Not 'load': a photo in view (a post's cover) holds the load event until it arrives.
          await page.goto(site.url(route), { waitUntil: 'domcontentloaded' });
          const boxes = () =>
            page.$$eval('main picture img', (images) =>
              images.map((image) => {
                // To a hundredth of a pixel: a box a fraction taller moves everything below it.
                const { width: w, height: h } = image.getBoundingClientRect();
                return `${w.toFixed(2)}×${h.toFixed(2)}`;
              }),
            );
          const before = await boxes();
          expect(before.length, route).toBeGreaterThan(0);
          expect(
            before.every((box) => !box.endsWith('×0.00')),
            `${route}: boxes before any photo arrives`,
          ).toBe(true);
          // A lazy photo is asked for once layout has placed it, which may be after DOMContentLoaded.
          await expect.poll(() => held.length, { message: `${route}: photos held back` }).toBeGreaterThan(0);
          holding = false;
          for (const release of held.splice(0)) release();
          const loaded = await page.$$eval('main picture img', async (images) => {
            for (const image of images) {
              image.scrollIntoView();
              await image.decode().catch(() => undefined);
            }
            return images.every((image) => image.naturalWidth > 0);
          });
          expect(loaded, `${route}: every photo loaded`).toBe(true);
          expect(await boxes(), route).toEqual(before);
        }
      } finally {
        await closePage(page);
      }
    },
    60_000,
  );
});
