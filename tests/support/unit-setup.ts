import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The unit test files of a worker share one module registry (vitest.config.ts, `isolate: false`);
// each still gets its own page, storage and globals. The project's modules are imported afresh for
// each file, as they would be alone: the toast store and the lead outbox keep state in theirs.
// Packages (React, Testing Library) stay loaded, which is what sharing saves.
vi.resetModules();

afterEach(() => {
  // A few unit tests run in Node (`@vitest-environment node`), where there is no page to clean.
  if (typeof document !== 'undefined') {
    cleanup();
    document.body.replaceChildren();
  }
  vi.restoreAllMocks();
  vi.useRealTimers();
});
