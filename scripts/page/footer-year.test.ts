import { describe, expect, it } from 'vitest';
import { correctFooterYear } from './footer-year';

const footer = (year: string) => {
  document.body.innerHTML = `<footer><p>&copy; <span class="ds-footer__year">${year}</span> DealStream</p></footer>`;
  return () => document.querySelector('.ds-footer__year')?.textContent;
};

describe('correctFooterYear', () => {
  it('moves a stale build year forward to the visitor’s year', () => {
    const year = footer('2026');
    correctFooterYear(document, new Date('2027-01-01T00:00:01'));
    expect(year()).toBe('2027');
  });

  it('never moves it back for a clock set in the past', () => {
    const year = footer('2026');
    correctFooterYear(document, new Date('2019-06-01T12:00:00'));
    expect(year()).toBe('2026');
  });
});
