import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenParsed } from './when-parsed';

describe('whenParsed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('starts at once on a page that is parsed', () => {
    const start = vi.fn();
    whenParsed(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the end of parsing when the script runs earlier (async, from the cache)', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const start = vi.fn();
    whenParsed(start);
    expect(start).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
