/**
 * Lighthouse's runs for the budget, made as Lighthouse CI's `collect` makes them: the settings of
 * lighthouserc.cjs, each run in a Chromium of its own, started for it and closed after it, and
 * each report (JSON and HTML) in `.lighthouseci/`, where `lhci assert` reads them and CI keeps them.
 * Only in this process: `lhci collect` starts Lighthouse's command line for every run, whose
 * loading was most of each run (docs/performance.md).
 *
 * Each run starts from a blank page of the same site as the audited one, on another origin (the
 * other nginx: 127.0.0.1 at another port), not from Lighthouse's `about:blank`. From
 * `about:blank`, Chromium moves the page to a new renderer process, and in about half the runs
 * the end of Lighthouse's trace then waited for the old one (Chromium's log: "Timeout while
 * waiting for ACKs for tracing session"). From a page of the same site, the audited page stays in
 * its process; another origin leaves the audited one's connection and cache cold, and the scores
 * and timings were the same either way.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { closePage, launchBrowser, newPage } from '../support/browser';

/** Where Lighthouse CI keeps its reports, from the working folder. */
const REPORTS = '.lighthouseci';

let saved = 0;

/**
 * Lighthouse's CPU slowdown, 4×, takes a desktop whose `benchmarkIndex` is 1,500 to 2,000 to a
 * mid-tier phone (Lighthouse's docs/throttling.md, "Calibrating the CPU slowdown"); on a machine
 * twice as slow, the same 4× simulates a phone twice as slow, and the simulated Total Blocking Time
 * of the same page grows by about what its longest tasks grow. Scaled by the machine's own index,
 * a slower machine simulates the same phone: the one 4× makes of a desktop of 1,750. Never more
 * than 4×, on which the limits were set: the index of one moment is no promise for the next
 * minute, and a faster reading would simulate a phone slower than the budget's (docs/performance.md).
 */
const LIGHTHOUSE_SLOWDOWN = 4;
export const DESKTOP_INDEX = 1750;
/** The slowdown that makes a machine of `benchmarkIndex` the phone the budget is set for, at most 4×. */
export const cpuSlowdownFor = (benchmarkIndex: number) =>
  Math.min(
    LIGHTHOUSE_SLOWDOWN,
    Math.max(1, Math.round((LIGHTHOUSE_SLOWDOWN * benchmarkIndex * 10) / DESKTOP_INDEX) / 10),
  );

/**
 * The machine's `benchmarkIndex`, as Lighthouse computes it before every run (a second of
 * JavaScript in the page), in the Chromium at `chromePath`: the median of three, one page each.
 */
export async function benchmarkIndexOf(chromePath: string): Promise<number> {
  const browser = await launchBrowser(chromePath);
  try {
    const indexes: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const page = await newPage(browser, 412);
      indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
      await closePage(page);
    }
    return indexes.sort((a, b) => a - b)[1]!;
  } finally {
    await browser.close();
  }
}

/**
 * Runs Lighthouse `runs` times on each URL, in turns, as `lhci collect` with `settings` (its
 * `collect.settings`) would; `additive` keeps the reports already there. Resolves with how many it
 * wrote; a run that fails rejects, naming its URL.
 */
export async function collectLighthouse(
  urls: string[],
  {
    runs,
    chromePath,
    settings,
    additive = false,
    blankPageOf,
  }: {
    runs: number;
    chromePath: string;
    settings: Flags & { chromeFlags?: string };
    additive?: boolean;
    /** The page a run on `url` starts from: the same site, another origin. */
    blankPageOf: (url: string) => string;
  },
): Promise<number> {
  if (!additive) rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const { chromeFlags = '', ...flags } = settings;
  let written = 0;
  for (let run = 1; run <= runs; run += 1) {
    for (const url of urls) {
      console.log(`Lighthouse run ${run} of ${runs} on ${url}`);
      // Headless, as lhci collect runs it unless told to show the window.
      const chrome = await launch({
        chromePath,
        chromeFlags: [...chromeFlags.split(/\s+/).filter(Boolean), '--headless=new'],
      });
      try {
        const result = await lighthouse(url, {
          ...flags,
          blankPage: blankPageOf(url),
          port: chrome.port,
          output: ['json', 'html'],
          logLevel: 'error',
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        if (result.lhr.runtimeError)
          throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
        const [json, html] = result.report as string[];
        // Named as lhci collect names them: lhr-<time>.json and .html.
        let name = `lhr-${Date.now()}`;
        while (existsSync(`${REPORTS}/${name}.json`)) name = `lhr-${Date.now() + (saved += 1)}`;
        writeFileSync(`${REPORTS}/${name}.json`, json!);
        writeFileSync(`${REPORTS}/${name}.html`, html!);
        written += 1;
      } finally {
        chrome.kill();
      }
    }
  }
  return written;
}
