/**
 * How long a first visit on a slow phone waits for the first paint, against the shortest wait the
 * same HTML allows. Lighthouse's default, simulated throttling charges a render-blocking
 * stylesheet's request too little over HTTP/2; here, as Lighthouse's `devtools` throttling does,
 * slow 4G and a 4× slower CPU are applied to the requests themselves (Chromium's own network and
 * CPU emulation, with Lighthouse's figures), in a fresh context each time, so nothing is cached.
 * Each page's Largest Contentful Paint is measured beside its HTML-only twin's: the same HTML,
 * its stylesheet inlined, every script removed, the web font kept. Both come from the same server
 * in the same run, alternately, so the machine's speed moves both alike, and their ratio is the
 * figure: 1.00 means the page paints as soon as its HTML alone could. (A Lighthouse run in devtools
 * mode measures the same in about 17 s a page here, against about 2 s.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';
import { DIST } from '../support/site';

/** Where the HTML-only twins are served, beside the site: /html-only/<page>. */
export const HTML_ONLY_PREFIX = '/html-only';

export interface FirstPaintRatio {
  path: string;
  /** Median LCP of the page, in ms, under devtools throttling. */
  page: number;
  /** Median LCP of its HTML-only twin. */
  htmlOnly: number;
  ratio: number;
}

/** The page's HTML with every script removed: what paints before any script could matter. */
export function htmlOnly(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel=modulepreload[^>]*>/g, '');
}

/**
 * Writes the HTML-only twins of the pages (each a URL path and, for one that is not a route, the
 * built file it serves) into a scratch folder, and returns the nginx directive that serves them
 * at HTML_ONLY_PREFIX; the font and favicon come from the site itself.
 */
export function htmlOnlyTwins(pages: { path: string; file?: string }[]) {
  const folder = mkdtempSync(path.join(tmpdir(), 'html-only-'));
  for (const { path: pagePath, file = fileOfRoute(pagePath) } of pages) {
    const twin = path.join(folder, HTML_ONLY_PREFIX.slice(1), twinName(pagePath));
    mkdirSync(path.dirname(twin), { recursive: true });
    writeFileSync(twin, htmlOnly(readFileSync(path.join(DIST, file), 'utf8')));
  }
  return {
    directive: `location ^~ ${HTML_ONLY_PREFIX}/ { root ${folder}; }`,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** "/about-us/team" → "about-us/team.html"; "/" → "index.html"; a 404 URL → "404.html". */
function twinName(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse's slow 4G under devtools throttling (its `mobileSlow4G` preset, applied per request). */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

/** One cold load of `url` under slow 4G and 4× CPU: its Largest Contentful Paint, in ms. */
export async function throttledLcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    ignoreHTTPSErrors: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/**
 * Each page's LCP beside its twin's (served by htmlOnlyTwins at `origin`), the median of `runs`
 * alternating runs, in `browser`.
 */
export async function firstPaintRatios(
  browser: Browser,
  origin: string,
  pagePaths: string[],
  runs = 7,
): Promise<FirstPaintRatio[]> {
  const ratios: FirstPaintRatio[] = [];
  for (const pagePath of pagePaths) {
    const page: number[] = [];
    const twin: number[] = [];
    const twinUrl = `${origin}${HTML_ONLY_PREFIX}/${twinName(pagePath)}`;
    for (let run = 0; run < runs; run += 1) {
      // Each goes first in every other run, so that neither always follows the other.
      if (run % 2 === 0) page.push(await throttledLcp(browser, origin + pagePath));
      twin.push(await throttledLcp(browser, twinUrl));
      if (run % 2 === 1) page.push(await throttledLcp(browser, origin + pagePath));
    }
    ratios.push({
      path: pagePath,
      page: median(page),
      htmlOnly: median(twin),
      ratio: median(page) / median(twin),
    });
  }
  return ratios;
}
