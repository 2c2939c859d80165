import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import messages from '../../pages/_data/messages.json';
import { fillContactForm } from '../support/contact-form';
import { islandState, layoutShift, recordLayoutShifts, useBrowserAndSite } from '../support/browser';

const TOAST_TEXT = messages.placeholderToast.title;

const site = useBrowserAndSite();

/** Opens a page at a width, recording every layout shift. */
const open = (path: string, width: number) => site.open(path, width, { prepare: recordLayoutShifts });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const toast = (page: Page) => page.getByRole('status');

describe('navigation island in Chromium', () => {
  it('at 1280px, opens a dropdown on hover, lets the pointer into it, closes on leave, without layout shift', async () => {
    const page = await open('/about-us/team', 1280);
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Services', exact: true }).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const toggle = nav.getByRole('button', { name: 'Services pages' });
    await nav.getByRole('link', { name: 'Services', exact: true }).hover({ position: { x: 5, y: 5 } });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');

    const subLink = nav.getByRole('link', { name: 'Advanced Advertising' });
    await subLink.hover();
    await page.waitForTimeout(300);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await subLink.isVisible()).toBe(true);

    await page.mouse.move(640, 700);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => subLink.isVisible()).toBe(false);
    expect(await layoutShift(page)).toBe(0);
    await page.context().close();
  });

  it('at 1280px, shows the current section highlighted after the island takes over', async () => {
    const page = await open('/about-us/team', 1280);
    await mainNav(page).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const current = mainNav(page).getByRole('link', { name: 'About Us' });
    expect(await current.getAttribute('aria-current')).toBe('true');
    const bar = await current.evaluate((link) => getComputedStyle(link, '::after').backgroundColor);
    expect(bar).not.toBe('rgba(0, 0, 0, 0)');
    await page.context().close();
  });

  it('at 375px, the Menu button opens the panel, a tap on a row expands its sub-list, one at a time, a link closes it', async () => {
    const page = await open('/', 375);
    const nav = mainNav(page);
    await nav.locator('summary', { hasText: 'Menu' }).click();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');

    const about = nav.getByRole('button', { name: 'About Us', exact: true });
    const pricing = nav.getByRole('button', { name: 'Pricing', exact: true });
    // The whole row is the target: a tap near its left edge, on the label, expands it.
    const row = await about.boundingBox();
    expect(row?.width).toBeGreaterThan(300);
    await page.mouse.click((row?.x ?? 0) + 20, (row?.y ?? 0) + (row?.height ?? 0) / 2);
    expect(await nav.getByRole('link', { name: 'Our Story' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'About Us overview' }).getAttribute('href')).toBe('/about-us');
    await pricing.click();
    expect(await nav.getByRole('link', { name: 'Retainers' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Our Story' }).isVisible()).toBe(false);

    await menu.click();
    await expect.poll(() => nav.getByRole('link', { name: 'Blog' }).isVisible()).toBe(false);
    await menu.click();
    await nav.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL('**/blog');
    await page.context().close();
  });
});

describe('island takeover under a finger', () => {
  it('at 375px, a press on the static Menu held while the island arrives still opens the menu', async () => {
    const page = await site.newPage(375);
    let served = false;
    await page.route(/\/Navigation\.[0-9a-f]{8}\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
      served = true;
    });
    await page.goto(site.url('/'));
    const box = await mainNav(page).locator('summary', { hasText: 'Menu' }).boundingBox();
    await page.mouse.move((box?.x ?? 0) + 20, (box?.y ?? 0) + 10);
    await page.mouse.down();
    await expect.poll(() => served).toBe(true);
    await page.waitForTimeout(300); // the island's code is in; the finger is still down
    expect(await islandState(page, 'navigation')).not.toBe('mounted');
    await page.mouse.up();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    expect(await mainNav(page).getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await page.context().close();
  });
});

describe('island takeover of the static mobile menu', () => {
  it('at 375px, keeps the static menu working when the island’s code cannot load', async () => {
    const page = await site.newPage(375);
    await page.route(/\/Navigation\.[0-9a-f]{8}\.js$/, (route) => route.abort());
    await page.goto(site.url('/'));
    await mainNav(page).locator('summary', { hasText: 'Menu' }).click();
    // The island never replaces the header: the load fails and is retried later.
    await expect.poll(() => islandState(page, 'navigation')).toMatch(/retrying|failed/);
    await mainNav(page).locator('summary', { hasText: 'Services' }).click();
    const overview = mainNav(page).getByRole('link', { name: 'Services overview' });
    expect(await overview.isVisible()).toBe(true);
    await overview.click();
    await page.waitForURL('**/services');
    await page.context().close();
  });

  it('at 375px, waits for the static menu to finish opening, so its fade never jumps', async () => {
    const page = await site.newPage(375);
    // The island's code arrives while the 0.3 s opening is under way.
    await page.route(/\/Navigation\.[0-9a-f]{8}\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      await route.continue();
    });
    await page.goto(site.url('/'));
    await page.evaluate(() => {
      const root = document.querySelector<HTMLElement>('[data-island="navigation"]')!;
      const times = { opened: Number.NaN, replaced: Number.NaN };
      (window as unknown as { times: typeof times }).times = times;
      root.querySelector('.ds-nav__panel')!.addEventListener('transitionend', () => {
        times.opened = performance.now();
      });
      new MutationObserver(() => {
        times.replaced = Number.isNaN(times.replaced) ? performance.now() : times.replaced;
      }).observe(root, { childList: true });
    });
    await mainNav(page).locator('summary', { hasText: 'Menu' }).click();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const times = await page.evaluate(() => (window as unknown as { times: Record<string, number> }).times);
    expect(times.opened).toBeLessThanOrEqual(times.replaced!);
    expect(await mainNav(page).getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await page.context().close();
  });

  it('at 375px, keeps open the menu and the section row the visitor expanded before the island arrived, and its focus', async () => {
    const page = await site.newPage(375);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/Navigation\.[0-9a-f]{8}\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(site.url('/'));
    await mainNav(page).locator('summary', { hasText: 'Menu' }).click();
    await mainNav(page).locator('summary', { hasText: 'Services' }).click();
    expect(await islandState(page, 'navigation')).not.toBe('mounted');
    release();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const services = mainNav(page).getByRole('button', { name: 'Services', exact: true });
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    // Focus moves from the static row to the island's.
    expect(await services.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await mainNav(page).getByRole('link', { name: 'Services overview' }).isVisible()).toBe(true);
    expect(
      await mainNav(page).getByRole('button', { name: 'Pricing', exact: true }).getAttribute('aria-expanded'),
    ).toBe('false');
    await page.context().close();
  });
});

describe('toast island in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`at ${width}px, Get Started shows the toast, which is gone after about 5 seconds`, async () => {
      const page = await site.newPage(width);
      // The page's clock runs as usual until the test takes it over.
      await page.clock.install();
      await page.goto(site.url('/'));
      // When the toast card enters the page, by the page's clock.
      await page.evaluate(() => {
        const region = document.querySelector('[role="status"]')!;
        new MutationObserver((_, observer) => {
          if (!region.querySelector('.ds-toast')) return;
          region.setAttribute('data-shown-at', String(Date.now()));
          observer.disconnect();
        }).observe(region, { childList: true, subtree: true });
      });
      if (width < 1024) await mainNav(page).locator('summary', { hasText: 'Menu' }).click();
      await mainNav(page).getByRole('button', { name: 'Get Started' }).click();
      await expect.poll(() => toast(page).textContent()).toContain(TOAST_TEXT);
      expect(await toast(page).textContent()).toContain('🚧');
      // From here the test moves the page's clock: 4.8 s after the toast appeared it is up; by
      // 5.3 s it is gone. The pause is set far enough ahead to be in the future however slowly
      // this call reaches the page, and the run is counted from the toast's appearance.
      const shownAt = Number(await toast(page).getAttribute('data-shown-at'));
      const pausedAt = (await page.evaluate(() => Date.now())) + 500;
      await page.clock.pauseAt(pausedAt);
      await page.clock.runFor(shownAt + 4800 - pausedAt);
      expect(await toast(page).textContent()).toContain(TOAST_TEXT);
      await page.clock.runFor(500);
      await expect.poll(() => toast(page).textContent(), { timeout: 1000 }).toBe('');
      await page.context().close();
    });
  }
  it('Call Now on /contact and every package button on /pricing show the toast', async () => {
    const triggers: [string, RegExp][] = [
      ['/contact', /^Call Now$/],
      ['/pricing', /^Start with Starter$/],
      ['/pricing', /^Choose Growth$/],
      ['/pricing', /^Scale with us$/],
    ];
    for (const [path, name] of triggers) {
      const page = await open(path, 1280);
      const url = page.url();
      await page.getByRole('button', { name }).click();
      await expect.poll(() => toast(page).textContent(), { message: String(name) }).toContain(TOAST_TEXT);
      expect(page.url()).toBe(url);
      await page.context().close();
    }
  });
});

describe('contact form island in Chromium', () => {
  async function fillValidForm(page: Page) {
    await fillContactForm(page);
    await expect.poll(() => islandState(page, 'contact-form')).toBe('mounted');
  }

  it('a valid submit sends no request, shows the toast and keeps the entries', async () => {
    const page = await open('/contact', 1280);
    await fillValidForm(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const url = page.url();

    await page.getByRole('button', { name: 'Book My Free Strategy Session' }).click();
    await expect.poll(() => toast(page).textContent()).toContain(TOAST_TEXT);

    expect(page.url()).toBe(url);
    // Only the toast island's own code may be fetched; nothing carries form data.
    expect(requests.filter((request) => request.resourceType() !== 'script').map((r) => r.url())).toEqual([]);
    expect(requests.every((request) => request.method() === 'GET')).toBe(true);
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Type of real estate investing').inputValue()).toBe('rental');
    await page.context().close();
  });

  it('an invalid submit shows the browser’s own validation and no toast', async () => {
    const page = await open('/contact', 1280);
    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('button', { name: 'Book My Free Strategy Session' }).click();
    const message = await page
      .getByLabel('Last name')
      .evaluate((input) => (input as HTMLInputElement).validationMessage);
    expect(message).not.toBe('');
    await page.waitForTimeout(300);
    expect(await toast(page).textContent()).toBe('');
    await page.context().close();
  });

  it('with JavaScript off, a submit puts no data in the URL and says how to reach the agency', async () => {
    const page = await site.open('/contact', 1280, { javaScriptEnabled: false });
    const context = page.context();
    await fillValidForm(page).catch(() => undefined); // the island never mounts without JS
    await page.getByRole('button', { name: 'Book My Free Strategy Session' }).click();
    await page.waitForURL('**/contact?#contact-form-help');
    expect(new URL(page.url()).search).toBe('');
    const help = page.locator('#contact-form-help');
    expect(await help.isVisible()).toBe(true);
    expect(await help.textContent()).toMatch(/\{phone\}.*\{email\}/s);
    await context.close();
  });
});

describe('island isolation in Chromium', () => {
  it('when the navigation island crashes, its static header comes back and the other islands still work', async () => {
    const page = await open('/contact', 1280);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Force a crash: the island fails loudly when an item's link is not where it expects it.
    await page.evaluate(() =>
      document.querySelector('.ds-nav__link[href="/blog"]')?.classList.remove('ds-nav__link'),
    );
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Pricing', exact: true }).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('failed');
    expect(errors.join('\n')).toContain('[island:navigation]');
    expect(await nav.getByRole('link', { name: 'Pricing', exact: true }).isVisible()).toBe(true);

    await nav.getByRole('button', { name: 'Get Started' }).click();
    await expect.poll(() => toast(page).textContent()).toContain(TOAST_TEXT);
    await page.getByLabel('First name').focus();
    await expect.poll(() => islandState(page, 'contact-form')).toBe('mounted');
    await page.context().close();
  });
});
