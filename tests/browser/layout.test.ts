import { describe, expect, it } from 'vitest';
import { useBrowserAndSite } from '../support/browser';
import { routes } from '../support/site';

const site = useBrowserAndSite();
const PATHS = [...routes.map((route) => route.path), '/no-such-page'];

describe('layout', () => {
  it.each([320, 1920])(
    'no page, nor any region on it, scrolls sideways at %ipx',
    async (width) => {
      const page = await site.newPage(width);
      const overflowing: string[] = [];
      for (const path of PATHS) {
        await page.goto(site.url(path));
        // The page itself, and any region on it that would scroll sideways (such as a wide table).
        const found = await page.evaluate(() => {
          const root = document.documentElement;
          const regions = [...document.querySelectorAll<HTMLElement>('body *')].filter(
            (element) =>
              ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
              element.scrollWidth > element.clientWidth,
          );
          return [
            ...(root.scrollWidth > root.clientWidth
              ? [`page +${root.scrollWidth - root.clientWidth}px`]
              : []),
            ...regions.map(
              (element) =>
                `.${element.classList[0] ?? element.tagName} +${element.scrollWidth - element.clientWidth}px`,
            ),
          ];
        });
        overflowing.push(...found.map((what) => `${path}: ${what}`));
      }
      expect(overflowing).toEqual([]);
      await page.context().close();
    },
    120_000,
  );

  it('prints every section of the home page: nothing waits for a scroll that paper never makes', async () => {
    const page = await site.open('/', 1280);
    await page.emulateMedia({ media: 'print' });
    const invisible = await page.$$eval('main *', (elements) =>
      elements
        .filter((element) => getComputedStyle(element).opacity === '0')
        .map((element) => element.getAttribute('class') ?? element.tagName),
    );
    expect(invisible).toEqual([]);
    await page.context().close();
  });
});
