/**
 * Chromium (through puppeteer-core, the library that drives Firefox too) and the built site, for
 * the browser tests and the budget, with the few measures the tests take of a page.
 */
import puppeteer, {
  TargetType,
  type Browser,
  type HTTPRequest,
  type MediaFeature,
  type Page,
} from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { prepareCaptureBrowser, unsupportedReason } from '../../backstop/capture-browser.cjs';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/build/chromium.cjs';
import { atEveryWidth } from './placeholder-sample.cjs';
import { startNpmServer, type RunningServer } from './server';
import { pathsToVisit } from './site';

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

/**
 * Chromium with the project's flags: the tests' own (testChromium), or the build at
 * `executablePath`. It accepts the certificates the tests make for loopback servers.
 */
export async function launchBrowser(executablePath?: string): Promise<Browser> {
  return puppeteer.launch({
    executablePath: executablePath ?? (await testChromium()),
    args: CHROMIUM_ARGS,
    acceptInsecureCerts: true,
  });
}

/** How a test page differs from a visitor's default one. */
export interface PageOptions {
  javaScriptEnabled?: boolean;
  /** Lets a test inject a script or style (axe-core, text spacing) that the site's CSP refuses. */
  bypassCSP?: boolean;
  reducedMotion?: 'reduce';
  forcedColors?: 'active';
  /** A touch screen, as on a phone. */
  hasTouch?: boolean;
}

/** Every test page is 800 px tall; the width is what a test varies. */
const viewport = (width: number, hasTouch = false) => ({ width, height: 800, hasTouch, isMobile: hasTouch });

/** A blank page at a viewport width in a fresh browser context (no cache, storage or cookies shared). */
export async function newPage(browser: Browser, width: number, options: PageOptions = {}): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport(width, options.hasTouch));
  if (options.javaScriptEnabled === false) await page.setJavaScriptEnabled(false);
  if (options.bypassCSP) await page.setBypassCSP(true);
  const media: MediaFeature[] = [];
  if (options.reducedMotion) media.push({ name: 'prefers-reduced-motion', value: options.reducedMotion });
  if (options.forcedColors) media.push({ name: 'forced-colors', value: options.forcedColors });
  // Through the protocol: Puppeteer's emulateMediaFeatures refuses forced-colors.
  if (media.length > 0)
    await (await page.createCDPSession()).send('Emulation.setEmulatedMedia', { features: media });
  return page;
}

/** Closes a page from newPage() with its browser context. */
export const closePage = (page: Page) => page.browserContext().close();

export interface BrowserSite {
  browser: () => Browser;
  /** A blank page in a fresh context at a viewport width. */
  newPage: (width: number, options?: PageOptions) => Promise<Page>;
  /**
   * Opens a route of the served site in a fresh context at a viewport width, once its fonts are
   * ready; `prepare` runs on the page before it loads (recording layout shifts, say).
   */
  open: (
    path: string,
    width: number,
    options?: PageOptions & { prepare?: (page: Page) => Promise<unknown> },
  ) => Promise<Page>;
  url: (path: string) => string;
  /**
   * Runs `check` on every path at each of `widths`, spread over a few tabs, and returns what it
   * found, each finding prefixed with its path and width, in path order. A page load waits on the
   * network and on the renderer; across tabs those waits overlap instead of adding up. Each path is
   * loaded once, at the first width, then the tab is resized to each further width, as a visitor
   * resizes a window: the stylesheet lays the page out afresh, and the load and anything `check`
   * injects are paid once per path. Under-construction pages outside the sample are checked at the
   * first width only (tests/support/placeholder-sample.cjs); on the grown site, the pages it
   * grows and a page of each kind (pathsToVisit, site.ts). `load` replaces the plain
   * `page.goto`; `prepare` runs once per tab.
   */
  checkEveryPath: (
    paths: readonly string[],
    widths: readonly number[],
    check: (page: Page) => Promise<string[]>,
    options?: PageOptions & {
      prepare?: (page: Page) => Promise<void>;
      load?: (page: Page, url: string) => Promise<unknown>;
      /** Where a path is served (default: the site). */
      urlFor?: (path: string) => string;
    },
  ) => Promise<string[]>;
}

/** `promise`, or a rejection saying `what` after `ms` (the promise itself is left to settle). */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * launchBrowser, given 60 s and then one more try: a CI run once waited out its 300 s hook on a
 * start that never answered, which said nothing of what hung. A launch that answers late is closed.
 */
async function launchPatiently(): Promise<Browser> {
  for (let attempt = 1; ; attempt += 1) {
    const launching = launchBrowser();
    try {
      return await within(60_000, `Chromium did not start (try ${attempt} of 2)`, launching);
    } catch (error) {
      void launching.then((late) => late.close()).catch(() => undefined);
      if (attempt === 2) throw error;
    }
  }
}

/** Tabs for checkEveryPath: one more than the machine's two cores, so one is always loading. */
const TABS = 3;

/** Starts Chromium and `npm run serve` for the current test file, and stops both after it. */
export function useBrowserAndSite(): BrowserSite {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchPatiently(),
      within(90_000, 'npm run serve did not answer', startNpmServer('serve')),
    ]);
  }, 300_000);
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
    newPage: (width, options) => newPage(started().browser, width, options),
    async open(path, width, { prepare, ...options } = {}) {
      const page = await this.newPage(width, options);
      await prepare?.(page);
      await page.goto(started().server.url + path);
      await page.evaluate(() => document.fonts.ready);
      return page;
    },
    async checkEveryPath(paths, widths, check, { prepare, load, urlFor, ...options } = {}) {
      const found: string[][] = [];
      // One iterator shared by every tab: each path is taken by the first tab that is free.
      const visited = pathsToVisit(paths);
      const queue = visited.entries();
      await Promise.all(
        Array.from({ length: Math.min(TABS, visited.length) }, async () => {
          const page = await this.newPage(widths[0]!, options);
          await prepare?.(page);
          for (const [index, path] of queue) {
            // The previous path left the tab at the last width.
            if (widths.length > 1) await page.setViewport(viewport(widths[0]!));
            await (load ?? ((tab, url) => tab.goto(url)))(page, (urlFor ?? this.url)(path));
            const findings: string[] = [];
            for (const [step, width] of (atEveryWidth(path) ? widths : widths.slice(0, 1)).entries()) {
              if (step > 0) await page.setViewport(viewport(width));
              for (const finding of await check(page)) findings.push(`${path} at ${width}px: ${finding}`);
            }
            found[index] = findings;
          }
          await closePage(page);
        }),
      );
      return found.flat();
    },
  };
}

/**
 * A selector for the element with an ARIA `role` and, when given, exactly this accessible name,
 * inside the elements `within` matches (any selector, itself one of these).
 */
export const byRole = (role: string, name?: string, within = '') =>
  `${within} ::-p-aria([role="${role}"]${name === undefined ? '' : `[name="${name}"]`})`.trim();

/** The site's main navigation, in the header. */
export const MAIN_NAV = byRole('navigation', 'Main');
/** The static header's Menu toggle (a <summary>), which the island replaces. */
export const STATIC_MENU = `${MAIN_NAV} summary.ds-nav__toggle`;
/** The static mobile menu's row of a section ("/services"), a <summary>. */
export const staticRow = (section: string) => `${MAIN_NAV} summary[data-focus-id="${section}"]`;

/** An attribute of the first element `selector` matches; null without the attribute or the element. */
export async function attributeOf(page: Page, selector: string, name: string): Promise<string | null> {
  const element = await page.$(selector);
  return element ? element.evaluate((node, attribute) => node.getAttribute(attribute), name) : null;
}

/** The text of the first element `selector` matches; null without one. */
export async function textOf(page: Page, selector: string): Promise<string | null> {
  const element = await page.$(selector);
  return element ? element.evaluate((node) => node.textContent) : null;
}

/** Whether an element `selector` matches is displayed (a box, not visibility: hidden). */
export async function isVisible(page: Page, selector: string): Promise<boolean> {
  const element = await page.$(selector);
  return element ? element.isVisible() : false;
}

/** How many elements `selector` matches. */
export const countOf = async (page: Page, selector: string) => (await page.$$(selector)).length;

/** A form field's value, by its label (its accessible name). */
export const valueOf = (page: Page, label: string) =>
  page.$eval(`::-p-aria([name="${label}"])`, (field) => (field as HTMLInputElement).value);

/** Moves the pointer over the first element `selector` matches, `x` and `y` px from its top left corner. */
export async function hoverAt(page: Page, selector: string, x: number, y: number): Promise<void> {
  // Read afresh: an island that has just taken over may have replaced the element.
  const box = await page.$eval(selector, (element) => {
    const { left, top } = element.getBoundingClientRect();
    return { left, top };
  });
  await page.mouse.move(box.left + x, box.top + y);
}

/**
 * `read` evaluated in the tab's current document. When Chromium shows a prerendered page
 * (Speculation Rules) in a target of its own, Puppeteer's page keeps the old, detached frame, and
 * every read of it fails ("Attempted to use detached Frame"): the read then goes over CDP to the
 * one page target of the test page's browser context (each test page has a context of its own).
 */
export async function inCurrentDocument<T>(page: Page, read: () => T): Promise<T> {
  try {
    return await page.evaluate(read);
  } catch (error) {
    if (!/detached Frame/.test(String(error))) throw error;
    const [shown] = page
      .browserContext()
      .targets()
      .filter((target) => target.type() === TargetType.PAGE);
    if (!shown) throw error;
    const session = await shown.createCDPSession();
    try {
      const { result } = await session.send('Runtime.evaluate', {
        expression: `(${read.toString()})()`,
        returnByValue: true,
      });
      return result.value as T;
    } finally {
      await session.detach();
    }
  }
}

/**
 * The address of the page's document, read from the document: page.url() stays at the old address
 * when a prerendered page is shown instead. Undefined while the document is replaced.
 */
export const urlOf = (page: Page) => inCurrentDocument(page, () => location.href).catch(() => undefined);
/** The path of the page's document, for polling until a navigation has arrived. */
export const pathOf = async (page: Page) => new URL((await urlOf(page)) ?? 'about:blank').pathname;

/**
 * Hands each request whose URL matches `pattern` to `handle` (which aborts, delays or continues
 * it); every other request goes through untouched.
 */
export async function interceptRequests(
  page: Page,
  pattern: RegExp,
  handle: (request: HTTPRequest) => Promise<void> | void,
): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (pattern.test(request.url())) void handle(request);
    else void request.continue();
  });
}

/** Holds back a request `ms` milliseconds, then lets it go on. */
export const delayed = (ms: number) => async (request: HTTPRequest) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await request.continue();
};

/** An island's `data-island-state` (retrying, mounted …), read from its root by island name. */
export const islandState = (page: Page, name: string) =>
  attributeOf(page, `[data-island="${name}"]`, 'data-island-state');

/** Makes `page` sum every layout shift from its next load on; read the sum with layoutShift(). */
export const recordLayoutShifts = (page: Page) =>
  page.evaluateOnNewDocument(() => {
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
