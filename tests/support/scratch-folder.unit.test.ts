import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import setup from './scratch-folder.mjs';

const system = os.tmpdir();
afterEach(() => {
  process.env.TMPDIR = system;
});

it('gives the run a temporary folder of its own, removed as it ends, and removes one a killed run left', () => {
  // A run that exits at once: its process id names no process after it.
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  const left = mkdtempSync(path.join(system, `site-tests-${gone}-`));
  mkdirSync(path.join(left, 'capture'));
  const teardown = setup();
  const folder = os.tmpdir();
  expect(path.dirname(folder)).toBe(system);
  expect(path.basename(folder)).toMatch(new RegExp(`^site-tests-${process.pid}-`));
  expect(existsSync(left), 'the killed run’s folder').toBe(false);
  // A second project of the same run shares it.
  expect(setup()).toBeUndefined();
  expect(os.tmpdir()).toBe(folder);
  teardown?.();
  expect(existsSync(folder)).toBe(false);
  expect(os.tmpdir()).toBe(system);
  rmSync(left, { recursive: true, force: true });
});
