import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  MAIN_NAV,
  STATIC_MENU,
  byRole,
  closePage,
  countOf,
  interceptRequests,
  isVisible,
  useBrowserAndSite,
} from '../support/browser';

const site = useBrowserAndSite();

const openWithoutJs = (width: number): Promise<Page> =>
  site.open('/about-us/team', width, { javaScriptEnabled: false });

/**
 * Every link the header's navigation holds, as [href, label]. The mobile sub-lists' first
 * entries ("Services overview") repeat their section's link and are left out, as is Get Started,
 * a link once the calls to action are live (site.json "liveActions").
 */
function navLinks(page: Page) {
  return page.$$eval('header nav a:not(.ds-nav__overview a, .ds-nav__cta)', (links) =>
    links.map((link): [string, string] => [link.getAttribute('href') ?? '', link.textContent.trim()]),
  );
}

/** The visible links of the header's navigation (not Get Started: navLinks), as [href, label]. */
function visibleNavLinks(page: Page) {
  return page.$$eval('header nav a:not(.ds-nav__cta)', (links) =>
    links
      .filter((link) => link.checkVisibility())
      .map((link): [string, string] => [link.getAttribute('href') ?? '', link.textContent.trim()]),
  );
}

describe('header navigation with JavaScript off', () => {
  it('at 375px, the Menu toggle shows the sections, and each row expands its sub-links, one at a time', async () => {
    const page = await openWithoutJs(375);
    const links = await navLinks(page);
    expect(links).toHaveLength(20); // 8 top-level items and 12 sub-links
    expect(await visibleNavLinks(page)).toEqual([]);

    await page.click(STATIC_MENU); // a locator waits on the page's frames, which never come without JS
    const rows = await page.$$('header nav summary.ds-nav__row');
    expect(await Promise.all(rows.map((row) => row.evaluate((node) => node.textContent.trim())))).toEqual([
      'About Us',
      'Services',
      'Who We Serve',
      'Pricing',
    ]);
    expect(await visibleNavLinks(page)).toEqual([
      ['/case-studies', 'Case Studies'],
      ['/blog', 'Blog'],
      ['/careers', 'Careers'],
      ['/contact', 'Contact'],
    ]);

    // Each row in turn: its section's page first, then its sub-links; every other row closes.
    const seen = new Set<string>();
    for (const row of rows) {
      await row.click();
      const label = await row.evaluate((node) => node.textContent.trim());
      const section = links.find(([, text]) => text === label)!;
      const visible = await visibleNavLinks(page);
      const subLinks = visible.filter(([href]) => href.startsWith(`${section[0]}/`));
      expect(visible).toEqual([[section[0], `${section[1]} overview`], ...subLinks, ...visible.slice(-4)]);
      expect(await countOf(page, 'header nav details.ds-nav__section[open]')).toBe(1);
      for (const [href] of visible) seen.add(href);
    }
    expect([...seen].sort()).toEqual(links.map(([href]) => href).sort());
    await closePage(page);
  });

  it('at 1280px, hovering a top-level item shows its sub-links', async () => {
    const page = await openWithoutJs(1280);
    const subLink = byRole('link', 'Retainers', MAIN_NAV);
    expect(await isVisible(page, subLink)).toBe(false);
    await page.hover(byRole('link', 'Pricing', MAIN_NAV));
    expect(await isVisible(page, subLink)).toBe(true);
    await page.hover(subLink);
    expect(await isVisible(page, subLink)).toBe(true);
    await closePage(page);
  });

  /**
   * Records the CSS transitions that start on elements matching `selector` while `act` runs, as
   * "property duration", so the check does not depend on catching them before they end.
   */
  async function transitionsDuring(page: Page, selector: string, act: () => Promise<void>) {
    await page.evaluate((target) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      document.addEventListener('transitionrun', (event) => {
        if (!(event.target instanceof Element) || !event.target.matches(target)) return;
        const duration = getComputedStyle(event.target).transitionDuration.split(', ')[0] ?? '';
        seen.push(`${event.propertyName} ${duration}`);
      });
    }, selector);
    await act();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return page.evaluate(() => [...new Set((window as unknown as { seen: string[] }).seen)].sort());
  }

  /** The static header with JavaScript on but the island's code blocked (slow or failing). */
  async function openStatic(width: number): Promise<Page> {
    const page = await site.newPage(width);
    await interceptRequests(page, /\/Navigation\.[0-9a-f]{8}\.js$/, (request) => request.abort());
    await page.goto(site.url('/about-us/team'));
    return page;
  }

  it('at 375px, the static menu opens with the 0.3 s motion, as the island does', async () => {
    const page = await openStatic(375);
    const opened = await transitionsDuring(page, '.ds-nav__panel', () => page.locator(STATIC_MENU).click());
    expect(opened).toEqual(['opacity 0.3s', 'transform 0.3s']);
    await closePage(page);
  });

  it('at 1280px, the static dropdown opens with the 0.2 s motion, as the island does', async () => {
    const page = await openStatic(1280);
    const opened = await transitionsDuring(page, '.ds-nav__sublist', () =>
      page.hover(byRole('link', 'Pricing', MAIN_NAV)),
    );
    expect(opened).toEqual(['opacity 0.2s', 'transform 0.2s']);
    await closePage(page);
  });

  it('at 1280px, every link is reachable with the Tab key', async () => {
    const page = await openWithoutJs(1280);
    const expected = (await navLinks(page)).map(([href]) => href);
    const reached: string[] = [];
    for (let step = 0; step < 60 && reached.length < expected.length; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('header nav') && active.matches(':focus-visible') && active.checkVisibility()
          ? active.getAttribute('href')
          : null;
      });
      if (focused) reached.push(focused);
    }
    expect(reached).toEqual(expected);
    await closePage(page);
  });
});
