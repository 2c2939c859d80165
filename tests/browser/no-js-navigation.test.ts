import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndSite } from '../support/browser';

const site = useBrowserAndSite();

const openWithoutJs = (width: number): Promise<Page> =>
  site.open('/about-us/team', width, { javaScriptEnabled: false });

/** Every link the header's navigation holds, as [href, label]. */
function navLinks(page: Page) {
  return page
    .locator('header nav a')
    .evaluateAll((links) =>
      links.map((link): [string, string] => [link.getAttribute('href') ?? '', link.textContent.trim()]),
    );
}

describe('header navigation with JavaScript off', () => {
  it('at 375px, the Menu toggle shows every top-level link and sub-link', async () => {
    const page = await openWithoutJs(375);
    const links = await navLinks(page);
    expect(links).toHaveLength(20); // 8 top-level items and 12 sub-links
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    expect(await mainNav.getByRole('link', { name: 'Our Story' }).isVisible()).toBe(false);

    await page.locator('header summary', { hasText: 'Menu' }).click();
    for (const [href, label] of links) {
      const link = page.locator(`header nav a[href="${href}"]`, { hasText: label });
      expect(await link.isVisible(), href).toBe(true);
    }
    await page.context().close();
  });

  it('at 1280px, hovering a top-level item shows its sub-links', async () => {
    const page = await openWithoutJs(1280);
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    const subLink = mainNav.getByRole('link', { name: 'Retainers' });
    expect(await subLink.isVisible()).toBe(false);
    await mainNav.getByRole('link', { name: 'Pricing', exact: true }).hover();
    expect(await subLink.isVisible()).toBe(true);
    await subLink.hover();
    expect(await subLink.isVisible()).toBe(true);
    await page.context().close();
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
    await page.context().close();
  });
});
