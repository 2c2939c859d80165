/**
 * How a page carries its stylesheets (docs/performance.md, "First paint from the HTML"): each one
 * Parcel links, as a `<style>` of its text; of the site font's faces, the first (the one every
 * page draws: styles/base/_fonts.scss) with it, and each other face in a `<style>` of its own, only
 * in the pages that draw one of its characters. Used by the pages' packager and last optimizer,
 * which write them, and by the hosting reporter, which takes the CSP's hashes of the same texts.
 */
const path = require('node:path');
const { urlJoin } = require('@parcel/utils');

/** The stylesheets Parcel links a page to, by URL: each bundle of CSS it references, not inline. */
const stylesheetsOf = (page, bundleGraph) =>
  new Map(
    bundleGraph
      .getReferencedBundles(page)
      .filter((bundle) => bundle.type === 'css' && bundle.bundleBehavior !== 'inline')
      .map((bundle) => [urlJoin(bundle.target.publicUrl, bundle.name), bundle]),
  );

/**
 * The code points a CSS `unicode-range` covers ("U+0-FF", "U+2191", wildcards such as "U+??").
 * @param {string} value
 * @returns {[number, number][]}
 */
function parseUnicodeRange(value) {
  return value.split(',').map((part) => {
    const range = part.trim().replace(/^U\+/i, '');
    if (range.includes('?')) {
      return [Number.parseInt(range.replace(/\?/g, '0'), 16), Number.parseInt(range.replace(/\?/g, 'F'), 16)];
    }
    const [start, end = start] = range.split('-');
    return [Number.parseInt(start, 16), Number.parseInt(end, 16)];
  });
}

/**
 * A stylesheet's text for a page at any depth: Parcel writes its URLs relative to the stylesheet
 * (`url(inter.9b53c1c2.woff2)`), which from /about-us/team would name /about-us/inter…; in the
 * page, they are root-relative. A stylesheet never holds "</style", which would end it early.
 */
const inPage = (css, href) =>
  css.replace(
    /url\((['"]?)(?![a-z]+:|\/|#)([^'")]+)\1\)/gi,
    (_, quote, url) => `url(${quote}${path.posix.join(path.posix.dirname(href), url)}${quote})`,
  );

/**
 * A stylesheet as pages carry it: its text without the site font's extra faces, and those faces,
 * each with a pattern that matches a character it covers.
 * @param {string} css the stylesheet's text, as Parcel makes it
 * @param {string} href its URL from the site's root
 */
function pageStylesheet(css, href) {
  const text = inPage(css, href);
  const faces = [...text.matchAll(/@font-face\{[^}]*\}/g)].flatMap(([rule]) => {
    const range = /unicode-range:([^;}]+)/.exec(rule)?.[1];
    if (!/src:url\([^)]+\.woff2\)/.test(rule) || !range) return [];
    // Its code points as one character class: one pass of the regular expression engine over a
    // page's text, rather than each character tested against each range in JavaScript.
    const hex = (codePoint) => `\\u{${codePoint.toString(16)}}`;
    const classes = parseUnicodeRange(range).map(([from, to]) =>
      from === to ? hex(from) : `${hex(from)}-${hex(to)}`,
    );
    return [{ rule, characters: new RegExp(`[${classes.join('')}]`, 'u') }];
  });
  const extra = faces.slice(1);
  return { css: extra.reduce((rest, { rule }) => rest.replace(rule, ''), text), faces: extra };
}

/** The characters a page draws: its text outside scripts and styles. */
const drawnText = (html) =>
  html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, '');

/** The extra faces' rules a page draws a character of. */
function facesItDraws(html, faces) {
  const text = drawnText(html);
  return faces.filter(({ characters }) => characters.test(text)).map(({ rule }) => rule);
}

/** A page's styles, by its bundle's id, from its packager to its last optimizer (one worker). */
const held = new Map();
const holdStyles = (id, styles) => held.set(id, styles);
function takeStyles(id) {
  const styles = held.get(id);
  if (!styles)
    throw new Error(`No styles were held for bundle ${id}: its packager is not page-styles/packager.cjs`);
  held.delete(id);
  return styles;
}

module.exports = { parseUnicodeRange, stylesheetsOf, pageStylesheet, facesItDraws, holdStyles, takeStyles };
