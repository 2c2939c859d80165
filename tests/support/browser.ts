/** The system Chromium (through playwright-core) and the built site, for the browser tests. */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium.cjs';
import { startNpmServer, type RunningServer } from './server';

export function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: run node tests/support/ensure-system-deps.mjs');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export interface BrowserSite {
  browser: () => Browser;
  /** A blank page in a fresh context at a viewport width. */
  newPage: (width: number, options?: BrowserContextOptions) => Promise<Page>;
  /** Opens a route of the served site in a fresh context at a viewport width. */
  open: (path: string, width: number, options?: BrowserContextOptions) => Promise<Page>;
  url: (path: string) => string;
}

/** Starts Chromium and `npm run serve` for the current test file, and stops both after it. */
export function useBrowserAndSite(): BrowserSite {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startNpmServer('serve')]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.stop()]);
  });
  const started = () => {
    if (!browser || !server) throw new Error('useBrowserAndSite: the browser or server did not start');
    return { browser, server };
  };
  return {
    browser: () => started().browser,
    url: (path) => started().server.url + path,
    async newPage(width, options = {}) {
      const context = await started().browser.newContext({ viewport: { width, height: 800 }, ...options });
      return context.newPage();
    },
    async open(path, width, options = {}) {
      const page = await this.newPage(width, options);
      await page.goto(started().server.url + path);
      return page;
    },
  };
}
