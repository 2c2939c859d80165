/**
 * Vitest's global set-up: the run's own temporary folder (TMPDIR), removed as the run ends, so
 * that nothing the tests, their browsers and their tools (BackstopJS, Lighthouse CI) write as
 * temporary stays in the system's folder after it. A run killed before its end leaves its
 * folder, which the next run removes once the process that made it is gone.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'site-tests-';

/** Whether a process is running (signal 0 tests, and sends nothing). */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

export default function setup() {
  const system = os.tmpdir();
  // Another project of this run (or the run that started this one) made it: its end removes it.
  if (path.basename(system).startsWith(PREFIX)) return undefined;
  for (const name of readdirSync(system)) {
    const owner = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (owner && !alive(owner)) rmSync(path.join(system, name), { recursive: true, force: true });
  }
  const folder = mkdtempSync(path.join(system, `${PREFIX}${process.pid}-`));
  // Read by os.tmpdir() in this process, its test workers and every program they start.
  process.env.TMPDIR = folder;
  return () => {
    process.env.TMPDIR = system;
    rmSync(folder, { recursive: true, force: true });
  };
}
