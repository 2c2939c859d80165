/**
 * When the islands' code is slow, blocked or failing: a call to action always
 * answers, a submit never leaves the page, and nothing typed is lost.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_TOAST } from '../../scripts/page/toast-store';
import { islandState, useBrowserAndSite } from '../support/browser';
import { expectEntriesKept, fillContactForm, submitContactForm } from '../support/contact-form';

const site = useBrowserAndSite();

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

const toastText = (page: Page) => page.getByRole('status').textContent();

/** Opens /contact with console errors recorded. */
async function openContact(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(site.url('/contact'));
  return errors;
}

describe('when island code fails', () => {
  for (const blocked of [...ISLAND_CHUNKS, 'every island chunk']) {
    it(`with ${blocked} blocked, Call Now and the form still answer and keep every entry`, async () => {
      const page = await site.newPage(1280);
      await page.route(blocked in { 'every island chunk': 1 } ? ANY_ISLAND_CHUNK : chunk(blocked), (route) =>
        route.abort(),
      );
      await openContact(page);
      await fillContactForm(page);
      await submitContactForm(page);
      await expect.poll(() => toastText(page)).toContain(PLACEHOLDER_TOAST.title);
      expect(await toastText(page)).toContain(PLACEHOLDER_TOAST.icon);
      expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe(
        '/contact',
      );
      await expectEntriesKept(page);

      const dismiss = page.getByRole('button', { name: 'Dismiss message' });
      if ((await dismiss.count()) > 0) {
        await dismiss.click();
        await expect.poll(() => toastText(page)).toBe('');
      }
      await page.getByRole('button', { name: 'Call Now' }).click();
      await expect.poll(() => toastText(page)).toContain(PLACEHOLDER_TOAST.title);
      // One message at a time, in the live region.
      expect(await page.getByRole('status').locator('.ds-toast').count()).toBe(1);
      await page.context().close();
    });
  }

  it('a chunk that fails once is fetched again by the next use, and the failure is logged once', async () => {
    const page = await site.newPage(1280);
    let failures = 1;
    await page.route(chunk('Toast'), (route: Route) => (failures-- > 0 ? route.abort() : route.continue()));
    const errors = await openContact(page);

    await page.getByRole('button', { name: 'Call Now' }).click();
    await expect.poll(() => toastText(page)).toContain(PLACEHOLDER_TOAST.title);
    expect(await page.locator('[data-plain-toast]').count()).toBe(1); // the entry script's card
    expect(await islandState(page, 'toast')).toBe('retrying');

    await page.waitForTimeout(600); // the first retry waits 500 ms
    await page.getByRole('button', { name: 'Call Now' }).click();
    await expect.poll(() => islandState(page, 'toast')).toBe('mounted');
    expect(await page.locator('[data-plain-toast]').count()).toBe(0); // the island's card instead
    expect(await page.getByRole('button', { name: 'Dismiss message' }).count()).toBe(1);
    expect(await page.getByRole('status').locator('.ds-toast').count()).toBe(1);
    expect(errors.filter((error) => error.includes('[island:toast]'))).toHaveLength(1);
    await page.context().close();
  });

  it('a submit while the form’s code is 3 s late is answered within a second, without leaving the page', async () => {
    const page = await site.newPage(1280);
    await page.route(chunk('ContactForm'), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await openContact(page);
    await fillContactForm(page);
    const started = Date.now();
    await submitContactForm(page);
    await expect.poll(() => toastText(page), { timeout: 1500 }).toContain(PLACEHOLDER_TOAST.title);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(new URL(page.url()).hash).toBe('');
    await expectEntriesKept(page);
    // The island still arrives and takes over later submits.
    await expect.poll(() => islandState(page, 'contact-form'), { timeout: 5000 }).toBe('mounted');
    await page.context().close();
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
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await expect.poll(() => toastText(page)).toContain(PLACEHOLDER_TOAST.title);
    expect(scripts.filter((script) => chunk('leads').test(script))).toEqual([]);
    await page.goto(site.url('/contact'));
    await expect.poll(() => scripts.filter((script) => chunk('leads').test(script)).length).toBe(1);
    await page.context().close();
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
      session: Object.keys(sessionStorage),
      local: localStorage.length,
      cookie: document.cookie,
    }));
    expect(stored).toEqual({ session: ['ds-draft:contact-form'], local: 0, cookie: '' });
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('are not shared with another tab', async () => {
    const page = await site.newPage(1280);
    await openContact(page);
    await fillContactForm(page);
    const other = await page.context().newPage();
    await other.goto(site.url('/contact'));
    expect(await other.getByLabel('First name').inputValue()).toBe('');
    await page.context().close();
  });
});
