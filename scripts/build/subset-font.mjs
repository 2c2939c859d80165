/**
 * Makes styles/fonts/inter.woff2, the site's only web font: Inter (from @fontsource-variable/inter) cut
 * down to the characters and weights that styles/base/_fonts.scss declares for it (its
 * `unicode-range` and `font-weight` range). Fewer glyphs and a narrower weight axis make it half
 * the size of the full latin file, and it is on every first visit's critical path.
 *
 * `npm run fonts` writes it; run it after changing either declaration. The build-output tests fail
 * while the committed file differs from what this script makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const { ROOT } = createRequire(import.meta.url)('./repo-root.cjs');
export const FONT_FILE = path.join(ROOT, 'styles/fonts/inter.woff2');
const DECLARATIONS = path.join(ROOT, 'styles/base/_fonts.scss');
const SOURCE = createRequire(import.meta.url).resolve(
  '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
);

/** The code points a CSS `unicode-range` covers ("U+0-FF", "U+2191", wildcards such as "U+??"). */
export function parseUnicodeRange(value) {
  return value.split(',').map((part) => {
    const range = part.trim().replace(/^U\+/i, '');
    if (range.includes('?')) {
      return [Number.parseInt(range.replace(/\?/g, '0'), 16), Number.parseInt(range.replace(/\?/g, 'F'), 16)];
    }
    const [start, end = start] = range.split('-');
    return [Number.parseInt(start, 16), Number.parseInt(end, 16)];
  });
}

/** The Inter face's `unicode-range` and `font-weight` range, as _fonts.scss declares them. */
function declaredSubset() {
  const face = /@font-face\s*\{[^}]*font-family:\s*'Inter Variable'[^}]*\}/.exec(
    readFileSync(DECLARATIONS, 'utf8'),
  )?.[0];
  const weights = face && /font-weight:\s*(\d+)\s+(\d+)\s*;/.exec(face);
  const ranges = face && /unicode-range:([^;]+);/.exec(face);
  if (!weights || !ranges) {
    throw new Error(`${DECLARATIONS}: the Inter @font-face needs a font-weight range and a unicode-range`);
  }
  const characters = parseUnicodeRange(ranges[1]).flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)),
  );
  return { text: characters.join(''), weight: { min: Number(weights[1]), max: Number(weights[2]) } };
}

/** The subset font's bytes. */
export async function interSubset() {
  const { text, weight } = declaredSubset();
  return subsetFont(readFileSync(SOURCE), text, { targetFormat: 'woff2', variationAxes: { wght: weight } });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await interSubset();
  writeFileSync(FONT_FILE, font);
  console.log(`${path.relative(ROOT, FONT_FILE)}: ${font.length} bytes`);
}
