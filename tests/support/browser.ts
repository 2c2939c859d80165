/** Chromium (through playwright-core) and the built site, for the browser tests and the budget. */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { prepareCaptureBrowser, unsupportedReason } from '../../backstop/capture-browser.cjs';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/build/chromium.cjs';
import { atEveryWidth } from './placeholder-sample.cjs';
import { startNpmServer, type RunningServer } from './server';

/**
 * The Chromium the browser tests and the budget drive: the build the visual suite pins where it
 * runs (Linux x64), so that a verdict or a figure does not depend on the day's system package; it
 * is a headless shell, which ran the browser tests in about half the time of Debian's full
 * Chromium (docs/testing.md). Elsewhere, the system's ($CHROME_PATH, or an installed Chromium).
 */
export async function testChromium(): Promise<string> {
  if (!unsupportedReason()) return (await prepareCaptureBrowser()).executablePath;
  const system = findChromium();
  if (!system) throw new Error('No Chromium found: run npm run setup:system');
  return system;
}

/** Chromium with the project's flags: the tests' own (testChromium), or the build at `executablePath`. */
export async function launchBrowser(executablePath?: string): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath ?? (await testChromium()), args: CHROMIUM_ARGS });
}

export interface BrowserSite {
  browser: () => Browser;
  /** A blank page in a fresh context at a viewport width. */
  newPage: (width: number, options?: BrowserContextOptions) => Promise<Page>;
  /**
   * Opens a route of the served site in a fresh context at a viewport width, once its fonts are
   * ready; `prepare` runs on the page before it loads (recording layout shifts, say).
   */
  open: (
    path: string,
    width: number,
    options?: BrowserContextOptions & { prepare?: (page: Page) => Promise<unknown> },
  ) => Promise<Page>;
  url: (path: string) => string;
  /**
   * Runs `check` on every path at each of `widths`, spread over a few tabs, and returns what it
   * found, each finding prefixed with its path and width, in path order. A page load waits on the
   * network and on the renderer; across tabs those waits overlap instead of adding up. Each path is
   * loaded once, at the first width, then the tab is resized to each further width, as a visitor
   * resizes a window: the stylesheet lays the page out afresh, and the load and anything `check`
   * injects are paid once per path. Under-construction pages outside the sample are checked at the
   * first width only (tests/support/placeholder-sample.cjs). `load` replaces the plain
   * `page.goto`; `prepare` runs once per tab.
   */
  checkEveryPath: (
    paths: readonly string[],
    widths: readonly number[],
    check: (page: Page) => Promise<string[]>,
    options?: BrowserContextOptions & {
      prepare?: (page: Page) => Promise<void>;
      load?: (page: Page, url: string) => Promise<unknown>;
    },
  ) => Promise<string[]>;
}

/** Tabs for checkEveryPath: one more than the machine's two cores, so one is always loading. */
const TABS = 3;
/** Every test page is 800 px tall; the width is what a test varies. */
const viewport = (width: number) => ({ width, height: 800 });

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
      const context = await started().browser.newContext({ viewport: viewport(width), ...options });
      return context.newPage();
    },
    async open(path, width, { prepare, ...options } = {}) {
      const page = await this.newPage(width, options);
      await prepare?.(page);
      await page.goto(started().server.url + path);
      await page.evaluate(() => document.fonts.ready);
      return page;
    },
    async checkEveryPath(paths, widths, check, { prepare, load, ...options } = {}) {
      const found: string[][] = [];
      // One iterator shared by every tab: each path is taken by the first tab that is free.
      const queue = paths.entries();
      await Promise.all(
        Array.from({ length: Math.min(TABS, paths.length) }, async () => {
          const page = await this.newPage(widths[0]!, options);
          await prepare?.(page);
          for (const [index, path] of queue) {
            // The previous path left the tab at the last width.
            if (widths.length > 1) await page.setViewportSize(viewport(widths[0]!));
            await (load ?? ((tab, url) => tab.goto(url)))(page, this.url(path));
            const findings: string[] = [];
            for (const [step, width] of (atEveryWidth(path) ? widths : widths.slice(0, 1)).entries()) {
              if (step > 0) await page.setViewportSize(viewport(width));
              for (const finding of await check(page)) findings.push(`${path} at ${width}px: ${finding}`);
            }
            found[index] = findings;
          }
          await page.context().close();
        }),
      );
      return found.flat();
    },
  };
}

/** An island's `data-island-state` (retrying, mounted …), read from its root by island name. */
export const islandState = (page: Page, name: string) =>
  page.locator(`[data-island="${name}"]`).getAttribute('data-island-state');

/** Makes `page` sum every layout shift from its next load on; read the sum with layoutShift(). */
export const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        record.layoutShift += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The layout shift summed since the load, on a page prepared with recordLayoutShifts(). */
export const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
