/** The contact form on /contact as a visitor fills it in, for the browser tests. */
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { byRole, valueOf } from './browser';

/** What the tests type into the form's text fields, by label. */
export const ENTRIES = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.com',
  'Phone number': '555 0100',
  'Biggest marketing challenge': 'Finding motivated sellers',
} as const;
/** And the type of investing chosen. */
const INVESTING_TYPE = 'rental';

/** A form field by its label (its accessible name). */
export const field = (label: string) => `::-p-aria([name="${label}"])`;

/**
 * Fills in every field a valid submit needs, and the challenge, typing as a visitor does (with or
 * without JavaScript: Puppeteer's locators wait on the page's own frames, which never come without).
 */
export async function fillContactForm(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(ENTRIES)) await page.type(field(label), value);
  await page.select(field('Type of real estate investing'), INVESTING_TYPE);
}

/** Every entry fillContactForm made is still in its field. */
export async function expectEntriesKept(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(ENTRIES)) expect(await valueOf(page, label), label).toBe(value);
  expect(await valueOf(page, 'Type of real estate investing')).toBe(INVESTING_TYPE);
}

/** Presses the form's submit button. */
export const submitContactForm = (page: Page) =>
  page.click(byRole('button', 'Book My Free Strategy Session'));
