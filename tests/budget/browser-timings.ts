/** Timings Lighthouse does not take (docs/performance.md): interactions, and first paint on a slow phone. */
import type { Browser, Page } from 'puppeteer-core';
import { closePage, newPage } from '../support/browser';
import { actions } from '../support/site';

const link = (item: number) => `.ds-nav__list > li:nth-child(${item}) > .ds-nav__link`;
const [menu, cta] = ['[data-focus-id="nav-toggle"]', '.ds-nav__cta'];
/** What a visitor does, where, at what width, how (a tap on a touch screen), to which island, first and later. */
const ALL_INTERACTIONS = [
  ['navigation: hover a dropdown', '/', 1280, 'hover', 'navigation', link(2), link(3)],
  ['navigation: tap Menu', '/', 375, 'tap', 'navigation', menu, menu],
  ['contact form: focus a field', '/contact', 375, 'tap', 'contact-form', '#first-name', '#email'],
  ['toast: click Get Started', '/', 1280, 'click', 'toast', cta, cta],
] as const;
// With the live calls to action (site.json liveActions), Get Started is a link: no toast to time.
const INTERACTIONS = ALL_INTERACTIONS.filter(([, , , , island]) => !(actions.live && island === 'toast'));

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
type Recorded = Window & { events?: number[] };

/**
 * The longest Event Timing duration (INP's measure; 0: under 16 ms, not reported) of the first
 * interaction, which mounts the island, and a later one, at 4× CPU slowdown; medians of three.
 */
export async function interactionTimings(browser: Browser, origin: string) {
  const figures = [];
  for (const [name, path, width, how, island, first, later] of INTERACTIONS) {
    const measure = async (page: Page) => {
      await page.goto(origin + path, { waitUntil: 'networkidle0' });
      await page.evaluate(() => {
        const events: number[] = ((window as Recorded).events = []);
        const observer = new PerformanceObserver((list) =>
          events.push(...list.getEntries().map((e) => e.duration)),
        );
        observer.observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
      });
      await page.emulateCPUThrottling(4);
      // The frames right after the action (and the mount) still count: 300 ms for them.
      const longest = () =>
        pause().then(() => page.evaluate(() => Math.max(0, ...(window as Recorded).events!.splice(0))));
      await page[how](first);
      await page.waitForSelector(`[data-island="${island}"][data-island-state="mounted"]`);
      return [await longest(), await page[how](later).then(longest)] as const;
    };
    const runs = [];
    while (runs.length < 3) {
      const page = await newPage(browser, width, { hasTouch: how === 'tap' });
      runs.push(await measure(page).finally(() => closePage(page)));
    }
    figures.push({
      name,
      first: median(runs.map((run) => run[0])),
      later: median(runs.map((run) => run[1])),
    });
  }
  return figures;
}

/**
 * Each page's LCP on a cold load under Lighthouse's devtools throttling (slow 4G and 4× CPU on the
 * requests themselves), and with JavaScript off, as its HTML alone allows; medians of 7, in turns.
 */
export async function firstPaintTimings(browser: Browser, origin: string, pages: string[]) {
  const lcp = async (url: string, javaScript: boolean) => {
    const page = await newPage(browser, 412, { javaScriptEnabled: javaScript });
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    const kbps = (kilobits: number) => (kilobits * 1024 * 0.9) / 8;
    await page.emulateNetworkConditions({ latency: 562.5, download: kbps(1638.4), upload: kbps(750) });
    await page.emulateCPUThrottling(4);
    await page.goto(url, { waitUntil: 'load' });
    // The browser has recorded the LCP; reading it needs script, which no longer runs the page's.
    await page.setJavaScriptEnabled(true);
    const read = () =>
      new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime));
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      });
    return page.evaluate(read).finally(() => closePage(page));
  };
  const figures = [];
  for (const page of pages) {
    const [withJs, htmlOnly] = [[] as number[], [] as number[]];
    for (let run = 0; run < 7; run += 1) {
      if (run % 2 === 0) withJs.push(await lcp(origin + page, true));
      htmlOnly.push(await lcp(origin + page, false));
      if (run % 2 === 1) withJs.push(await lcp(origin + page, true));
    }
    figures.push({ page, lcp: median(withJs), htmlOnly: median(htmlOnly) });
  }
  return figures;
}
