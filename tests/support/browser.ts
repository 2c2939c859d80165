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
  /**
   * Runs `check` on every path, spread over a few tabs at `width`, and returns what it found, each
   * finding prefixed with its path, in path order. A page load waits on the network and on the
   * renderer; across tabs those waits overlap instead of adding up. `prepare` runs once per tab.
   */
  checkEveryPath: (
    paths: readonly string[],
    width: number,
    check: (page: Page, path: string) => Promise<string[]>,
    options?: BrowserContextOptions & { prepare?: (page: Page) => Promise<void> },
  ) => Promise<string[]>;
}

/** Tabs for checkEveryPath: one more than the machine's two cores, so one is always loading. */
const TABS = 3;

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
    async checkEveryPath(paths, width, check, { prepare, ...options } = {}) {
      const found: string[][] = [];
      // One iterator shared by every tab: each path is taken by the first tab that is free.
      const queue = paths.entries();
      await Promise.all(
        Array.from({ length: Math.min(TABS, paths.length) }, async () => {
          const page = await this.newPage(width, options);
          await prepare?.(page);
          for (const [index, path] of queue) {
            found[index] = (await check(page, path)).map((finding) => `${path}: ${finding}`);
          }
          await page.context().close();
        }),
      );
      return found.flat();
    },
  };
}
