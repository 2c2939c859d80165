import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { grownTree } from '../tests/support/grown-tree.mjs';
import { startNpmServer, type RunningServer } from '../tests/support/server';
import {
  mismatchWithReferences,
  prepareCaptureBrowser,
  recordCapture,
  unsupportedReason,
} from './capture-browser.cjs';
import { describeFailures, runSuite } from './run-suite';

/**
 * Runs BackstopJS against `npm run serve` with the pinned capture browser. BACKSTOP_COMMAND=reference
 * (npm run test:visual:reference) captures new references instead, and records the browser that
 * took them.
 */
const command = process.env.BACKSTOP_COMMAND === 'reference' ? 'reference' : 'test';
const unsupported = unsupportedReason();
const { configFor } = createRequire(import.meta.url)('./backstop.config.cjs') as {
  configFor: (baseUrl: string, output: undefined, grownUrl: string) => Parameters<typeof runSuite>[1];
};

describe.skipIf(unsupported)('visual regression (BackstopJS)', () => {
  // Unset when the run stops before capturing.
  let server: RunningServer | undefined;
  let grownServer: RunningServer | undefined;
  beforeAll(async () => {
    await prepareCaptureBrowser();
    // A run on another build would report every capture as changed: stop before capturing.
    const mismatch = command === 'test' && mismatchWithReferences();
    if (mismatch) throw new Error(mismatch);
    server = await startNpmServer('serve');
    grownServer = await startNpmServer('serve', [], 60_000, await grownTree());
  }, 300_000);
  afterAll(() => Promise.all([server?.stop(), grownServer?.stop()]));

  it(`backstop ${command}: every page at its widths, the shared parts, interactions, JavaScript off and the grown pages`, async () => {
    const failed = await runSuite(command, configFor(server!.url, undefined, grownServer!.url));
    if (failed.length > 0) throw new Error(describeFailures(failed));
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
