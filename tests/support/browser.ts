/** Launches the system Chromium through playwright-core for the browser tests. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

export function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: run node tests/support/ensure-chromium.mjs');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
