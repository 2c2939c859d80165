/**
 * How long a visitor waits for the page to answer an interaction with each island, measured the
 * way INP is: the Event Timing duration, from the input to the next paint after its handlers.
 * Chromium runs at 4× CPU slowdown (Lighthouse's mobile setting), so the figures are a slow
 * phone's. The first interaction is the one that fetches and mounts the island; a later one is
 * answered by the mounted island.
 */
import type { Browser, Page } from 'playwright-core';

/** The CPU slowdown of Lighthouse's default mobile mode. */
const CPU_SLOWDOWN = 4;
/** Chromium reports no Event Timing entry shorter than this (the smallest threshold allowed). */
export const SHORTEST_REPORTED_MS = 16;
/** Runs per interaction; the median is reported, since one busy moment can add a frame or two. */
const RUNS = 3;

export interface Interaction {
  /** What the visitor does, in words, naming the island. */
  name: string;
  path: string;
  width: number;
  touch?: boolean;
  /** The island's root, whose data-island-state says when it is mounted. */
  root: string;
  first: (page: Page) => Promise<void>;
  later: (page: Page) => Promise<void>;
}

const sectionLink = (position: number) => `.ds-nav__list > li:nth-child(${position}) > .ds-nav__link`;

/**
 * One interaction per island, as a visitor starts it. The islands are the same on every page
 * (the header partial, the form partial), so each is measured on one page.
 */
export const INTERACTIONS: Interaction[] = [
  {
    name: 'navigation: hover a dropdown',
    path: '/',
    width: 1280,
    root: '[data-island="navigation"]',
    first: (page) => page.hover(sectionLink(2)),
    later: (page) => page.hover(sectionLink(3)),
  },
  {
    name: 'navigation: tap Menu',
    path: '/',
    width: 375,
    touch: true,
    root: '[data-island="navigation"]',
    first: (page) => page.tap('[data-focus-id="nav-toggle"]'),
    later: (page) => page.tap('[data-focus-id="nav-toggle"]'),
  },
  {
    name: 'contact form: focus a field',
    path: '/contact',
    width: 375,
    touch: true,
    root: '[data-island="contact-form"]',
    first: (page) => page.tap('#first-name'),
    later: (page) => page.tap('#email'),
  },
  {
    name: 'toast: click Get Started',
    path: '/',
    width: 1280,
    root: '[data-island="toast"]',
    first: (page) => page.click('.ds-nav__cta'),
    later: (page) => page.click('.ds-nav__cta'),
  },
];

export interface InteractionFigures {
  name: string;
  /** Median Event Timing duration of the first interaction, in ms (0: under SHORTEST_REPORTED_MS). */
  first: number;
  later: number;
  /** Every run's [first, later], for the printout. */
  runs: [number, number][];
}

declare global {
  interface Window {
    eventDurations?: { start: number; duration: number }[];
  }
}

/** The longest Event Timing duration among the events that started from `from` until `to`. */
function longestBetween(page: Page, from: number, to = Number.POSITIVE_INFINITY): Promise<number> {
  return page.evaluate(
    ([start, end]) =>
      Math.max(
        0,
        ...(window.eventDurations ?? [])
          .filter((event) => event.start >= start && event.start < end)
          .map((event) => event.duration),
      ),
    [from, to] as const,
  );
}

/** One run: a fresh context, the page loaded, then the first and a later interaction. */
async function measureOnce(
  browser: Browser,
  baseUrl: string,
  interaction: Interaction,
): Promise<[number, number]> {
  const touch = interaction.touch ?? false;
  const context = await browser.newContext({
    viewport: { width: interaction.width, height: 800 },
    hasTouch: touch,
    isMobile: touch,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript((threshold) => {
      window.eventDurations = [];
      // durationThreshold is in Event Timing, not yet in TypeScript's DOM types.
      const options = { type: 'event', durationThreshold: threshold };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.eventDurations?.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe(options);
    }, SHORTEST_REPORTED_MS);
    // A visitor's first interaction comes after the page has finished loading, not during it.
    await page.goto(baseUrl + interaction.path, { waitUntil: 'networkidle' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const now = () => page.evaluate(() => performance.now());
    const firstStarted = await now();
    await interaction.first(page);
    await page.waitForSelector(`${interaction.root}[data-island-state="mounted"]`, { state: 'attached' });
    // The frames right after the mount still count for the first interaction.
    await page.waitForTimeout(300);
    const laterStarted = await now();
    await interaction.later(page);
    await page.waitForTimeout(300);
    return [await longestBetween(page, firstStarted, laterStarted), await longestBetween(page, laterStarted)];
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every interaction, RUNS times each, one run at a time (timings on a shared CPU would mix). */
export async function measureInteractions(browser: Browser, baseUrl: string): Promise<InteractionFigures[]> {
  const figures: InteractionFigures[] = [];
  for (const interaction of INTERACTIONS) {
    const runs: [number, number][] = [];
    while (runs.length < RUNS) runs.push(await measureOnce(browser, baseUrl, interaction));
    figures.push({
      name: interaction.name,
      first: median(runs.map(([first]) => first)),
      later: median(runs.map(([, later]) => later)),
      runs,
    });
  }
  return figures;
}

/** The pages whose islands differ: the header's two islands on every page, and the form on /contact. */
export const ISLAND_SETS = ['/', '/contact'];

/**
 * Script bytes transferred (Resource Timing) once every island of the page is live: the page
 * loaded, then each island started the way a visitor starts it, without CPU slowdown.
 */
export async function scriptBytesWithEveryIsland(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.hover(sectionLink(2));
    if (await page.locator('#first-name').count()) await page.focus('#first-name');
    await page.click('.ds-nav__cta');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>('[data-island]')].every(
        (root) => root.dataset.islandState === 'mounted',
      ),
    );
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
    );
  } finally {
    await context.close();
  }
}
