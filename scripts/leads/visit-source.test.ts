import { beforeEach, describe, expect, it } from 'vitest';
import { attributionKey } from '../build/macros/storage-keys';
import { visitSource } from './visit-source';

const store = (source: unknown) => sessionStorage.setItem(attributionKey(), JSON.stringify(source));

describe('where a lead says the visit came from', () => {
  beforeEach(() => sessionStorage.clear());

  it('carries a crafted link’s values as text a spreadsheet never runs: printable, short, no formula', () => {
    store({
      landingPage: '/pricing',
      referrer: `https://www.google.com/${'a'.repeat(2_000)}`,
      utm_source: '=HYPERLINK("https://evil.example","click")',
      utm_campaign: '<img src=x onerror=alert(1)>',
      utm_medium: '+cpc\u0000\u202e',
      utm_term: '-@=x',
      utm_content: '\u0000=cmd|calc',
      gclid: '@\t',
      fbclid: 'C'.repeat(5_000),
      utm_zz: 'not a field',
      email: 'not either',
      nested: { not: 'text' },
    });
    expect(visitSource()).toEqual({
      landingPage: '/pricing',
      referrer: `https://www.google.com/${'a'.repeat(489)}`,
      utm_source: 'HYPERLINK("https://evil.example","click")',
      // Kept as text: whatever shows it escapes it.
      utm_campaign: '<img src=x onerror=alert(1)>',
      utm_medium: 'cpc',
      utm_term: 'x',
      utm_content: 'cmd|calc',
      fbclid: 'C'.repeat(200),
    });
  });

  it('is empty without a recorded visit, or with one that is not a record', () => {
    expect(visitSource()).toEqual({});
    sessionStorage.setItem(attributionKey(), 'not json');
    expect(visitSource()).toEqual({});
    store(['/pricing']);
    expect(visitSource()).toEqual({});
  });

  it('keeps an empty referrer: the visit came from nowhere', () => {
    store({ landingPage: '/blog', referrer: '' });
    expect(visitSource()).toEqual({ landingPage: '/blog', referrer: '' });
  });
});
