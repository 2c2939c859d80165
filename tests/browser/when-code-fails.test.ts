/**
 * When the islands' code is slow, blocked or failing: a call to action always
 * answers, a submit never leaves the page, and nothing typed is lost.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  byRole,
  closePage,
  countOf,
  delayed,
  interceptRequests,
  islandState,
  textOf,
  useBrowserAndSite,
  urlOf,
  valueOf,
} from '../support/browser';
import { expectEntriesKept, fillContactForm, submitContactForm } from '../support/contact-form';
import { actions, site as settings } from '../support/site';
import { readData } from '../support/specification';

const messages = readData<typeof import('../../pages/_data/messages.json')>('messages');

const site = useBrowserAndSite();

/**
 * What these tests click and submit answers with the specification's placeholder toast. With the
 * live calls to action (site.json liveActions) Call Now is a link, which needs no script; with a
 * lead endpoint a submit sends the lead (lead-delivery.test.ts).
 */
const PLACEHOLDERS = !actions.live && !settings.leadEndpoint;

/** The chunks that carry the islands and the form's own code (named by scripts/build/bundle-namer). */
const ISLAND_CHUNKS = [
  'Toast',
  'ContactForm',
  'leads',
  'Navigation',
  'mount',
  'react',
  'react-transition-group',
];
const chunk = (name: string) => new RegExp(`/${name}\\.[0-9a-f]{8}\\.js$`);
/** Every script but the entry script. */
const ANY_ISLAND_CHUNK = /\/(?!main\.)[^/]+\.[0-9a-f]{8}\.js$/;

const STATUS = byRole('status');
const toastText = (page: Page) => textOf(page, STATUS);
const DISMISS = byRole('button', 'Dismiss message');
const CALL_NOW = byRole('button', 'Call Now');

/** Opens /contact with console errors recorded. */
async function openContact(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(site.url('/contact'));
  return errors;
}

describe.runIf(PLACEHOLDERS)('when island code fails', () => {
  for (const blocked of [...ISLAND_CHUNKS, 'every island chunk']) {
    it(`with ${blocked} blocked, Call Now and the form still answer and keep every entry`, async () => {
      const page = await site.newPage(1280);
      const pattern = blocked in { 'every island chunk': 1 } ? ANY_ISLAND_CHUNK : chunk(blocked);
      await interceptRequests(page, pattern, (request) => request.abort());
      await openContact(page);
      await fillContactForm(page);
      await submitContactForm(page);
      await expect.poll(() => toastText(page)).toContain(messages.placeholderToast.title);
      expect(await toastText(page)).toContain(messages.placeholderToast.icon);
      const address = new URL((await urlOf(page))!);
      expect(address.pathname + address.search + address.hash).toBe('/contact');
      await expectEntriesKept(page);

      if ((await countOf(page, DISMISS)) > 0) {
        await page.locator(DISMISS).click();
        await expect.poll(() => toastText(page)).toBe('');
      }
      await page.locator(CALL_NOW).click();
      await expect.poll(() => toastText(page)).toContain(messages.placeholderToast.title);
      // One message at a time, in the live region.
      expect(await countOf(page, '[role="status"] .ds-toast')).toBe(1);
      await closePage(page);
    });
  }

  it('a chunk that fails once is fetched again by the next use, and the failure is logged once', async () => {
    const page = await site.newPage(1280);
    let failures = 1;
    await interceptRequests(page, chunk('Toast'), (request) =>
      failures-- > 0 ? request.abort() : request.continue(),
    );
    const errors = await openContact(page);

    await page.locator(CALL_NOW).click();
    await expect.poll(() => toastText(page)).toContain(messages.placeholderToast.title);
    expect(await countOf(page, '[data-plain-toast]')).toBe(1); // the entry script's card
    expect(await islandState(page, 'toast')).toBe('retrying');

    await new Promise((resolve) => setTimeout(resolve, 600)); // the first retry waits 500 ms
    await page.locator(CALL_NOW).click();
    await expect.poll(() => islandState(page, 'toast')).toBe('mounted');
    expect(await countOf(page, '[data-plain-toast]')).toBe(0); // the island's card instead
    expect(await countOf(page, DISMISS)).toBe(1);
    expect(await countOf(page, '[role="status"] .ds-toast')).toBe(1);
    expect(errors.filter((error) => error.includes('[island:toast]'))).toHaveLength(1);
    await closePage(page);
  });

  it('a submit while the form’s code is 3 s late is answered within a second, without leaving the page', async () => {
    const page = await site.newPage(1280);
    await interceptRequests(page, chunk('ContactForm'), delayed(3000));
    await openContact(page);
    await fillContactForm(page);
    const started = Date.now();
    await submitContactForm(page);
    await expect.poll(() => toastText(page), { timeout: 1500 }).toContain(messages.placeholderToast.title);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(new URL((await urlOf(page))!).hash).toBe('');
    await expectEntriesKept(page);
    // The island still arrives and takes over later submits.
    await expect.poll(() => islandState(page, 'contact-form'), { timeout: 5000 }).toBe('mounted');
    await closePage(page);
  });
});

describe('the contact form’s own code', () => {
  it('loads on the page with the form, and on no other page', async () => {
    const page = await site.newPage(1280);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(site.url('/'));
    if (!actions.live) {
      await page.locator(byRole('button', 'Get Started')).click();
      await expect.poll(() => toastText(page)).toContain(messages.placeholderToast.title);
    }
    expect(scripts.filter((script) => chunk('leads').test(script))).toEqual([]);
    await page.goto(site.url('/contact'));
    await expect.poll(() => scripts.filter((script) => chunk('leads').test(script)).length).toBe(1);
    await closePage(page);
  });
});

describe('contact form drafts', () => {
  it('survive a reload and back/forward in the tab, in sessionStorage only', async () => {
    const page = await site.newPage(1280);
    await openContact(page);
    await fillContactForm(page);
    await page.reload();
    await expectEntriesKept(page);

    await page.goto(site.url('/pricing'));
    await page.goBack();
    await expectEntriesKept(page);

    const stored = await page.evaluate(() => ({
      session: Object.keys(sessionStorage).sort(),
      local: localStorage.length,
      cookie: document.cookie,
    }));
    // The draft, and where the visit came from (scripts/page/attribution.ts): the tab's only.
    expect(stored).toEqual({ session: ['ds-attribution', 'ds-draft:contact-form'], local: 0, cookie: '' });
    expect(new URL((await urlOf(page))!).search).toBe('');
    await closePage(page);
  });

  it('are not shared with another tab', async () => {
    const page = await site.newPage(1280);
    await openContact(page);
    await fillContactForm(page);
    const other = await page.browserContext().newPage();
    await other.goto(site.url('/contact'));
    expect(await valueOf(other, 'First name')).toBe('');
    await closePage(page);
  });
});
