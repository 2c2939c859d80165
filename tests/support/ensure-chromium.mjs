/**
 * Makes sure a Chromium (and a colour emoji font, so the 🚧 in pages and toasts renders as it
 * does for visitors) exists before the browser tests run. Where either is missing and this is
 * Debian as root, it installs Debian's packages, saying so; otherwise it stops with a one-line fix.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
const canInstall = existsSync('/etc/debian_version') && process.getuid?.() === 0;

/** Installs Debian packages, telling the reader what is happening and why. */
function aptInstall(packages, why) {
  console.log(`${why}: installing Debian's ${packages.join(', ')} (apt-get install -y)…`);
  const options = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  execFileSync('apt-get', ['update', '-qq'], options);
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], options);
}

if (process.env.CHROME_PATH && !findChromium()) {
  console.error(
    `CHROME_PATH=${process.env.CHROME_PATH} does not exist. Point it at a Chromium or Chrome binary.`,
  );
  process.exit(1);
}

const missing = [];
if (!findChromium()) missing.push('chromium');
if (canInstall && !existsSync(EMOJI_FONT)) missing.push('fonts-noto-color-emoji');

if (missing.includes('chromium') && !canInstall) {
  console.error(
    'No Chromium found. Fix: install Chromium or Chrome (Debian: sudo apt-get install -y chromium), or set CHROME_PATH.',
  );
  process.exit(1);
}
if (missing.length > 0) aptInstall(missing, 'Browser tests need Chromium and an emoji font');
console.log(`Browser tests use ${findChromium()}`);
