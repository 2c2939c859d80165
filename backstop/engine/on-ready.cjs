/**
 * Runs when a scenario's page has loaded: waits until the self-hosted font is in use and every
 * image has loaded, stops every animation and transition, performs the scenario's interaction,
 * and fails on any HTTP error.
 */
const actions = require('./actions.cjs');

const STILL = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}`;

/**
 * Waits until the page's font has loaded, then lays the page out again with it. A capture measures
 * the page's height, then paints it: if the font arrived between the two, the image kept the
 * fallback font's taller layout, a line (25–26 px) of blank at the bottom. Only promises and a
 * synchronous layout are used: with JavaScript off, timers and animation frames never fire.
 */
async function fontInUse(page) {
  const loaded = await page.evaluate(async () => {
    // The first family of the page's stack is the self-hosted one; load() starts its download if
    // nothing has asked for it yet, and waits for it.
    const [family] = getComputedStyle(document.body).fontFamily.split(',');
    const faces = await document.fonts.load(`1em ${family}`);
    await document.fonts.ready;
    // Reading a layout box forces the layout with the loaded font before the capture measures it.
    document.documentElement.getBoundingClientRect();
    return faces.some((face) => face.status === 'loaded');
  });
  if (!loaded) throw new Error('The page font did not load: the capture would show the fallback font');
}

/**
 * Loads every image before the capture. A photo below the fold is `loading="lazy"`: a full-page
 * capture paints the whole page at once, before the browser has asked for the photos it has not
 * scrolled to, so a capture showed some photos and blank boxes for others, from run to run. The
 * capture asks for them all at once instead; it fails if one does not load.
 */
async function imagesLoaded(page) {
  const missing = await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return images
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.currentSrc);
  });
  if (missing.length > 0) throw new Error(`Images did not load for the capture: ${missing.join(', ')}`);
}

module.exports = async (page, scenario, viewport) => {
  await fontInUse(page);
  await imagesLoaded(page);
  // Not page.addStyleTag: it waits for a load event that never comes with JavaScript off.
  await page.evaluate((css) => {
    const still = document.createElement('style');
    still.textContent = css;
    document.head.append(still);
  }, STILL);
  if (scenario.action) await actions[scenario.action](page, viewport);
  if (page.httpFailures.length > 0) {
    throw new Error(`HTTP errors while capturing "${scenario.label}": ${page.httpFailures.join(', ')}`);
  }
};
