/**
 * Makes sure a Chromium exists before the browser tests run. Where none is found and this is
 * Debian as root, it installs Debian's `chromium` package (saying so); otherwise it stops with
 * a one-line fix.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

const found = findChromium();
if (found) {
  console.log(`Browser tests use ${found}`);
  process.exit(0);
}
if (process.env.CHROME_PATH) {
  console.error(
    `CHROME_PATH=${process.env.CHROME_PATH} does not exist. Point it at a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
const isRoot = process.getuid?.() === 0;
if (!existsSync('/etc/debian_version') || !isRoot) {
  console.error(
    'No Chromium found. Fix: install Chromium or Chrome (Debian: sudo apt-get install -y chromium), or set CHROME_PATH.',
  );
  process.exit(1);
}
console.log("No Chromium found: installing Debian's chromium package (apt-get install -y chromium)…");
const quiet = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
execFileSync('apt-get', ['update', '-qq'], quiet);
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], quiet);
console.log(`Browser tests use ${findChromium()}`);
