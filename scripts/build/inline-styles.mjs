/**
 * Once Parcel has written the build (run by hosting/hosting-reporter.cjs, before
 * write-hosting-files.mjs), rewrites every page Parcel wrote: the stylesheet into the page as a
 * `<style>`, the font's extra faces only where a page draws their characters (docs/performance.md,
 * "First paint from the HTML"); the entry script pinned by Subresource Integrity (docs/hosting.md;
 * why no plugin can: docs/architecture.md). It records the hashes of each head's inline code for
 * the CSP in hosting/inline-code.json: inline code anywhere else has already stopped the build
 * (inline-code-check/index.cjs).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INLINE_CODE_RECORD, hashOfInlineCode, inlineCodeOf } from './hosting/headers.mjs';
import { parseUnicodeRange } from './subset-font.mjs';

const require = createRequire(import.meta.url);
const { SITE_ROOT, DIST } = require('./repo-root.cjs');

/** The sha384 integrity value of a built file, by its root-absolute URL. */
const integrityCache = new Map();
function integrityOf(url) {
  if (!integrityCache.has(url)) {
    const digest = createHash('sha384')
      .update(readFileSync(path.join(DIST, url)))
      .digest('base64');
    integrityCache.set(url, `sha384-${digest}`);
  }
  return integrityCache.get(url);
}

/** Stylesheets inlined, by URL, with their text and extra font faces: every page names the same one, read once. */
const inlined = new Map();

/**
 * A stylesheet's text for a page at any depth: Parcel writes its URLs relative to the stylesheet
 * (`url(inter.9b53c1c2.woff2)`), which from /about-us/team would name /about-us/inter…; inlined,
 * they become root-relative.
 */
function inlinable(href) {
  const folder = path.posix.dirname(href);
  return readFileSync(path.join(DIST, href), 'utf8').replace(
    /url\((['"]?)(?![a-z]+:|\/|#)([^'")]+)\1\)/gi,
    (_, quote, url) => `url(${quote}${path.posix.join(folder, url)}${quote})`,
  );
}

/**
 * The site font's faces in a stylesheet but its first (styles/base/_fonts.scss: the first is the
 * one every page draws): each rule, and a pattern that matches a character it covers.
 */
function extraFacesOf(css) {
  const faces = [...css.matchAll(/@font-face\{[^}]*\}/g)].flatMap(([rule]) => {
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
  return faces.slice(1);
}

/** The characters a page draws: its text outside scripts and styles. */
const drawnText = (html) =>
  html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, '');

/** The rules of the extra faces a page draws a character of, as one stylesheet, or '' when it draws none. */
function facesItDraws(html, faces) {
  const text = drawnText(html);
  return faces
    .filter(({ characters }) => characters.test(text))
    .map(({ rule }) => rule)
    .join('');
}

/**
 * A stylesheet as pages inline it, read once: its text without the site font's extra faces, and
 * those faces, which the pages that draw their characters take (facesItDraws).
 */
function stylesheet(href) {
  if (!inlined.has(href)) {
    const css = inlinable(href);
    const faces = extraFacesOf(css);
    inlined.set(href, { css: faces.reduce((text, { rule }) => text.replace(rule, ''), css), faces });
  }
  return inlined.get(href);
}

/**
 * The page with its stylesheets inlined and integrity on its entry script; and the text of each
 * `<style>` it added, for the CSP.
 */
function rewritten(html) {
  const styles = [];
  const faces = [];
  let page = html
    .replace(/<link rel=stylesheet href=(\/[^ >]+)>/g, (_, href) => {
      const { css, faces: extra } = stylesheet(href);
      faces.push(...extra);
      styles.push(css);
      // A stylesheet never holds "</style", which would end the element early.
      return `<style>${css}</style>`;
    })
    .replace(
      /<script type=module src=(\/[^ >]+)( async)?>/g,
      (_, src, async = '') => `<script type=module src=${src} integrity=${integrityOf(src)}${async}>`,
    );
  // The text the page draws is the same before its stylesheets went in, and shorter to search.
  const drawn = facesItDraws(html, faces);
  if (drawn) {
    // Before the first stylesheet (the minified page has no </head> to put it before).
    page = page.replace('<style>', `<style>${drawn}</style><style>`);
    styles.push(drawn);
  }
  return { page, styles };
}

/** Every built page, as a path under dist/. */
function pages(dir = DIST) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * A page's head as Parcel wrote it: the text before its <body> (the whole page when it has none).
 * Cut short early (a "<body" inside an attribute), it only holds fewer of the head's hashes, and
 * the page's own checks fail on what the CSP then refuses.
 */
function headOf(html) {
  const body = html.indexOf('<body');
  return body === -1 ? html : html.slice(0, body);
}

/**
 * Rewrites every built page (rewritten(), above), records the hashes of the inline code in their
 * heads, and removes the stylesheets it inlined. Returns what it did, as a line.
 */
export function inlineStyles() {
  // Read afresh by each build of a process that runs several (a watcher in production mode).
  integrityCache.clear();
  inlined.clear();
  const built = pages();
  const scripts = new Set();
  const styles = new Set();
  for (const page of built) {
    // Read for inline code as Parcel wrote it: what this step adds is the stylesheets, whose
    // hashes it knows.
    const html = readFileSync(page, 'utf8');
    const { scriptHashes, styleHashes } = inlineCodeOf(headOf(html));
    const { page: rewrittenPage, styles: added } = rewritten(html);
    writeFileSync(page, rewrittenPage);
    scriptHashes.forEach((hash) => scripts.add(hash));
    [...styleHashes, ...added.map(hashOfInlineCode)].forEach((hash) => styles.add(hash));
  }
  for (const href of inlined.keys()) rmSync(path.join(DIST, href), { force: true });
  mkdirSync(path.dirname(path.join(SITE_ROOT, INLINE_CODE_RECORD)), { recursive: true });
  writeFileSync(
    path.join(SITE_ROOT, INLINE_CODE_RECORD),
    `${JSON.stringify({ note: 'Written by npm run build (scripts/build/inline-styles.mjs): do not edit.', scripts: [...scripts].sort(), styles: [...styles].sort() }, null, 1)}\n`,
  );
  return `Inlined ${[...inlined.keys()].join(', ')} into ${built.length} pages and pinned their entry script`;
}

// `node scripts/build/inline-styles.mjs`: this step alone, over a dist/ Parcel wrote.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(inlineStyles());
