import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import backstop from 'backstopjs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startNpmServer, type RunningServer } from '../tests/support/server';
import {
  mismatchWithReferences,
  prepareCaptureBrowser,
  recordCapture,
  unsupportedReason,
} from './capture-browser.cjs';
import { JSON_REPORT, failures } from './failures.mjs';

/**
 * Runs BackstopJS against `npm run serve` with the pinned capture browser. BACKSTOP_COMMAND=reference
 * (npm run test:visual:reference) captures new references instead, and records the browser that
 * took them.
 */
const command = process.env.BACKSTOP_COMMAND === 'reference' ? 'reference' : 'test';
const CONFIG = './backstop.config.cjs';
const unsupported = unsupportedReason();

describe.skipIf(unsupported)('visual regression (BackstopJS)', () => {
  // Unset when the run stops before capturing.
  let server: RunningServer | undefined;
  beforeAll(async () => {
    await prepareCaptureBrowser();
    // A run on another build would report every capture as changed: stop before capturing.
    const mismatch = command === 'test' && mismatchWithReferences();
    if (mismatch) throw new Error(mismatch);
    server = await startNpmServer('serve');
    process.env.BACKSTOP_BASE_URL = server.url;
  }, 120_000);
  afterAll(() => server?.stop());

  it(`backstop ${command}: every page at its widths, interactions and JavaScript off`, async () => {
    // A report left by an earlier run must not be read as this run's.
    rmSync(path.dirname(JSON_REPORT), { recursive: true, force: true });
    // Loaded after the server starts: the config reads BACKSTOP_BASE_URL.
    const config: unknown = createRequire(import.meta.url)(CONFIG);
    try {
      await backstop(command, { config });
    } catch (error) {
      // Backstop's own error says only how many failed: name each, and where to see it.
      const rows = failures();
      if (rows.length === 0) throw error;
      throw new Error(
        [
          `${rows.length} capture(s) differ from the references:`,
          ...rows.map(({ capture, mismatch, diff }) => `  ${capture} · ${mismatch} · ${diff}`),
          'npm run test:visual:report shows each beside its reference; if every one is meant: npm run test:visual:approve.',
        ].join('\n'),
      );
    }
    if (command === 'reference') recordCapture();
  }, 900_000);
});

if (unsupported) {
  it('visual regression: not run on this machine', () => {
    console.log(
      `Visual suite not run: ${unsupported}. Run npm run test:visual on Linux x64 or let CI run it; every other check runs here.`,
    );
  });
}
