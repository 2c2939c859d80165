import { describe, expect, it } from 'vitest';
import { useBrowserAndSite } from '../support/browser';
import { routes } from '../support/site';

const site = useBrowserAndSite();
const PATHS = [...routes.map((route) => route.path), '/no-such-page'];

describe('layout', () => {
  it.each([320, 1920])(
    'no page scrolls sideways at %ipx',
    async (width) => {
      const page = await site.newPage(width);
      const overflowing: string[] = [];
      for (const path of PATHS) {
        await page.goto(site.url(path));
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) overflowing.push(`${path} (+${overflow}px)`);
      }
      expect(overflowing).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});
