import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES_DIR, ROOT } from '../support/site';

/** Files that cannot read the Sass tokens but draw in the brand's colours. */
const OUTSIDE_SASS = [
  `${PAGES_DIR}/_data/site.json`,
  ...readdirSync(path.join(ROOT, 'partials')).map((file) => `partials/${file}`),
  ...['static'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder))
      .filter((file) => file.endsWith('.svg'))
      .map((file) => `${folder}/${file}`),
  ),
  'scripts/build/render-og-image.mjs',
].filter((file) => file.includes('.'));

const HEX = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi;

describe('brand colours', () => {
  // The colours are defined in styles/settings/_tokens.scss; a copy elsewhere (the theme colour,
  // the logo, the favicon, the share image) must be one of them, so a palette change that misses
  // a copy fails here.
  const palette = new Set(
    [
      ...readFileSync(path.join(ROOT, 'styles/settings/_tokens.scss'), 'utf8').matchAll(
        /^\$color-[\w-]+:\s*(#\w+);/gm,
      ),
    ].map(([, hex]) => hex!.toLowerCase()),
  );

  it('reads the palette', () => {
    expect(palette.size).toBeGreaterThan(10);
  });

  it.each(OUTSIDE_SASS)('%s uses only colours of the tokens', (file) => {
    const colours = [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(HEX)].map(([hex]) =>
      hex.toLowerCase(),
    );
    expect(colours.filter((hex) => !palette.has(hex))).toEqual([]);
  });
});
