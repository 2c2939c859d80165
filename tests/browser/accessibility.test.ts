import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  MAIN_NAV,
  STATIC_MENU,
  attributeOf,
  byRole,
  closePage,
  countOf,
  hoverAt,
  isVisible,
  islandState,
  useBrowserAndSite,
} from '../support/browser';
import { violations } from '../support/axe';
import { actions, pages } from '../support/site';

const site = useBrowserAndSite();
/** Every page the build makes (the posts among them), and the 404 page. */
const PATHS = [...pages.map((page) => page.path), '/no-such-page'];
/**
 * A page with motion reduced, so scroll-driven reveals do not dim content under test, and the
 * CSP bypassed so axe-core can be injected.
 */
const OPEN_OPTIONS = { reducedMotion: 'reduce', bypassCSP: true } as const;

const open = (path: string, width: number) => site.open(path, width, OPEN_OPTIONS);

describe('axe-core (WCAG 2.0, 2.1, 2.2 A and AA, target-size)', () => {
  // Under-construction pages at 1280px: one per section (tests/support/placeholder-sample.cjs).
  it('finds no violation on any page at 375px, nor at 1280px', async () => {
    expect(await site.checkEveryPath(PATHS, [375, 1280], violations, OPEN_OPTIONS)).toEqual([]);
  }, 240_000);

  it('finds no violation with the mobile menu open and a sub-list expanded', async () => {
    const page = await open('/pricing', 375);
    await page.locator(STATIC_MENU).click();
    await page.locator(byRole('button', 'Pricing', MAIN_NAV)).click();
    expect(await isVisible(page, byRole('link', 'Retainers', MAIN_NAV))).toBe(true);
    expect(await violations(page)).toEqual([]);
    await closePage(page);
  });

  it('finds no violation with a desktop dropdown open', async () => {
    const page = await open('/pricing', 1280);
    const services = byRole('link', 'Services', MAIN_NAV);
    await page.locator(services).hover();
    await hoverAt(page, services, 4, 4);
    await expect.poll(() => isVisible(page, byRole('link', 'Social & Video', MAIN_NAV))).toBe(true);
    expect(await violations(page)).toEqual([]);
    await closePage(page);
  });
});

describe('keyboard', () => {
  /** What the focused element is, where it is, and whether its focus indicator shows. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      const header = document.querySelector('header')!.getBoundingClientRect();
      return {
        href: element.getAttribute('href'),
        role: element.tagName === 'BUTTON' ? 'button' : element.tagName.toLowerCase(),
        name: element.textContent.trim(),
        expanded: element.getAttribute('aria-expanded'),
        inHeader: Boolean(element.closest('header')),
        fixed: style.position === 'fixed',
        outlined: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        top: rect.top,
        bottom: rect.bottom,
        headerBottom: header.bottom,
        viewportHeight: window.innerHeight,
      };
    });

  it('at 1280px, Tab reaches every header link in order, opening each dropdown with Enter', async () => {
    const page = await open('/about-us/team', 1280);
    // The mobile sub-lists' "<Section> overview" entries repeat the section link and are not
    // on the desktop header.
    const expected = await page.$$eval('header a[href]:not(.ds-nav__overview a)', (links) =>
      links.map((link) => link.getAttribute('href')),
    );
    const reached: (string | null)[] = [];
    for (let step = 0; step < 80; step += 1) {
      await page.keyboard.press('Tab');
      const current = await focused(page);
      if (!current?.inHeader) {
        if (reached.length > 0) break;
        continue;
      }
      expect(current.outlined, `focus indicator on ${current.name}`).toBe(true);
      if (current.href) reached.push(current.href);
      if (current.role === 'button' && current.expanded === 'false') await page.keyboard.press('Enter');
    }
    expect(reached).toEqual(expected);
    await closePage(page);
  });

  it('focus is always visible and never hidden under the sticky header', async () => {
    const page = await open('/pricing', 1280);
    const hidden: string[] = [];
    for (let step = 0; step < 70; step += 1) {
      await page.keyboard.press('Tab');
      const current = await focused(page);
      if (!current) continue;
      if (!current.outlined) hidden.push(`${current.name}: no focus indicator`);
      // The skip link is fixed above the header on purpose.
      const covered = current.top < current.headerBottom || current.bottom > current.viewportHeight + 1;
      if (!current.inHeader && !current.fixed && covered) {
        hidden.push(`${current.name}: outside the visible area (${current.top}-${current.bottom}px)`);
      }
    }
    expect(hidden).toEqual([]);
    await closePage(page);
  });

  it('Escape closes an open dropdown and returns focus to its button', async () => {
    const page = await open('/', 1280);
    await page.focus(byRole('link', 'Pricing', MAIN_NAV));
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    await page.keyboard.press('Tab');
    const toggle = byRole('button', 'Pricing pages', MAIN_NAV);
    const focused = () => page.$eval(toggle, (element) => element === document.activeElement);
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Retainers');
    await page.keyboard.press('Escape');
    expect(await attributeOf(page, toggle, 'aria-expanded')).toBe('false');
    expect(await focused()).toBe(true);
    await closePage(page);
  });
});

describe('contrast themes (forced colours)', () => {
  // A Windows contrast theme paints the page in the visitor's palette and drops backgrounds and
  // shadows. What a background or a shadow alone showed must still show.
  it('keep the current section’s bar, the toast’s edge and an invalid field’s thicker border', async () => {
    const page = await site.open('/contact', 1280, { ...OPEN_OPTIONS, forcedColors: 'active' });
    const canvas = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('div'));
      probe.style.background = 'Canvas';
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });

    const bar = await page.$eval(
      `${MAIN_NAV} a[aria-current]`,
      (link) => getComputedStyle(link, '::after').backgroundColor,
    );
    expect(bar, 'the current section’s bar').not.toBe(canvas);

    await page.locator(byRole('button', 'Book My Free Strategy Session')).click();
    const borderWidth = (selector: string) =>
      page.$eval(selector, (field) => parseFloat(getComputedStyle(field).borderTopWidth));
    // Last name is required and left empty; the budget is optional.
    await expect.poll(() => countOf(page, '#last-name:user-invalid')).toBe(1);
    const validWidth = await borderWidth('#budget');
    // Read until the invalid field's style is recalculated (a busy run read it one frame early).
    await expect.poll(() => borderWidth('#last-name')).toBeGreaterThan(validWidth);

    // The toast's edge, while Call Now shows it (site.json liveActions false).
    if (actions.live) {
      await closePage(page);
      return;
    }
    await page.locator('main button[data-toast]').click();
    const toast = await page.waitForSelector('[role="status"] .ds-toast', { visible: true });
    const edge = await toast!.evaluate((card) => {
      const style = getComputedStyle(card);
      return {
        style: style.borderTopStyle,
        width: parseFloat(style.borderTopWidth),
        colour: style.borderTopColor,
      };
    });
    expect(edge.style).toBe('solid');
    expect(edge.width).toBeGreaterThan(0);
    expect(edge.colour).not.toBe(canvas);
    await closePage(page);
  });
});
