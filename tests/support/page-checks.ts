/**
 * The checks every built page gets, as functions over files or served pages: valid HTML, valid
 * URLs, every link resolving, every character in the site's font. The build-output tests run them
 * on every page the tree builds (html-validate, links, glyphs tests).
 */
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { LinkChecker, LinkState } from 'linkinator';
import { parseUnicodeRange } from '../../scripts/build/subset-font.mjs';
import { builtDocument } from './site';

// Reads .htmlvalidate.mjs: html-validate:recommended, less what the minifier legally omits.
const validator = new HtmlValidate(new FileSystemConfigLoader());

/** html-validate's messages for a built page, "line:column rule: message". */
export async function htmlErrors(file: string): Promise<string[]> {
  const report = await validator.validateFile(file);
  return report.results.flatMap((result) =>
    result.messages.map(
      (message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
    ),
  );
}

/** html-validate's verdict on a string, for the check that it catches an error. */
export const validHtml = async (source: string, file: string) =>
  (await validator.validateString(source, file)).valid;

/**
 * A URL as RFC 3986 writes it: only its unreserved and reserved characters, and a % only before two
 * hex digits. Browsers forgive more (a "{" in a mailto: link), the Nu HTML Checker does not, and
 * neither does every mail client.
 */
const VALID_URL = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/** Every href, src and action of the pages that is no valid URL, as "file: <tag> url" (from `root`). */
export function invalidUrls(files: string[], root: string): string[] {
  return files.flatMap((file) =>
    [...builtDocument(file).querySelectorAll('[href], [src], [action]')].flatMap((element) =>
      ['href', 'src', 'action']
        .map((name) => element.getAttribute(name))
        .filter((url): url is string => url !== null && !VALID_URL.test(url))
        .map((url) => `${path.relative(root, file)}: <${element.tagName.toLowerCase()}> "${url}"`),
    ),
  );
}

/**
 * linkinator over a running server: every page of `paths` is an entry (not only what a crawl
 * reaches), every internal link, image, script and stylesheet must answer, and every #fragment
 * must name an element. Returns the broken ones and how many resolved.
 */
export async function brokenLinks(origin: string, paths: string[]) {
  const result = await new LinkChecker().check({
    path: paths.map((pathname) => origin + pathname),
    recurse: false,
    checkFragments: true,
    concurrency: 20,
    // Only this site: external addresses are not fetched here (and mailto: is not a page).
    linksToSkip: (link) => Promise.resolve(!link.startsWith(origin)),
  });
  return {
    broken: result.links
      .filter((link) => link.state === LinkState.BROKEN)
      .map((link) => `${link.parent ?? ''} → ${link.url} (${link.status ?? 'no status'})`),
    resolved: result.links.filter((link) => link.state === LinkState.OK).length,
  };
}

/** A self-hosted face's rule (a woff2 source and a unicode-range) and its code points. */
const SELF_HOSTED_FACE = /@font-face\{[^}]*src:url\([^)]*\.woff2\)[^}]*unicode-range:([^;}]+)[^}]*\}/g;

/** The text of each `<style>` of a built page. */
const stylesOf = (file: string) =>
  [...builtDocument(file).querySelectorAll('style')].map((style) => style.textContent);

/**
 * The unicode-ranges of the self-hosted font's faces a built page declares, together: the shared
 * stylesheet's, and the extra faces the build gives a page that draws their characters
 * (scripts/build/page-styles/page-styles.cjs).
 */
function selfHostedRanges(file: string): [number, number][] {
  const ranges = [...stylesOf(file).join('').matchAll(SELF_HOSTED_FACE)].flatMap(([, range = '']) =>
    parseUnicodeRange(range),
  );
  if (ranges.length === 0)
    throw new Error(`${file}: no unicode-range on a self-hosted @font-face in its styles`);
  return ranges;
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

/**
 * Where a built page declares the self-hosted font's faces: how many in its stylesheet, and those
 * in a `<style>` of their own that it draws no character of (scripts/build/page-styles/).
 */
export function selfHostedFaces(file: string): { inStylesheet: number; undrawn: string[] } {
  const styles = stylesOf(file);
  const facesOnly = (css: string) => /^(?:@font-face\{[^}]*\})+$/.test(css);
  const text: number[] = [];
  for (const character of visibleText(file)) text.push(character.codePointAt(0)!);
  const undrawn = [...styles.filter(facesOnly).join('').matchAll(SELF_HOSTED_FACE)]
    .filter(([, range = '']) =>
      parseUnicodeRange(range).every(([start, end]) => !text.some((point) => point >= start && point <= end)),
    )
    .map(([face]) => face);
  const inStylesheet =
    styles
      .filter((css) => !facesOnly(css))
      .join('')
      .match(SELF_HOSTED_FACE)?.length ?? 0;
  return { inStylesheet, undrawn };
}

/**
 * The characters of the pages that the self-hosted faces each page declares lack, each with a page
 * it is on. A character outside the font falls back to whatever font the device has, so it looks
 * different on every machine (and breaks screenshot comparison). Emoji come from the system's
 * colour emoji font by design.
 */
export function glyphsOutside(files: string[], root: string): Record<string, string> {
  const outside = new Map<string, string>();
  for (const file of files) {
    const ranges = selfHostedRanges(file);
    const covered = (codePoint: number) =>
      ranges.some(([start, end]) => codePoint >= start && codePoint <= end);
    for (const character of visibleText(file)) {
      // Tabs and line breaks in the source collapse to spaces: they are never drawn.
      if (/\p{Extended_Pictographic}|\uFE0F|[\t\n\r\f]/u.test(character)) continue;
      if (!covered(character.codePointAt(0)!)) outside.set(character, path.relative(root, file));
    }
  }
  return Object.fromEntries(outside);
}
