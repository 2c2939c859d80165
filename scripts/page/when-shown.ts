declare global {
  interface Document {
    /** True while the page is prerendered (Speculation Rules) and not yet shown. */
    readonly prerendering?: boolean;
  }
}

/**
 * Runs `start` once the visitor can see the page: at once, or when a page prerendered on a
 * hover is shown. A prerendered page may never be shown, and until it is, its session storage
 * is a copy that is thrown away: work that reads or sends the visitor's entries waits for it.
 */
export function whenShown(start: () => void): void {
  if (document.prerendering) document.addEventListener('prerenderingchange', start, { once: true });
  else start();
}
