import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmServer, type RunningServer } from '../support/server';

const UNKNOWN_PATHS = ['/no-such-page', '/about-us/no-such-page'];

async function get(server: RunningServer, pathname: string) {
  const response = await fetch(server.url + pathname, { redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

describe('npm run dev (Parcel dev server)', () => {
  let server: RunningServer;
  // Its own output and cache, so the dev server never touches the production build's.
  const workDir = mkdtempSync(path.join(tmpdir(), 'dev-server-'));
  beforeAll(async () => {
    server = await startNpmServer(
      'dev',
      ['--dist-dir', path.join(workDir, 'dist'), '--cache-dir', path.join(workDir, 'cache'), '--no-hmr'],
      120_000,
    );
  }, 130_000);
  afterAll(async () => {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('answers a route with its page', async () => {
    const { status, body } = await get(server, '/about-us/team');
    expect(status).toBe(200);
    expect(body).toContain('<title>Our Team |');
  });

  it.each(UNKNOWN_PATHS)('answers %s with the 404 page and status 404', async (pathname) => {
    const { status, body } = await get(server, pathname);
    expect(status).toBe(404);
    expect(body).toContain('<title>Page Not Found');
  });
});
