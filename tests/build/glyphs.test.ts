import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_FILE, interSubset, parseUnicodeRange } from '../../scripts/build/subset-font.mjs';
import { DIST, allBuiltFiles, builtDocument } from '../support/site';

/** The unicode-range of the self-hosted font in the built stylesheet (inlined in every page). */
function selfHostedRanges(): [number, number][] {
  const css = builtDocument(path.join(DIST, 'index.html')).querySelector('style')?.textContent ?? '';
  const fontFace = /@font-face\{[^}]*src:url\([^)]*\.woff2\)[^}]*\}/.exec(css)?.[0] ?? '';
  const range = /unicode-range:([^;}]+)/.exec(fontFace)?.[1];
  if (!range) throw new Error('No unicode-range on the self-hosted @font-face in the built CSS');
  return parseUnicodeRange(range);
}

/** Every character a visitor reads on a page (text nodes outside scripts). */
function visibleText(file: string): string {
  const document = builtDocument(file);
  const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('script')) text += node.nodeValue ?? '';
  }
  return text;
}

describe('glyphs', () => {
  // A character outside the self-hosted font falls back to whatever font the device has, so it
  // looks different on every machine (and breaks screenshot comparison). Emoji come from the
  // system's colour emoji font by design.
  it('draws every character of every page with the self-hosted font, emoji aside', () => {
    const ranges = selfHostedRanges();
    const covered = (codePoint: number) =>
      ranges.some(([start, end]) => codePoint >= start && codePoint <= end);
    const outside = new Map<string, string>();
    for (const file of allBuiltFiles()) {
      for (const character of visibleText(file)) {
        // Tabs and line breaks in the source collapse to spaces: they are never drawn.
        if (/\p{Extended_Pictographic}|\uFE0F|[\t\n\r\f]/u.test(character)) continue;
        if (!covered(character.codePointAt(0)!)) outside.set(character, path.relative(DIST, file));
      }
    }
    expect(Object.fromEntries(outside)).toEqual({});
  });

  // The font file is generated (npm run fonts): it must be what the declarations in
  // styles/base/_fonts.scss make, or the unicode-range above would promise glyphs it lacks.
  it('ships the font that the @font-face declarations describe', async () => {
    expect(Buffer.compare(readFileSync(FONT_FILE), await interSubset())).toBe(0);
  });
});
