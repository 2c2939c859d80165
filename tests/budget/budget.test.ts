/**
 * `npm run budget`: the performance budget, with the system Chromium. Every page's first paint is
 * measured in bytes on the wire from `npm run serve`, where it is heaviest; Lighthouse 12 (mobile,
 * default simulated throttling) audits every content page, the heaviest page of the shared
 * under-construction template and the 404 page as production serves them: nginx with the
 * generated config, over HTTPS and HTTP/2. Prints a table per page, then the cold build
 * time, the build time of a copy grown to 500 routes, the dev rebuild time and the interactions
 * with each island (against their goals, see TIMING_GOALS), and fails when a page misses a budget.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, testChromium } from '../support/browser';
import { CHROMIUM_ARGS } from '../../scripts/build/chromium.cjs';
import { FIRST_PAINT_BYTES, firstPaintBytes, startNginx } from '../support/hosts';
import { startNpmServer, stopProcessGroup, type RunningServer } from '../support/server';
import { ROOT, routes } from '../support/site';
import { copyOfTree } from '../support/tree-copy';
import {
  ISLAND_SETS,
  SHORTEST_REPORTED_MS,
  measureInteractions,
  scriptBytesWithEveryIsland,
  type InteractionFigures,
} from './interactions';
import { SCALED_ROUTES, scaledBuildTime } from './scaled-site.mjs';
import { firstPaintRatios, htmlOnlyTwins, type FirstPaintRatio } from './first-paint-ratio';

const BUDGET = {
  score: 100,
  totalBlockingTimeMs: 65,
  cumulativeLayoutShift: 0,
  firstPaintBytes: FIRST_PAINT_BYTES,
};
/**
 * Goals for figures that move with the machine: the 500-route build, the dev rebuild, the Event
 * Timing durations of interactions with each island at 4× CPU slowdown, and Lighthouse's Largest
 * Contentful Paint, which it simulates from the connections and tasks it observed on this machine
 * (the same unchanged code measured 1.05–1.17 s in one session and 1.07–1.32 s in another).
 * Each is printed with its goal and marked "(over)" when missed, and checked only where
 * BUDGET_CHECK_TIMED=1 asks for it: on the 2-core machine the same code's timings move by a
 * quarter from run to run (a cold build 5.4–7.6 s), and these figures sit close enough to their
 * goals that a check there would fail at random. A runner with steady timings can turn it on.
 */
const TIMING_GOALS = {
  largestContentfulPaintMs: 1_200,
  scaledBuildMs: 30_000,
  devRebuildMs: 1_000,
  firstInteractionMs: 100,
  laterInteractionMs: 50,
  /** LCP under devtools throttling against the same HTML's own paint (first-paint-ratio.ts). */
  firstPaintRatio: 1.05,
};
const over = (value: number, goal: number) => (value > goal ? ' (over)' : '');
const CHECK_TIMED = process.env.BUDGET_CHECK_TIMED === '1';
/**
 * Whether the build, rebuild and interaction goals are measured at all. `npm run budget` measures
 * them, as does CI's budget step (.github/workflows/ci.yml); `npm test` sets BUDGET_TIMED=0: they
 * are not checks there, and on two cores they cost about a minute of the suite's eight.
 */
const MEASURE_TIMED = CHECK_TIMED || process.env.BUDGET_TIMED !== '0';

interface TimedFigures {
  scaledBuild: number;
  rebuild: number;
  interactions: InteractionFigures[];
  ratios: FirstPaintRatio[];
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// Lighthouse will not audit a document answered with status 404, so the budget's nginx serves the
// 404 page at this address with status 200 (a location of its own): the same file and headers.
const NOT_FOUND = '/no-such-page';
const NOT_FOUND_AS_200 = `location = ${NOT_FOUND} { try_files /404.html =404; }`;

interface Page {
  path: string;
  /** Whether search engines may index it; noindex pages (under construction, 404) fail "is-crawlable" by design. */
  indexable: boolean;
  /** Pages that share one template, of which Lighthouse audits the heaviest. */
  sharedTemplate: string | undefined;
}

/** Every page: each route and the 404 page. */
const PAGES: Page[] = [
  ...routes.map((route) => ({
    path: route.path,
    indexable: route.template === 'content',
    sharedTemplate: route.template === 'placeholder' ? 'placeholder' : undefined,
  })),
  { path: NOT_FOUND, indexable: false, sharedTemplate: undefined },
];

/**
 * The pages Lighthouse audits: each page with content of its own, and of the pages that differ
 * only in the data a shared template fills in (the under-construction pages: a title, a line and
 * breadcrumbs), the one with the heaviest first paint. Loading, layout and scripts are the
 * template's, so its other pages would repeat the same figures at about 7 s each. What does vary
 * per page is checked on every page elsewhere: bytes here, axe at two widths
 * (tests/browser/accessibility.test.ts), CSP and console errors (tests/browser/csp.test.ts),
 * SEO tags (tests/build/seo.test.ts).
 */
function pagesToAudit(firstPaint: Map<string, number>): Page[] {
  const heaviest = new Map<string, Page>();
  for (const page of PAGES) {
    if (!page.sharedTemplate) continue;
    const current = heaviest.get(page.sharedTemplate);
    if (!current || firstPaint.get(page.path)! > firstPaint.get(current.path)!)
      heaviest.set(page.sharedTemplate, page);
  }
  return PAGES.filter((page) => !page.sharedTemplate || heaviest.get(page.sharedTemplate) === page);
}

/** One page's Lighthouse figures, from one run or the median of several. */
interface LighthouseFigures {
  /** How many complete Lighthouse reports the figures come from. */
  runs: number;
  scores: number[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Script bytes transferred by the end of the load: the entry script; islands load on use. */
  js: number;
  /** Every byte transferred by the end of the load, before any interaction (total-byte-weight). */
  load: number;
}

interface PageFigures {
  path: string;
  /** HTML and stylesheet bytes on the wire from serve (firstPaintBytes). */
  firstPaint: number;
  /** For the pages Lighthouse audits (pagesToAudit). */
  lighthouse: LighthouseFigures | undefined;
}

/** Compressed bytes on the wire per resource type, from Lighthouse's network-requests audit. */
function transferred(result: Result, type: string): number {
  const details = result.audits['network-requests']?.details as
    { items: { resourceType?: string; transferSize?: number }[] } | undefined;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === type)
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

function lighthouseFigures(result: Result): LighthouseFigures {
  const metric = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
  return {
    runs: 1,
    scores: CATEGORIES.map((id) => Math.round((result.categories[id]?.score ?? 0) * 100)),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    js: transferred(result, 'Script'),
    load: metric('total-byte-weight'),
  };
}

/**
 * Why Lighthouse could not measure a page (a runtime error such as a protocol timeout on a busy
 * machine, or a category it left unscored), or undefined when the report is complete.
 */
function measurementError(result: Result): string | undefined {
  if (result.runtimeError) return `${result.runtimeError.code}: ${result.runtimeError.message}`;
  const unscored = CATEGORIES.filter((id) => typeof result.categories[id]?.score !== 'number');
  return unscored.length > 0 ? `no score for ${unscored.join(', ')}` : undefined;
}

const ATTEMPTS = 3;
/**
 * Audits that no category scores, each costing a second or more per page: the back/forward
 * cache check navigates away and back, the others are filmstrip pictures for a report no one
 * opens here.
 */
const UNSCORED_AUDITS = ['bf-cache', 'screenshot-thumbnails', 'final-screenshot'];

/**
 * Audits one URL. A failed measurement is retried, since it says nothing about the page; a
 * complete report is returned as it is, so a missed budget is never retried away.
 */
async function audit(url: string, port: number, indexable: boolean): Promise<Result> {
  const errors: string[] = [];
  // A noindex page fails "is-crawlable" by design; every other SEO audit still counts.
  const skipAudits = [...UNSCORED_AUDITS, ...(indexable ? [] : ['is-crawlable'])];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const runner = await lighthouse(url, {
      port,
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      skipAudits,
      disableFullPageScreenshot: true,
    });
    const error = runner ? measurementError(runner.lhr) : 'Lighthouse returned no report';
    if (runner && error === undefined) return runner.lhr;
    errors.push(String(error));
    process.stdout.write(`Lighthouse could not measure ${url} (attempt ${attempt}): ${error}\n`);
  }
  throw new Error(`Lighthouse could not measure ${url} in ${ATTEMPTS} attempts: ${errors.join('; ')}`);
}

/** What a Lighthouse audit misses, in words. */
function lighthouseMisses(audited: LighthouseFigures): string[] {
  const found = audited.scores.flatMap((score, index) =>
    score < BUDGET.score ? [`${CATEGORIES[index]} ${score}`] : [],
  );
  if (audited.tbt > BUDGET.totalBlockingTimeMs) found.push(`TBT ${Math.round(audited.tbt)} ms`);
  if (audited.cls > BUDGET.cumulativeLayoutShift) found.push(`CLS ${audited.cls.toFixed(3)}`);
  return found;
}

/** What a page misses, in words; empty when it is within every budget. */
function misses(page: PageFigures): string[] {
  return [
    ...(page.firstPaint > BUDGET.firstPaintBytes ? [`first paint ${page.firstPaint} B`] : []),
    ...(page.lighthouse ? lighthouseMisses(page.lighthouse) : []),
  ];
}

/**
 * Runs per page when a timing figure misses. Total Blocking Time, Largest Contentful Paint and
 * the performance score are simulated from main-thread tasks timed on this machine (times four,
 * the simulated CPU slowdown), so one busy moment can cost a single run 100 ms; Lighthouse's own
 * advice on variability is to judge the median of several runs. CLS and the other categories do
 * not depend on timing.
 */
const RUNS_WHEN_TIMING_MISSES = 5;

/** Whether a run misses a checked timing budget; LCP is one only with BUDGET_CHECK_TIMED=1. */
function missesOnTiming(figures: LighthouseFigures): boolean {
  return (
    figures.scores[0]! < BUDGET.score ||
    figures.tbt > BUDGET.totalBlockingTimeMs ||
    (CHECK_TIMED && figures.lcp > TIMING_GOALS.largestContentfulPaintMs)
  );
}

/** The middle value (the upper middle of an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One page's figures from several runs: the median of each timing figure, and the worst of
 * every other, so that a page that misses a fixed budget in any run still fails.
 */
function combined(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (figure: (run: LighthouseFigures) => number) => runs.map(figure);
  return {
    runs: runs.length,
    scores: CATEGORIES.map((_, index) =>
      index === 0 ? median(of((run) => run.scores[0]!)) : Math.min(...of((run) => run.scores[index]!)),
    ),
    fcp: median(of((run) => run.fcp)),
    lcp: median(of((run) => run.lcp)),
    tbt: median(of((run) => run.tbt)),
    cls: Math.max(...of((run) => run.cls)),
    js: Math.max(...of((run) => run.js)),
    load: Math.max(...of((run) => run.load)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

function table(pages: PageFigures[]): string {
  const head = [
    'page',
    'first paint',
    'runs',
    'perf',
    'a11y',
    'bp',
    'seo',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'JS',
    'load',
  ];
  const rows = pages.map(({ path: pathname, firstPaint, lighthouse: audited }) => [
    pathname,
    kb(firstPaint),
    ...(audited
      ? [
          String(audited.runs),
          ...audited.scores.map(String),
          ms(audited.fcp),
          ms(audited.lcp),
          ms(audited.tbt),
          audited.cls.toFixed(3),
          kb(audited.js),
          kb(audited.load),
        ]
      : head.slice(2).map(() => '·')),
  ]);
  return aligned(head, rows);
}

/** Rows under a heading, in columns as wide as their widest cell. */
function aligned(head: string[], rows: string[][]): string {
  const widths = head.map((_, column) => Math.max(...[head, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** An Event Timing duration; Chromium reports none under SHORTEST_REPORTED_MS. */
const eventMs = (value: number) => (value === 0 ? `< ${SHORTEST_REPORTED_MS} ms` : ms(value));

function interactionTable(figures: InteractionFigures[]): string {
  const rows = figures.map(({ name, first, later, runs }) => [
    name,
    `${eventMs(first)}${over(first, TIMING_GOALS.firstInteractionMs)}`,
    `${eventMs(later)}${over(later, TIMING_GOALS.laterInteractionMs)}`,
    runs.map((run) => run.map((value) => (value === 0 ? '<16' : Math.round(value))).join('/')).join(', '),
  ]);
  return aligned(['interaction', 'first', 'later', 'each run (first/later)'], rows);
}

/** The timed figures that miss their goal (TIMING_GOALS), in words. */
function timedMisses(pages: PageFigures[], timedFigures: TimedFigures | undefined): string[] {
  const missed = (name: string, value: number, goal: number, unit: (value: number) => string) =>
    value > goal ? [`${name} ${unit(value)} (goal ≤ ${unit(goal)})`] : [];
  return [
    ...pages.flatMap(({ path: pathname, lighthouse }) =>
      lighthouse ? missed(`${pathname} LCP`, lighthouse.lcp, TIMING_GOALS.largestContentfulPaintMs, ms) : [],
    ),
    ...(timedFigures
      ? [
          ...missed(
            `${SCALED_ROUTES}-route build`,
            timedFigures.scaledBuild,
            TIMING_GOALS.scaledBuildMs,
            seconds,
          ),
          ...missed('dev rebuild', timedFigures.rebuild, TIMING_GOALS.devRebuildMs, ms),
          ...timedFigures.ratios.flatMap(({ path: pathname, ratio }) =>
            ratio > TIMING_GOALS.firstPaintRatio
              ? [`${pathname} first-paint ratio ${ratio.toFixed(2)} (goal ≤ ${TIMING_GOALS.firstPaintRatio})`]
              : [],
          ),
          ...timedFigures.interactions.flatMap(({ name, first, later }) => [
            ...missed(`${name}, first`, first, TIMING_GOALS.firstInteractionMs, ms),
            ...missed(`${name}, later`, later, TIMING_GOALS.laterInteractionMs, ms),
          ]),
        ]
      : []),
  ];
}

/** Runs an npm script to completion and returns how long it took. */
function timed(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'ignore' });
    child.on('exit', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** Parcel's "Built in 872ms" or "Built in 1.28s", in milliseconds. */
function parcelBuildTime(text: string): number | undefined {
  const built = /Built in ([\d.]+)(m?s)/.exec(text);
  if (!built) return undefined;
  return Number(built[1]) * (built[2] === 's' ? 1000 : 1);
}

/** Edits of the partial per run: the rebuild is about a second, so one busy moment would decide a single one. */
const REBUILDS = 3;

/**
 * Starts the Parcel dev watcher on a scratch output, edits a partial that every page includes
 * once the first build is done, and returns how long each rebuild took (Parcel's own "Built in"
 * figure), for REBUILDS edits.
 */
async function devRebuildsAfterPartialEdit(): Promise<number[]> {
  // On a copy of the tree: the edits never touch the real partial, whose newer time would make
  // dist/ look stale to the next suite (tests/support/fresh-build.ts).
  const tree = copyOfTree();
  const original = readFileSync(path.join(tree.root, 'partials/footer.html'), 'utf8');
  const watcher = spawn(
    'npx',
    ['parcel', 'watch', 'pages/**/*.html', '--dist-dir', 'dist', '--cache-dir', 'cache'],
    { cwd: tree.root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const nextBuild = () =>
      new Promise<number>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          const built = parcelBuildTime(chunk.toString());
          if (built !== undefined) {
            watcher.stdout.off('data', onData);
            resolve(built);
          }
        };
        watcher.stdout.on('data', onData);
        setTimeout(() => reject(new Error('the dev build did not finish in 120 s')), 120_000);
      });
    await nextBuild();
    const rebuilds: number[] = [];
    for (let edit = 1; edit <= REBUILDS; edit += 1) {
      const rebuilt = nextBuild();
      tree.write('partials/footer.html', `${original}<!-- budget: rebuild check ${edit} -->\n`);
      rebuilds.push(await rebuilt);
    }
    return rebuilds;
  } finally {
    await stopProcessGroup(watcher);
    tree.remove();
  }
}

/**
 * The figures that move with the machine: a cold build of the site and of a 500-route copy, the
 * dev rebuild after a partial's edit, and each island's first and later interactions. Printed.
 */
async function measureTimedFigures(
  chromePath: string,
  siteUrl: string,
  ratioPages: (browser: Browser) => Promise<FirstPaintRatio[]>,
): Promise<TimedFigures> {
  // A cold production build into a scratch folder: it never touches dist/ or Parcel's cache.
  const scratch = mkdtempSync(path.join(tmpdir(), 'build-'));
  const buildTime = await timed('npx', [
    'parcel',
    'build',
    'pages/**/*.html',
    '--no-source-maps',
    '--no-cache',
    '--dist-dir',
    scratch,
  ]).finally(() => {
    rmSync(scratch, { recursive: true, force: true });
  });
  const scaledBuild = await scaledBuildTime();
  const rebuilds = await devRebuildsAfterPartialEdit();
  const rebuild = median(rebuilds);
  process.stdout.write(
    `Production build of all ${routes.length} routes (Parcel, cold): ${seconds(buildTime)}\n` +
      `Production build of a ${SCALED_ROUTES}-route copy (npm run build, cold): ${seconds(scaledBuild)}` +
      ` (goal ≤ ${seconds(TIMING_GOALS.scaledBuildMs)})${over(scaledBuild, TIMING_GOALS.scaledBuildMs)}\n` +
      `Dev rebuild after editing partials/footer.html: ${ms(rebuild)}, the median of ` +
      `${rebuilds.map(ms).join(', ')} (goal ≤ ${ms(TIMING_GOALS.devRebuildMs)})` +
      `${over(rebuild, TIMING_GOALS.devRebuildMs)}\n\n`,
  );

  const browser = await launchBrowser(chromePath);
  let interactions: InteractionFigures[];
  try {
    interactions = await measureInteractions(browser, siteUrl);
    const scriptBytes: string[] = [];
    for (const pagePath of ISLAND_SETS) {
      scriptBytes.push(`${pagePath} ${kb(await scriptBytesWithEveryIsland(browser, siteUrl + pagePath))}`);
    }
    process.stdout.write(
      `Interactions at 4× CPU slowdown: Event Timing duration (INP's measure), the median of the ` +
        `runs shown; goals: first ≤ ${ms(TIMING_GOALS.firstInteractionMs)}, later ≤ ` +
        `${ms(TIMING_GOALS.laterInteractionMs)}\n${interactionTable(interactions)}\n\n` +
        `JS transferred once every island of the page is live: ${scriptBytes.join(', ')} ` +
        `(every other page has the same islands as /)\n\n`,
    );
  } finally {
    await browser.close();
  }
  const ratioBrowser = await launchBrowser(chromePath);
  const ratios = await ratioPages(ratioBrowser).finally(() => ratioBrowser.close());
  process.stdout.write(
    `First paint on a slow phone: LCP under Lighthouse's devtools throttling (slow 4G and 4× CPU on ` +
      `the requests themselves), each page beside its HTML-only twin (the same HTML, its stylesheet ` +
      `inlined, no scripts, the web font kept), median of 7 each, alternately in one run; goal: ratio ≤ ` +
      `${TIMING_GOALS.firstPaintRatio}\n${aligned(
        ['page', 'LCP', 'HTML only', 'ratio'],
        ratios.map(({ path: pathname, page, htmlOnly, ratio }) => [
          pathname,
          ms(page),
          ms(htmlOnly),
          `${ratio.toFixed(2)}${over(ratio, TIMING_GOALS.firstPaintRatio)}`,
        ]),
      )}\n\n`,
  );
  return { scaledBuild, rebuild, interactions, ratios };
}

describe('performance budget', () => {
  /** `npm run serve`: first-paint bytes (the heaviest of the hosts) and the interactions. */
  let server: RunningServer;
  /** nginx as production runs it, over HTTPS and HTTP/2: what Lighthouse audits. */
  let production: RunningServer;
  let chrome: chromeLauncher.LaunchedChrome;
  let chromePath = '';
  // Beside each page, its HTML-only twin, for the first-paint ratio (first-paint-ratio.ts).
  const twins = htmlOnlyTwins(
    PAGES.map((page) =>
      page.path === NOT_FOUND ? { path: page.path, file: '404.html' } : { path: page.path },
    ),
  );
  beforeAll(async () => {
    server = await startNpmServer('serve');
    production = await startNginx({ tls: true, serverDirectives: `${NOT_FOUND_AS_200}\n${twins.directive}` });
    // The pinned build (testChromium), so that figures compare across machines and over time.
    chromePath = await testChromium();
    chrome = await chromeLauncher.launch({
      chromePath,
      // nginx's certificate is made for this run, on loopback.
      chromeFlags: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    });
  });
  afterAll(async () => {
    chrome.kill();
    await production.stop();
    await server.stop();
    twins.remove();
  });

  it('every page is within every budget', async () => {
    const firstPaint = new Map<string, number>();
    for (const page of PAGES) firstPaint.set(page.path, await firstPaintBytes(server.url + page.path));
    const toAudit = pagesToAudit(firstPaint);
    const auditPage = async (page: Page) =>
      lighthouseFigures(await audit(production.url + page.path, chrome.port, page.indexable));
    const audited = new Map<string, LighthouseFigures>();
    for (const page of toAudit) audited.set(page.path, await auditPage(page));
    // A page that missed on timing is audited again once every page has had its first run, so
    // that its further runs do not fall in the same busy moment as the first.
    for (const page of toAudit) {
      const first = audited.get(page.path)!;
      if (!missesOnTiming(first)) continue;
      process.stdout.write(
        `${page.path}: ${[...lighthouseMisses(first), ...(first.lcp > TIMING_GOALS.largestContentfulPaintMs ? [`LCP ${Math.round(first.lcp)} ms`] : [])].join(', ')} in its first run; judging the median of ${RUNS_WHEN_TIMING_MISSES}\n`,
      );
      const runs = [first];
      while (runs.length < RUNS_WHEN_TIMING_MISSES) runs.push(await auditPage(page));
      audited.set(page.path, combined(runs));
    }
    const pages: PageFigures[] = PAGES.map(({ path: pathname }) => ({
      path: pathname,
      firstPaint: firstPaint.get(pathname)!,
      lighthouse: audited.get(pathname),
    }));
    process.stdout.write(
      `\nFirst paint (HTML + CSS on the wire from serve) of all ${pages.length} pages; Lighthouse ` +
        `(mobile, simulated throttling, over HTTP/2 from nginx) on ${toAudit.length}: every content page, the heaviest ` +
        `under-construction page and the 404 page (· not audited). JS: scripts by the end of the ` +
        `load; load: every byte by then, before any interaction\n${table(pages)}\n\n`,
    );

    const timedFigures = MEASURE_TIMED
      ? await measureTimedFigures(chromePath, server.url, (browser) =>
          firstPaintRatios(
            browser,
            production.url,
            toAudit.map((page) => page.path),
          ),
        )
      : undefined;
    if (!timedFigures) {
      process.stdout.write(
        'The builds, the dev rebuild, interactions and first-paint ratios were not measured (BUDGET_TIMED=0, as npm test ' +
          'sets it): npm run budget measures them.\n',
      );
    }
    const timedMissed = timedMisses(pages, timedFigures);
    if (timedMissed.length > 0 && !CHECK_TIMED) {
      process.stdout.write(
        `Timed goals missed, not checked (BUDGET_CHECK_TIMED=1 checks them): ${timedMissed.join('; ')}\n`,
      );
    }
    const failing = [
      ...pages.map((page) => [page.path, misses(page)] as const),
      ['timed goals', CHECK_TIMED ? timedMissed : []] as const,
    ].filter(([, found]) => found.length > 0);
    expect(Object.fromEntries(failing.map(([page, found]) => [page, found.join(', ')]))).toEqual({});
  }, 1_800_000);
});
