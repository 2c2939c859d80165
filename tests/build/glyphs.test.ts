import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_FILE, interSubset } from '../../scripts/build/subset-font.mjs';
import { glyphsOutside, selfHostedRanges } from '../support/page-checks';
import { DIST, allBuiltFiles } from '../support/site';

describe('glyphs', () => {
  // A character outside the self-hosted font falls back to whatever font the device has, so it
  // looks different on every machine (and breaks screenshot comparison). Emoji come from the
  // system's colour emoji font by design.
  it('draws every character of every page with the self-hosted font, emoji aside', () => {
    expect(glyphsOutside(allBuiltFiles(), selfHostedRanges(), DIST)).toEqual({});
  });

  // The font file is generated (npm run fonts): it must be what the declarations in
  // styles/base/_fonts.scss make, or the unicode-range above would promise glyphs it lacks.
  it('ships the font that the @font-face declarations describe', async () => {
    expect(Buffer.compare(readFileSync(FONT_FILE), await interSubset())).toBe(0);
  });
});
