import type { HTTPRequest, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { actions, site as settings } from '../support/site';
import { field, fillContactForm, submitContactForm } from '../support/contact-form';
import {
  MAIN_NAV,
  STATIC_MENU,
  attributeOf,
  byRole,
  closePage,
  delayed,
  hoverAt,
  interceptRequests,
  isVisible,
  islandState,
  layoutShift,
  pathOf,
  recordLayoutShifts,
  staticRow,
  textOf,
  useBrowserAndSite,
  urlOf,
  valueOf,
} from '../support/browser';
import { readData } from '../support/specification';

const messages = readData<typeof import('../../pages/_data/messages.json')>('messages');

const TOAST_TEXT = messages.placeholderToast.title;

const site = useBrowserAndSite();

/** Opens a page at a width, recording every layout shift. */
const open = (path: string, width: number) => site.open(path, width, { prepare: recordLayoutShifts });

const TOAST = byRole('status');
const toastText = (page: Page) => textOf(page, TOAST);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NAVIGATION_CHUNK = /\/Navigation\.[0-9a-f]{8}\.js$/;

describe('navigation island in Chromium', () => {
  it('at 1280px, opens a dropdown on hover, lets the pointer into it, closes on leave, without layout shift', async () => {
    const page = await open('/about-us/team', 1280);
    const services = byRole('link', 'Services', MAIN_NAV);
    await page.locator(services).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const toggle = byRole('button', 'Services pages', MAIN_NAV);
    await hoverAt(page, services, 5, 5);
    await expect.poll(() => attributeOf(page, toggle, 'aria-expanded')).toBe('true');

    const subLink = byRole('link', 'Advanced Advertising', MAIN_NAV);
    await page.locator(subLink).hover();
    await pause(300);
    expect(await attributeOf(page, toggle, 'aria-expanded')).toBe('true');
    expect(await isVisible(page, subLink)).toBe(true);

    await page.mouse.move(640, 700);
    await expect.poll(() => attributeOf(page, toggle, 'aria-expanded')).toBe('false');
    await expect.poll(() => isVisible(page, subLink)).toBe(false);
    expect(await layoutShift(page)).toBe(0);
    await closePage(page);
  });

  it('at 1280px, the hover that loads the island opens its dropdown, without another move', async () => {
    const page = await open('/about-us/team', 1280);
    const services = byRole('link', 'Services', MAIN_NAV);
    // One move onto the item, then the pointer rests: the island loads and takes over under it.
    await page.locator(services).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const toggle = byRole('button', 'Services pages', MAIN_NAV);
    await expect.poll(() => attributeOf(page, toggle, 'aria-expanded')).toBe('true');
    expect(await isVisible(page, byRole('link', 'Advanced Advertising', MAIN_NAV))).toBe(true);
    expect(await layoutShift(page)).toBe(0);
    await closePage(page);
  });

  it('at 1280px, shows the current section highlighted after the island takes over', async () => {
    const page = await open('/about-us/team', 1280);
    await page.hover(MAIN_NAV);
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const current = byRole('link', 'About Us', MAIN_NAV);
    expect(await attributeOf(page, current, 'aria-current')).toBe('true');
    const bar = await page.$eval(current, (link) => getComputedStyle(link, '::after').backgroundColor);
    expect(bar).not.toBe('rgba(0, 0, 0, 0)');
    await closePage(page);
  });

  it('at 375px, the Menu button opens the panel, a tap on a row expands its sub-list, one at a time, a link closes it', async () => {
    const page = await open('/', 375);
    await page.locator(STATIC_MENU).click();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const menu = byRole('button', 'Menu', MAIN_NAV);
    await expect.poll(() => attributeOf(page, menu, 'aria-expanded')).toBe('true');

    // The whole row is the target: a tap near its left edge, on the label, expands it.
    const row = await (await page.$(byRole('button', 'About Us', MAIN_NAV)))!.boundingBox();
    expect(row?.width).toBeGreaterThan(300);
    await page.mouse.click((row?.x ?? 0) + 20, (row?.y ?? 0) + (row?.height ?? 0) / 2);
    expect(await isVisible(page, byRole('link', 'Our Story', MAIN_NAV))).toBe(true);
    expect(await attributeOf(page, byRole('link', 'About Us overview', MAIN_NAV), 'href')).toBe('/about-us');
    await page.locator(byRole('button', 'Pricing', MAIN_NAV)).click();
    expect(await isVisible(page, byRole('link', 'Retainers', MAIN_NAV))).toBe(true);
    expect(await isVisible(page, byRole('link', 'Our Story', MAIN_NAV))).toBe(false);

    await page.locator(menu).click();
    await expect.poll(() => isVisible(page, byRole('link', 'Blog', MAIN_NAV))).toBe(false);
    await page.locator(menu).click();
    await page.locator(byRole('link', 'Blog', MAIN_NAV)).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await closePage(page);
  });
});

describe('island takeover under a finger', () => {
  it('at 375px, a press on the static Menu held while the island arrives still opens the menu', async () => {
    const page = await site.newPage(375);
    let served = false;
    await interceptRequests(page, NAVIGATION_CHUNK, async (request) => {
      await delayed(300)(request);
      served = true;
    });
    await page.goto(site.url('/'));
    await hoverAt(page, STATIC_MENU, 20, 10);
    await page.mouse.down();
    await expect.poll(() => served).toBe(true);
    await pause(300); // the island's code is in; the finger is still down
    expect(await islandState(page, 'navigation')).not.toBe('mounted');
    await page.mouse.up();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    expect(await attributeOf(page, byRole('button', 'Menu', MAIN_NAV), 'aria-expanded')).toBe('true');
    await closePage(page);
  });
});

describe('island takeover of the static mobile menu', () => {
  it('at 375px, keeps the static menu working when the island’s code cannot load', async () => {
    const page = await site.newPage(375);
    await interceptRequests(page, NAVIGATION_CHUNK, (request) => request.abort());
    await page.goto(site.url('/'));
    await page.locator(STATIC_MENU).click();
    // The island never replaces the header: the load fails and is retried later.
    await expect.poll(() => islandState(page, 'navigation')).toMatch(/retrying|failed/);
    await page.locator(staticRow('/services')).click();
    const overview = byRole('link', 'Services overview', MAIN_NAV);
    expect(await isVisible(page, overview)).toBe(true);
    await page.locator(overview).click();
    await expect.poll(() => pathOf(page)).toBe('/services');
    await closePage(page);
  });

  it('at 375px, waits for the static menu to finish opening, so its fade never jumps', async () => {
    const page = await site.newPage(375);
    // The island's code arrives while the 0.3 s opening is under way.
    await interceptRequests(page, NAVIGATION_CHUNK, delayed(60));
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
    await page.locator(STATIC_MENU).click();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const times = await page.evaluate(() => (window as unknown as { times: Record<string, number> }).times);
    expect(times.opened).toBeLessThanOrEqual(times.replaced!);
    expect(await attributeOf(page, byRole('button', 'Menu', MAIN_NAV), 'aria-expanded')).toBe('true');
    await closePage(page);
  });

  it('at 375px, keeps open the menu and the section row the visitor expanded before the island arrived, and its focus', async () => {
    const page = await site.newPage(375);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await interceptRequests(page, NAVIGATION_CHUNK, async (request) => {
      await released;
      await request.continue();
    });
    await page.goto(site.url('/'));
    await page.locator(STATIC_MENU).click();
    await page.locator(staticRow('/services')).click();
    expect(await islandState(page, 'navigation')).not.toBe('mounted');
    release();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    const services = byRole('button', 'Services', MAIN_NAV);
    expect(await attributeOf(page, services, 'aria-expanded')).toBe('true');
    // Focus moves from the static row to the island's.
    expect(await page.$eval(services, (button) => button === document.activeElement)).toBe(true);
    expect(await isVisible(page, byRole('link', 'Services overview', MAIN_NAV))).toBe(true);
    expect(await attributeOf(page, byRole('button', 'Pricing', MAIN_NAV), 'aria-expanded')).toBe('false');
    await closePage(page);
  });
});

// With the live calls to action (site.json liveActions), no control shows the placeholder toast:
// each is a link, which needs no script; the toast's messages of a sent lead are lead-delivery.test.ts's.
describe.skipIf(actions.live)('toast island in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`at ${width}px, Get Started shows the toast, which is gone after about 5 seconds`, async () => {
      const page = await site.newPage(width);
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
      if (width < 1024) await page.locator(STATIC_MENU).click();
      await page.locator(byRole('button', 'Get Started', MAIN_NAV)).click();
      await expect.poll(() => toastText(page)).toContain(TOAST_TEXT);
      expect(await toastText(page)).toContain('🚧');
      // From here the test moves the page's clock (Chromium's virtual time, which its timers
      // follow): 4.8 s after the toast appeared it is up; by 5.3 s it is gone. Paused first, the
      // clock waits however slowly the test's calls reach the page.
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setVirtualTimePolicy', { policy: 'pause' });
      const runFor = async (budget: number) => {
        const expired = new Promise((resolve) => cdp.once('Emulation.virtualTimeBudgetExpired', resolve));
        await cdp.send('Emulation.setVirtualTimePolicy', { policy: 'advance', budget });
        await expired;
      };
      const shownAt = Number(await attributeOf(page, TOAST, 'data-shown-at'));
      await runFor(shownAt + 4800 - (await page.evaluate(() => Date.now())));
      expect(await toastText(page)).toContain(TOAST_TEXT);
      await runFor(500);
      expect(await toastText(page)).toBe('');
      await closePage(page);
    });
  }
  it('Call Now on /contact and every package button on /pricing show the toast', async () => {
    const triggers: [string, string][] = [
      ['/contact', 'Call Now'],
      ['/pricing', 'Start with Starter'],
      ['/pricing', 'Choose Growth'],
      ['/pricing', 'Scale with us'],
    ];
    for (const [path, name] of triggers) {
      const page = await open(path, 1280);
      const url = await urlOf(page);
      await page.locator(byRole('button', name)).click();
      await expect.poll(() => toastText(page), { message: name }).toContain(TOAST_TEXT);
      expect(await urlOf(page)).toBe(url);
      await closePage(page);
    }
  });
});

// With a lead endpoint, a submit sends the lead: lead-delivery.test.ts.
describe.skipIf(settings.leadEndpoint)('contact form island in Chromium', () => {
  async function fillValidForm(page: Page) {
    await fillContactForm(page);
    await expect.poll(() => islandState(page, 'contact-form')).toBe('mounted');
  }

  it('a valid submit sends no request, shows the toast and keeps the entries', async () => {
    const page = await open('/contact', 1280);
    await fillValidForm(page);
    const requests: HTTPRequest[] = [];
    page.on('request', (request) => requests.push(request));
    const url = await urlOf(page);

    await submitContactForm(page);
    await expect.poll(() => toastText(page)).toContain(TOAST_TEXT);

    expect(await urlOf(page)).toBe(url);
    // Only the toast island's own code may be fetched; nothing carries form data.
    expect(requests.filter((request) => request.resourceType() !== 'script').map((r) => r.url())).toEqual([]);
    expect(requests.every((request) => request.method() === 'GET')).toBe(true);
    expect(await valueOf(page, 'First name')).toBe('Ada');
    expect(await valueOf(page, 'Type of real estate investing')).toBe('rental');
    await closePage(page);
  });

  it('an invalid submit shows the browser’s own validation and no toast', async () => {
    const page = await open('/contact', 1280);
    await page.locator(field('First name')).fill('Ada');
    await submitContactForm(page);
    const message = await page.$eval(
      field('Last name'),
      (input) => (input as HTMLInputElement).validationMessage,
    );
    expect(message).not.toBe('');
    await pause(300);
    expect(await toastText(page)).toBe('');
    await closePage(page);
  });

  it('with JavaScript off, a submit puts no data in the URL and says how to reach the agency', async () => {
    const page = await site.open('/contact', 1280, { javaScriptEnabled: false });
    await fillContactForm(page);
    await submitContactForm(page);
    await expect
      .poll(async () => new URL((await urlOf(page)) ?? 'about:blank').hash)
      .toBe('#contact-form-help');
    expect(await pathOf(page)).toBe('/contact');
    expect(new URL((await urlOf(page))!).search).toBe('');
    expect(await isVisible(page, '#contact-form-help')).toBe(true);
    const help = await textOf(page, '#contact-form-help');
    expect(help).toContain(settings.phone);
    expect(help).toContain(settings.email);
    await closePage(page);
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
    const pricing = byRole('link', 'Pricing', MAIN_NAV);
    await page.locator(pricing).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('failed');
    expect(errors.join('\n')).toContain('[island:navigation]');
    expect(await isVisible(page, pricing)).toBe(true);

    if (!actions.live) {
      await page.locator(byRole('button', 'Get Started', MAIN_NAV)).click();
      await expect.poll(() => toastText(page)).toContain(TOAST_TEXT);
    }
    await page.focus(field('First name'));
    await expect.poll(() => islandState(page, 'contact-form')).toBe('mounted');
    await closePage(page);
  });
});
