/**
 * Renders the picture shown when a page is shared (1200×630; static/ at the name `shareImage`
 * in pages/_data/site.json) from the brand settings there. Run it by hand after changing the
 * name or tagline. A JPEG: the gradient makes a PNG three times the size, for nothing visible.
 *   node scripts/build/render-og-image.mjs
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import puppeteer from 'puppeteer-core';

const require = createRequire(import.meta.url);
const { CHROMIUM_ARGS, findChromium } = require('./chromium.cjs');
const root = `${require('./repo-root.cjs').ROOT}/`;
const site = JSON.parse(readFileSync(`${root}pages/_data/site.json`, 'utf8'));
const font = readFileSync(require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
const logo = readFileSync(`${root}partials/favicon.svg`, 'utf8');

const html = `<!doctype html><html><head><style>
  @font-face { font-family: Inter; font-weight: 100 900; src: url(data:font/woff2;base64,${font.toString('base64')}); }
  body { margin: 0; width: 1200px; height: 630px; font-family: Inter, sans-serif; color: #fff;
    background: radial-gradient(900px 500px at 90% -10%, rgb(29 95 209 / 55%), transparent 70%),
      linear-gradient(160deg, #0b2545, #061629); display: flex; flex-direction: column;
    justify-content: space-between; padding: 72px 80px; box-sizing: border-box; }
  .brand { display: flex; align-items: center; gap: 20px; font-size: 44px; font-weight: 800; letter-spacing: -0.03em; }
  .brand svg { width: 64px; height: 64px; }
  h1 { margin: 0; font-size: 76px; line-height: 1.08; font-weight: 800; letter-spacing: -0.03em; max-width: 15ch; }
  p { margin: 0; font-size: 30px; color: #f8c95a; font-weight: 600; }
</style></head><body>
  <div class="brand">${logo}<span>${site.name}</span></div>
  <h1>${site.headline}</h1>
  <p>${site.tagline}</p>
</body></html>`;

const browser = await puppeteer.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.setViewport({ width: 1200, height: 630 });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
const file = `static${site.shareImage}`;
await page.screenshot({ path: `${root}${file}`, type: 'jpeg', quality: 85 });
await browser.close();
console.log(`Wrote ${file}`);
