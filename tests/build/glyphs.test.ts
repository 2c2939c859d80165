import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { interCodePoints, interSubsets } from '../../scripts/build/subset-font.mjs';
import { glyphsOutside, selfHostedFaces } from '../support/page-checks';
import { DIST, ROOT, builtFilesToVisit } from '../support/site';
import { filesHolding } from '../support/where-written';

describe('glyphs', () => {
  // A character outside the self-hosted font falls back to whatever font the device has, so it
  // looks different on every machine (and breaks screenshot comparison). Emoji come from the
  // system's colour emoji font by design.
  it('draws every character of every page with the self-hosted font, emoji aside', async () => {
    const outside = glyphsOutside(builtFilesToVisit(), DIST);
    const inter = await interCodePoints();
    const problems = Object.entries(outside).map(([character, page]) => {
      const codePoint = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      const fix = inter.has(character.codePointAt(0)!)
        ? `add ${codePoint} to the unicode-range of a face in styles/base/_fonts.scss (inter-latin-1 for Latin-1, inter-latin-ext-a for Latin Extended-A), then npm run fonts`
        : `Inter has no ${codePoint}: write it otherwise`;
      return `"${character}" (${codePoint}) in ${filesHolding(character)}, on ${page}. Fix: ${fix}.`;
    });
    expect(problems).toEqual([]);
  });

  // Every visit pays for the faces its page declares: the site's stylesheet holds the first, and
  // a page that draws a character of another gets that one in a <style> of its own.
  it.each(builtFilesToVisit().map((file) => [path.relative(DIST, file), file]))(
    '%s declares the font’s other faces only when it draws one of their characters',
    (_, file) => {
      expect(selfHostedFaces(file)).toEqual({ inStylesheet: 1, undrawn: [] });
    },
  );

  // The font files are generated (npm run fonts): each must be what the declarations in
  // styles/base/_fonts.scss make, or a unicode-range above would promise glyphs it lacks.
  it('ships the font files that the @font-face declarations describe', async () => {
    for (const { file, bytes } of await interSubsets())
      expect(Buffer.compare(readFileSync(path.join(ROOT, file)), bytes), `${file}: run npm run fonts`).toBe(
        0,
      );
  });
});
