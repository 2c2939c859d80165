/** The contact form on /contact as a visitor fills it in, for the browser tests. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the tests type into the form's text fields, by label. */
export const ENTRIES = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.com',
  'Phone number': '555 0100',
  'Biggest marketing challenge': 'Finding motivated sellers',
} as const;
/** And the type of investing chosen. */
export const INVESTING_TYPE = 'rental';

/** Fills in every field a valid submit needs, and the challenge. */
export async function fillContactForm(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(ENTRIES)) await page.getByLabel(label).fill(value);
  await page.getByLabel('Type of real estate investing').selectOption(INVESTING_TYPE);
}

/** Every entry fillContactForm made is still in its field. */
export async function expectEntriesKept(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(ENTRIES)) {
    expect(await page.getByLabel(label).inputValue(), label).toBe(value);
  }
  expect(await page.getByLabel('Type of real estate investing').inputValue()).toBe(INVESTING_TYPE);
}

/** Presses the form's submit button. */
export const submitContactForm = (page: Page) =>
  page.getByRole('button', { name: 'Book My Free Strategy Session' }).click();
