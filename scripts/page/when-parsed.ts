/**
 * Runs `start` once the whole page is parsed. The entry script loads `async`, so that it never
 * holds back the first paint; from the cache, on a later page, it can then run before the parser
 * has reached the header's islands, the footer or the form.
 */
export function whenParsed(start: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
