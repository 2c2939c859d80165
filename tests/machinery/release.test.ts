/**
 * `npm run release`, the one way to build for a host (README "Go live"): on a site before its
 * launch (a copy of the fixture tests/fixtures/before-launch/, a site root whose content the
 * launch check reads as the build would), it stops at the launch check, and leaves no dist/ to
 * upload, not even one an earlier `npm run build` wrote.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runIn } from '../support/site';
import { copyOfFixture } from '../support/tree-copy';

describe('npm run release', () => {
  const tree = copyOfFixture('before-launch');
  afterAll(() => tree.remove());

  it('stops at the launch check while anything is listed, and leaves no dist/ behind', () => {
    mkdirSync(path.join(tree.root, 'dist'), { recursive: true });
    writeFileSync(path.join(tree.root, 'dist/index.html'), '<!doctype html><title>An earlier build</title>');
    const { status, stdout, stderr } = spawnSync('npm', ['run', '--silent', 'release'], {
      ...runIn(tree.root),
      encoding: 'utf8',
    });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Launch check: \d+ thing\(s\) to change before the site goes live\./m);
    // Nothing was built: Parcel never started.
    expect(stdout).not.toMatch(/Built in|✨/);
    expect(existsSync(path.join(tree.root, 'dist'))).toBe(false);
  });
});
