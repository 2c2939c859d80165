/**
 * `npm run screenshots`: every content page and the 404 page at phone and desktop width in
 * Chromium, Firefox and WebKit, written to test-results/screenshots/ with an index.html that shows
 * the three engines side by side. For people to look at, not for diffing (the visual suite
 * diffs Chromium's). All three draw with the visual suite's fonts (backstop/capture-browser.cjs).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, it } from 'vitest';
import { startNpmServer, type RunningServer } from '../support/server';
import { ROOT, routes } from '../support/site';
import { startEngine, type EngineName, type EnginePage } from '../support/engines';
import { prepareCaptureBrowser } from '../../backstop/capture-browser.cjs';
import { CHROMIUM_ARGS } from '../../scripts/build/chromium.cjs';

const OUTPUT = path.join(ROOT, 'test-results/screenshots');
/** Phone and desktop. WebKitGTK's MiniBrowser window is never narrower than about 447px. */
const WIDTHS = [375, 1280] as const;
const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
const PAGES = [
  ...routes.filter((route) => route.template === 'content').map((route) => route.path),
  '/no-such-page',
];

/** The page as a visitor sees it once it has settled: its font in use, its entrance motion done. */
const settled = () =>
  Promise.race([
    document.fonts.ready
      .then(() => Promise.all(document.getAnimations().map((animation) => animation.finished)))
      .then(() => true),
    // An endless animation, or an engine that never settles one, does not hold the run.
    new Promise((resolve) => setTimeout(resolve, 3000, false)),
  ]);

/**
 * Opens the first page once before any capture. The site's fonts are `font-display: optional`: on
 * a first view, before they are cached, an engine keeps its fallback face, which the capture's
 * fonts (only the site's) do not have, so the first capture came out in hex boxes (Firefox) or
 * mixed faces (WebKit). A visitor's second page, and every capture after this, uses the site's.
 */
async function warmUp(page: EnginePage) {
  await page.goto(started().url + PAGES[0]!);
  await page.evaluate(settled);
}

const fileName = (engine: string, page: string, width: number) =>
  `${engine}${page === '/' ? '-home' : page.replaceAll('/', '-')}-${width}.png`;

// Unset if it failed to start.
let server: RunningServer | undefined;
let fontconfigFile = '';
beforeAll(async () => {
  rmSync(OUTPUT, { recursive: true, force: true });
  mkdirSync(OUTPUT, { recursive: true });
  const [paths, started] = await Promise.all([prepareCaptureBrowser(), startNpmServer('serve')]);
  fontconfigFile = paths.fontconfigFile;
  server = started;
}, 120_000);
afterAll(() => server?.stop());
const started = () => {
  if (!server) throw new Error('npm run serve did not start');
  return server;
};

it('Chromium (the visual suite’s pinned build)', async () => {
  const { executablePath } = await prepareCaptureBrowser();
  const browser = await puppeteer.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    env: { ...process.env, FONTCONFIG_FILE: fontconfigFile },
  });
  try {
    for (const width of WIDTHS) {
      const page = await browser.newPage();
      await page.setViewport({ width, height: 800 });
      for (const route of PAGES) {
        await page.goto(started().url + route, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({
          path: path.join(OUTPUT, fileName('chromium', route, width)),
          fullPage: true,
          // The window grows to the whole page for the capture, as Playwright's did: sections that
          // rise into view as a visitor scrolls are then in view, not still waiting below the fold.
          captureBeyondViewport: false,
        });
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
}, 300_000);

it.each<EngineName>(['firefox', 'webkit'])(
  '%s',
  async (engine) => {
    const page = await startEngine(engine, fontconfigFile);
    try {
      await warmUp(page);
      for (const width of WIDTHS) {
        await page.resize(width);
        for (const route of PAGES) {
          await page.goto(started().url + route);
          await page.evaluate(settled);
          await page.screenshot(path.join(OUTPUT, fileName(engine, route, width)));
        }
      }
    } finally {
      await page.close();
    }
  },
  300_000,
);

it('writes the index page', () => {
  const rows = PAGES.flatMap((route) =>
    WIDTHS.map(
      (width) =>
        `<h2>${route} at ${width}px</h2><div class="row">${ENGINES.map(
          (engine) =>
            `<figure><figcaption>${engine}</figcaption><a href="${fileName(engine, route, width)}"><img src="${fileName(engine, route, width)}" alt="${route} in ${engine} at ${width}px" loading="lazy"></a></figure>`,
        ).join('')}</div>`,
    ),
  );
  writeFileSync(
    path.join(OUTPUT, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Screenshots per engine</title>
<style>body{font:14px system-ui,sans-serif;margin:1rem}.row{display:flex;gap:1rem;align-items:flex-start}
figure{margin:0;flex:1}img{width:100%;border:1px solid #ccc}figcaption{font-weight:bold}</style>
<h1>Screenshots per engine</h1><p>Content pages and the 404 page; click an image for full size.</p>
${rows.join('\n')}
</html>
`,
  );
  console.log(`Screenshots: ${path.relative(ROOT, path.join(OUTPUT, 'index.html'))}`);
});
