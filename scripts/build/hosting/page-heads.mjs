/**
 * Once Parcel has written the build (run by hosting-reporter.cjs, before write-hosting-files.mjs),
 * reads the head of every page it wrote: pins the entry script by Subresource Integrity
 * (docs/hosting.md; why no plugin can: docs/architecture.md), and records the hashes of each
 * head's inline code (Parcel's import map, the page's stylesheet and font faces) for the CSP in
 * hosting/inline-code.json. Inline code anywhere else has already stopped the build
 * (inline-code-check/index.cjs).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INLINE_CODE_RECORD, inlineCodeOf } from './headers.mjs';

const require = createRequire(import.meta.url);
const { SITE_ROOT, DIST } = require('../repo-root.cjs');

/** The sha384 integrity value of a built file, by its root-absolute URL, read once a build. */
function integrityOf(url, known) {
  if (!known.has(url)) {
    const digest = createHash('sha384')
      .update(readFileSync(path.join(DIST, url)))
      .digest('base64');
    known.set(url, `sha384-${digest}`);
  }
  return known.get(url);
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
 * Pins every built page's entry script and records the hashes of the inline code in their heads.
 * Returns what it did, as a line.
 */
export function pinPageHeads() {
  const built = pages();
  const integrity = new Map();
  const scripts = new Set();
  const styles = new Set();
  for (const page of built) {
    const html = readFileSync(page, 'utf8');
    const { scriptHashes, styleHashes } = inlineCodeOf(headOf(html));
    const pinned = html.replace(
      /<script type=module src=(\/[^ >]+)( async)?>/g,
      (_, src, async = '') =>
        `<script type=module src=${src} integrity=${integrityOf(src, integrity)}${async}>`,
    );
    writeFileSync(page, pinned);
    scriptHashes.forEach((hash) => scripts.add(hash));
    styleHashes.forEach((hash) => styles.add(hash));
  }
  mkdirSync(path.dirname(path.join(SITE_ROOT, INLINE_CODE_RECORD)), { recursive: true });
  writeFileSync(
    path.join(SITE_ROOT, INLINE_CODE_RECORD),
    `${JSON.stringify({ note: 'Written by npm run build (scripts/build/hosting/page-heads.mjs): do not edit.', scripts: [...scripts].sort(), styles: [...styles].sort() }, null, 1)}\n`,
  );
  return `Pinned the entry script of ${built.length} pages, and hashed their heads' inline code`;
}

// `node scripts/build/hosting/page-heads.mjs`: this step alone, over a dist/ Parcel wrote.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(pinPageHeads());
