import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attributionKey } from '../build/macros/storage-keys';
import { recordAttribution } from './attribution';

const ATTRIBUTION_KEY = attributionKey();

/** Opens `url` in the test's window, as the page the visitor is on, coming from `referrer`. */
function visit(url: string, referrer = '') {
  window.history.replaceState(null, '', url);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}
const recorded = () =>
  JSON.parse(sessionStorage.getItem(ATTRIBUTION_KEY) ?? 'null') as Record<string, string> | null;

describe('where a visit came from', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('records the first page’s campaign tags, click ids, referrer and path, and nothing else of its address', () => {
    visit(
      '/pricing?utm_source=google&utm_medium=cpc&utm_campaign=frederick&gclid=abc123&fbclid=x9&email=ada%40example.com&q=1',
      'https://www.google.com/',
    );
    recordAttribution();
    expect(recorded()).toEqual({
      landingPage: '/pricing',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'frederick',
      gclid: 'abc123',
      fbclid: 'x9',
    });
  });

  it('keeps only the known tags and click ids of a crafted link, each cut short', () => {
    const extra = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`utm_x${index}`, 'A'.repeat(50)]),
    );
    visit(
      `/?${new URLSearchParams({
        utm_source: '=HYPERLINK("https://evil.example","click")',
        utm_1: 'A'.repeat(5_000),
        utm_campaign: 'B'.repeat(5_000),
        gbraid: 'g1',
        wbraid: 'w1',
        msclkid: 'm1',
        ...extra,
      })}`,
      `https://www.google.com/${'a'.repeat(2_000)}`,
    );
    recordAttribution();
    const lead = recorded()!;
    expect(Object.keys(lead).sort()).toEqual(
      ['landingPage', 'referrer', 'utm_source', 'utm_campaign', 'gbraid', 'wbraid', 'msclkid'].sort(),
    );
    expect(lead.utm_campaign).toHaveLength(200);
    expect(lead.referrer).toHaveLength(512);
    expect(JSON.stringify(lead).length).toBeLessThan(1_000);
  });

  it('keeps the first page of the visit: later pages of the tab change nothing', () => {
    visit('/pricing?utm_campaign=frederick', 'https://www.facebook.com/');
    recordAttribution();
    visit('/about-us?utm_campaign=other', 'https://dealstream.example/pricing');
    recordAttribution();
    expect(recorded()).toEqual({
      landingPage: '/pricing',
      referrer: 'https://www.facebook.com/',
      utm_campaign: 'frederick',
    });
  });

  it('records a visit without a campaign too: its landing page, and where it came from, if anywhere', () => {
    visit('/blog');
    recordAttribution();
    expect(recorded()).toEqual({ landingPage: '/blog', referrer: '' });
  });

  it('records nothing, and throws nothing, when the browser refuses storage', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => recordAttribution()).not.toThrow();
    vi.restoreAllMocks();
    expect(recorded()).toBeNull();
  });

  it('sets no cookie', () => {
    visit('/pricing?utm_source=google');
    recordAttribution();
    expect(document.cookie).toBe('');
  });
});
