import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenShown } from './when-shown';

/** Makes the test document look prerendered (or not), as Chromium reports it. */
function setPrerendering(value: boolean | undefined): void {
  Object.defineProperty(document, 'prerendering', { value, configurable: true });
}

describe('whenShown', () => {
  afterEach(() => {
    setPrerendering(undefined);
  });

  it('starts at once on a page loaded the usual way, or in a browser without prerendering', () => {
    const start = vi.fn();
    whenShown(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits while the page is prerendered, and starts once when it is shown', () => {
    setPrerendering(true);
    const start = vi.fn();
    whenShown(start);
    expect(start).not.toHaveBeenCalled();
    setPrerendering(false);
    document.dispatchEvent(new Event('prerenderingchange'));
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
