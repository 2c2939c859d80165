import { createRequire } from 'node:module';
import backstop from 'backstopjs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startNpmServer, type RunningServer } from '../support/server';

/**
 * Runs BackstopJS against `npm run serve`. BACKSTOP_COMMAND=reference (npm run
 * test:visual:reference) captures new references instead of comparing with them.
 */
const command = process.env.BACKSTOP_COMMAND === 'reference' ? 'reference' : 'test';
const CONFIG = './backstop.config.cjs';

describe('visual regression (BackstopJS)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNpmServer('serve');
    process.env.BACKSTOP_BASE_URL = server.url;
  });
  afterAll(() => server.stop());

  it(`backstop ${command}: every page at its widths, interactions and JavaScript off`, async () => {
    // Loaded after the server starts: the config reads BACKSTOP_BASE_URL.
    const config: unknown = createRequire(import.meta.url)(CONFIG);
    await backstop(command, { config });
  }, 900_000);
});
