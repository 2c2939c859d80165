/**
 * Parcel reporter: once `npm run build` has written its bundles, writes dist/logo.png, the
 * agency's logo for search engines (the Organization's `logo` in every page's structured data,
 * scripts/build/structured-data.cjs), from the mark every page shows as its icon,
 * partials/favicon.svg: square, 512 px, on its own background, which search results show at 112 px
 * or more. The share image is no logo: it is a 1200×630 card with a headline.
 */
const path = require('node:path');
const { Reporter } = require('@parcel/plugin');
const sharp = require('sharp');
const { ROOT } = require('../repo-root.cjs');

const LOGO_FILE = 'logo.png';
const LOGO_SIZE = 512;
/** The mark is drawn on a 32-unit grid: rasterised at the density that gives LOGO_SIZE pixels. */
const MARK_UNITS = 32;

module.exports = new Reporter({
  async report({ event, options, logger }) {
    if (event.type !== 'buildSuccess' || options.mode !== 'production') return;
    const [bundle] = event.bundleGraph.getBundles();
    if (!bundle) return;
    await sharp(path.join(ROOT, 'partials/favicon.svg'), { density: (72 * LOGO_SIZE) / MARK_UNITS })
      .resize(LOGO_SIZE, LOGO_SIZE)
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(bundle.target.distDir, LOGO_FILE));
    logger.info({ message: `Wrote ${LOGO_FILE} (${LOGO_SIZE}×${LOGO_SIZE}) from partials/favicon.svg` });
  },
});
