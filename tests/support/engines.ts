/**
 * Firefox and WebKit, the engines visitors use besides Chromium, from Debian's packages:
 * - Firefox ESR over WebDriver BiDi, driven by puppeteer-core (Playwright's Firefox is a patched
 *   build that cannot be installed here);
 * - WebKitGTK, Safari's engine, as its MiniBrowser driven by WebKitWebDriver through WebdriverIO
 *   in classic WebDriver mode, on a virtual display (Xvfb).
 * Both behind one small interface, so a test is written once and runs in each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type EvaluateFunc,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import { remote } from 'webdriverio';
import { freePort, stopProcessGroup } from './server';

export type EngineName = 'firefox' | 'webkit';

const FIREFOX = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';
/** Every test window is this tall; tests vary the width. */
const HEIGHT = 800;
/** The virtual display's height: the tallest whole-page screenshot WebKit can take. */
const MAX_HEIGHT = 10_000;

/** A page in one engine: the few actions the cross-engine tests need. */
export interface EnginePage {
  readonly name: EngineName;
  goto: (url: string) => Promise<void>;
  /** Sets the viewport's width (WebKit: the window's; MiniBrowser has no toolbar in automation). */
  resize: (width: number) => Promise<void>;
  hover: (selector: string) => Promise<void>;
  click: (selector: string) => Promise<void>;
  type: (selector: string, text: string) => Promise<void>;
  select: (selector: string, value: string) => Promise<void>;
  press: (key: 'Escape' | 'Enter' | 'Tab') => Promise<void>;
  /** Writes a PNG of the whole page (WebKit: the window grown to the page's height). */
  screenshot: (file: string) => Promise<void>;
  /** Runs a function in the page with JSON arguments, and returns its (JSON) result. */
  evaluate: <T, A extends unknown[]>(script: (...args: A) => T, ...args: A) => Promise<T>;
  close: () => Promise<void>;
}

async function firefox(env: NodeJS.ProcessEnv): Promise<EnginePage> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    env,
  });
  const page: PuppeteerPage = await browser.newPage();
  await page.setViewport({ width: 1280, height: HEIGHT });
  return {
    name: 'firefox',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    resize: (width) => page.setViewport({ width, height: HEIGHT }),
    hover: (selector) => page.hover(selector),
    click: (selector) => page.click(selector),
    type: (selector, text) => page.type(selector, text),
    select: async (selector, value) => {
      await page.select(selector, value);
    },
    press: (key) => page.keyboard.press(key),
    screenshot: async (file) => {
      await page.screenshot({ path: file, fullPage: true });
    },
    evaluate: <T, A extends unknown[]>(script: (...args: A) => T, ...args: A) =>
      page.evaluate(script as unknown as EvaluateFunc<A>, ...args) as Promise<T>,
    close: () => browser.close(),
  };
}

/** Starts a program in its own process group, so stopping it stops what it started. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A virtual display: Xvfb picks a free display number and writes it to stdout. */
async function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = start(XVFB, [
    '-displayfd',
    '1',
    '-screen',
    '0',
    `1600x${HEIGHT + 400}x24`,
    '-nolisten',
    'tcp',
  ]);
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdout?.once('data', (data: Buffer) => {
      resolve(`:${data.toString().trim()}`);
    });
    xvfb.once('exit', (code) => {
      reject(new Error(`Xvfb exited (${code}) before it opened a display`));
    });
  });
  return { display, process: xvfb };
}

async function webkit(env: NodeJS.ProcessEnv): Promise<EnginePage> {
  const { display, process: xvfb } = await startDisplay();
  const port = await freePort();
  const driver = start(WEBKIT_DRIVER, [`--port=${port}`], { ...env, DISPLAY: display });
  const stop = () => Promise.all([stopProcessGroup(driver), stopProcessGroup(xvfb)]);
  try {
    const browser = await remote({
      logLevel: 'error',
      hostname: '127.0.0.1',
      port,
      path: '/',
      connectionRetryCount: 10,
      capabilities: {
        browserName: 'MiniBrowser',
        // WebKitWebDriver speaks classic WebDriver only.
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
    // WebKitWebDriver does not scroll an element into view before it acts on it.
    const inView = async (selector: string) => {
      const element = browser.$(selector);
      await element.scrollIntoView({ block: 'center' });
      return element;
    };
    const resize = async (width: number) => {
      await browser.setWindowSize(width, HEIGHT);
    };
    await resize(1280);
    return {
      name: 'webkit',
      goto: (url) => browser.url(url).then(() => undefined),
      resize,
      hover: async (selector) => (await inView(selector)).moveTo(),
      click: async (selector) => (await inView(selector)).click(),
      type: async (selector, text) => (await inView(selector)).setValue(text),
      select: async (selector, value) => (await inView(selector)).selectByAttribute('value', value),
      press: (key) => browser.keys([key]),
      screenshot: async (file) => {
        // Classic WebDriver captures the viewport only.
        const { width } = await browser.getWindowSize();
        const height = await browser.execute(() => document.documentElement.scrollHeight);
        await browser.setWindowSize(width, Math.min(height, MAX_HEIGHT));
        // The grown window is painted a few frames later.
        await browser.pause(500);
        await browser.saveScreenshot(file);
        await browser.setWindowSize(width, HEIGHT);
      },
      evaluate: (script, ...args) => browser.execute(script as never, ...args) as never,
      close: async () => {
        await browser.deleteSession();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts one engine with a page at 1280 × 800. `fontconfigFile` limits the fonts it may draw with
 * to those the file lists (the visual suite's, for screenshots that look the same on any machine).
 */
export function startEngine(name: EngineName, fontconfigFile?: string): Promise<EnginePage> {
  const env = fontconfigFile ? { ...process.env, FONTCONFIG_FILE: fontconfigFile } : process.env;
  return name === 'firefox' ? firefox(env) : webkit(env);
}

/** What the page shows, for a wait that timed out: its address, live regions, islands, invalid fields and errors. */
const pageState = () =>
  JSON.stringify({
    url: location.href,
    readyState: document.readyState,
    status: [...document.querySelectorAll('[role="status"], [aria-live]')].map((region) =>
      region.textContent.trim(),
    ),
    islands: [...document.querySelectorAll<HTMLElement>('[data-island]')].map(
      (island) => `${island.dataset.island ?? ''}: ${island.dataset.islandState ?? 'not started'}`,
    ),
    invalid: [...document.querySelectorAll('form :invalid')].map((field) => field.id),
    said: (window as unknown as { __statusSaid?: string[] }).__statusSaid ?? [],
    errors: (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? [],
  });

/** Polls `check` in the page until it returns true; after 10 s, throws naming `what` and what the page shows. */
export async function waitInPage<A extends unknown[]>(
  page: EnginePage,
  what: string,
  check: (...args: A) => boolean,
  ...args: A
): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await page.evaluate(check, ...args))) {
    if (Date.now() > deadline) {
      const state = await page.evaluate(pageState).catch((error: unknown) => String(error));
      const message = `${page.name}: timed out waiting until ${what}; the page: ${state}`;
      // Printed too: a test that passes when tried again (retry) leaves its first failure in the log.
      console.error(message);
      throw new Error(message);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
