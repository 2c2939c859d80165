/**
 * Makes the site's web font files, styles/fonts/inter*.woff2: Inter (from @fontsource-variable/inter)
 * cut down, face by face, to the characters and weights that styles/base/_fonts.scss declares for
 * each `'Inter Variable'` face (its `src`, `unicode-range` and `font-weight` range). Fewer glyphs
 * and a narrower weight axis make each a fraction of the full file; the first face is on every
 * first visit's critical path. Each face is cut from the first of Fontsource's files (latin,
 * latin-ext) that has every character of its range; a character neither has stops here, naming it.
 *
 * `npm run fonts` writes them; run it after changing a declaration. The build-output tests fail
 * while a committed file differs from what this script makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const { ROOT } = require('./repo-root.cjs');
/**
 * The code points a CSS `unicode-range` covers, as [first, last] ranges.
 * @type {(value: string) => [number, number][]}
 */
export const parseUnicodeRange = require('./page-styles/page-styles.cjs').parseUnicodeRange;
const DECLARATIONS = path.join(ROOT, 'styles/base/_fonts.scss');
/** Fontsource's files Inter is cut from, in the order they are tried. */
const SOURCES = ['latin', 'latin-ext'].map((subset) =>
  require.resolve(`@fontsource-variable/inter/files/inter-${subset}-wght-normal.woff2`),
);

/** Every code point of a list of [first, last] ranges. */
const codePointsOf = (ranges) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, index) => from + index));

/**
 * The Inter faces _fonts.scss declares, in order: each one's file (from the repo root), ranges of
 * code points and weight range.
 */
function declaredFaces() {
  const css = readFileSync(DECLARATIONS, 'utf8');
  const faces = [...css.matchAll(/@font-face\s*\{[^}]*font-family:\s*'Inter Variable'[^}]*\}/g)].map(
    ([face]) => {
      const file = /src:\s*url\('\/([^']+\.woff2)'\)/.exec(face)?.[1];
      const weights = /font-weight:\s*(\d+)\s+(\d+)\s*;/.exec(face);
      const ranges = /unicode-range:([^;]+);/.exec(face);
      if (!file || !weights || !ranges) {
        throw new Error(
          `${path.relative(ROOT, DECLARATIONS)}: each Inter @font-face needs a src url('/styles/fonts/….woff2'), a font-weight range and a unicode-range`,
        );
      }
      return {
        file,
        ranges: parseUnicodeRange(ranges[1]),
        weight: { min: Number(weights[1]), max: Number(weights[2]) },
      };
    },
  );
  if (faces.length === 0)
    throw new Error(`${path.relative(ROOT, DECLARATIONS)} declares no 'Inter Variable' face`);
  return faces;
}

/** The code points a font file has a glyph for. */
async function cmapOf(file) {
  const font = await fontverter.convert(readFileSync(file), 'sfnt');
  return new Set(new Face(new Blob(font), 0).collectUnicodes());
}

let sources;
/** Each source file with the code points it has, read once. */
async function readSources() {
  if (!sources) {
    // One at a time: two WOFF2 decodings at once share one decoder's memory and spoil each other.
    sources = [];
    for (const file of SOURCES) sources.push({ file, has: await cmapOf(file) });
  }
  return sources;
}

/** Every code point Inter has in the files the faces are cut from (for the glyph check's advice). */
export async function interCodePoints() {
  return new Set((await readSources()).flatMap(({ has }) => [...has]));
}

/** A face's file (from the repo root) and its bytes, as its declaration makes it. */
async function subsetOf({ file, ranges, weight }, found) {
  const wanted = codePointsOf(ranges);
  const source = found.find(({ has }) => wanted.every((codePoint) => has.has(codePoint)));
  if (!source) {
    const missing = wanted
      .filter((codePoint) => !found.some(({ has }) => has.has(codePoint)))
      .map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`);
    throw new Error(
      `${path.relative(ROOT, DECLARATIONS)}: the face of ${file} names ` +
        (missing.length > 0
          ? `${missing.join(', ')}, which Inter does not have. Fix: take them out of its unicode-range.`
          : 'characters of both of Inter’s files (latin and latin-ext). Fix: split it in two faces.'),
    );
  }
  const text = String.fromCodePoint(...wanted);
  const bytes = await subsetFont(readFileSync(source.file), text, {
    targetFormat: 'woff2',
    variationAxes: { wght: weight },
  });
  return { file, bytes };
}

/**
 * Each face's file (from the repo root) and its bytes, as the declarations make them.
 * @returns {Promise<{ file: string, bytes: Buffer }[]>}
 */
export async function interSubsets() {
  const found = await readSources();
  const subsets = [];
  // One at a time, as the sources are read.
  for (const face of declaredFaces()) subsets.push(await subsetOf(face, found));
  return subsets;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, bytes } of await interSubsets()) {
    writeFileSync(path.join(ROOT, file), bytes);
    console.log(`${file}: ${bytes.length} bytes`);
  }
}
