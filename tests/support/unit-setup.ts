import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  // A few unit tests run in Node (`@vitest-environment node`), where there is no page to clean.
  if (typeof document !== 'undefined') {
    cleanup();
    document.body.replaceChildren();
  }
  vi.restoreAllMocks();
  vi.useRealTimers();
});
