/**
 * Where a system Chromium is: $CHROME_PATH first, then a system Chromium or Chrome, and the flags
 * that let it run headless as root without touching the network.
 * Shared by the share-image renderer, the tests' set-up, BackstopJS and the budget (CommonJS, so that BackstopJS's
 * config can require it).
 */
const { existsSync } = require('node:fs');

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Flags that let headless Chromium run as root in a container without touching the network. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser executable to use, or undefined when none is installed. */
function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

module.exports = { CHROMIUM_ARGS, findChromium };
