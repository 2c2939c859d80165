/**
 * Runs after `parcel build`: writes dist/logo.png, the agency's logo for search engines (the
 * Organization's `logo` in every page's structured data, scripts/build/structured-data.cjs),
 * from the mark every page shows as its icon, partials/favicon.svg: square, 512 px, on its own
 * background, which search results show at 112 px or more. The share image is no logo: it is a
 * 1200×630 card with a headline.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const { ROOT, DIST } = createRequire(import.meta.url)('./repo-root.cjs');

export const LOGO_FILE = 'logo.png';
export const LOGO_SIZE = 512;

await sharp(path.join(ROOT, 'partials/favicon.svg'), { density: (72 * LOGO_SIZE) / 32 })
  .resize(LOGO_SIZE, LOGO_SIZE)
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(DIST, LOGO_FILE));
console.log(`Wrote ${LOGO_FILE} (${LOGO_SIZE}×${LOGO_SIZE}) from partials/favicon.svg`);
