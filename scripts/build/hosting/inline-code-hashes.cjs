/**
 * The hashes of the inline code the pages' heads carry, for the CSP, taken from a production
 * build's bundle graph rather than from the pages (hosting-reporter.cjs writes them to
 * hosting/inline-code.json): Parcel's import map, which its HTML packager writes from the bundles'
 * public ids and names (here with the hashes Parcel gave them as it wrote them), and the
 * stylesheets as the pages carry them (page-styles/page-styles.cjs). Inline code anywhere else,
 * and a head's own `<style>`, have stopped the build (inline-code-check).
 */
const fs = require('node:fs');
const path = require('node:path');
const { getImportMap, urlJoin } = require('@parcel/utils');
const { DIST, SITE_ROOT } = require('../repo-root.cjs');
const { pageStylesheet, stylesheetsOf } = require('../page-styles/page-styles.cjs');

/** A bundle's name as Parcel wrote it: its hash reference replaced by its hash. */
function writtenName(bundle) {
  return path.relative(bundle.target.distDir, bundle.filePath).split(path.sep).join('/');
}

/** The text Parcel's HTML packager writes into a page's import map, with the bundles' hashes. */
function importMapOf(page, bundleGraph, nameHashes) {
  const imports = {};
  for (const bundle of bundleGraph.getReferencedBundles(page)) {
    if (bundle.type === 'js') Object.assign(imports, getImportMap(bundleGraph, bundle));
  }
  if (Object.keys(imports).length === 0) return undefined;
  // As @parcel/packager-html's Rust half writes it: its keys in order, its URLs from the root.
  const sorted = Object.keys(imports)
    .sort()
    .map((id) => [id, urlJoin(page.target.publicUrl, imports[id], true)]);
  return JSON.stringify({ imports: Object.fromEntries(sorted) }).replace(
    /HASH_REF_\w{16}/g,
    (reference) => nameHashes.get(reference) ?? reference,
  );
}

/**
 * The inline code of every page Parcel wrote into `distDir`: the texts of its import maps and of
 * its stylesheets as pages carry them (the stylesheet's text, and each extra font face alone), and
 * the stylesheets' files, which no page links.
 */
function inlineCodeOfBuild(bundleGraph, distDir) {
  const bundles = bundleGraph
    .getBundles()
    .filter((bundle) => path.resolve(bundle.target.distDir) === distDir);
  const nameHashes = new Map();
  for (const bundle of bundles) {
    if (!bundle.name.includes(bundle.hashReference)) continue;
    const [before, after] = bundle.name.split(bundle.hashReference);
    const written = writtenName(bundle);
    nameHashes.set(bundle.hashReference, written.slice(before.length, written.length - after.length));
  }
  const pages = bundles.filter((bundle) => bundle.type === 'html');
  const scripts = new Set();
  const stylesheets = new Map();
  for (const page of pages) {
    const importMap = importMapOf(page, bundleGraph, nameHashes);
    if (importMap) scripts.add(importMap);
    for (const bundle of stylesheetsOf(page, bundleGraph).values()) stylesheets.set(bundle.filePath, bundle);
  }
  const styles = new Set();
  for (const [file, bundle] of stylesheets) {
    const { css, faces } = pageStylesheet(fs.readFileSync(file, 'utf8'), `/${writtenName(bundle)}`);
    [css, ...faces.map(({ rule }) => rule)].forEach((text) => styles.add(text));
  }
  return { scripts: [...scripts], styles: [...styles], stylesheets: [...stylesheets.keys()] };
}

/**
 * Records the hashes of the inline code of the pages in dist/ (INLINE_CODE_RECORD, which
 * write-hosting-files.mjs reads) and removes the stylesheets' files. Returns what it did, as a line.
 */
async function recordInlineCode(bundleGraph) {
  const { INLINE_CODE_RECORD, hashOfInlineCode } = await import('./headers.mjs');
  const { scripts, styles, stylesheets } = inlineCodeOfBuild(bundleGraph, DIST);
  // With their copies, where Parcel's compressors wrote them (nginx.parcelrc).
  for (const file of stylesheets)
    for (const copy of ['', '.br', '.gz']) fs.rmSync(`${file}${copy}`, { force: true });
  const record = path.join(SITE_ROOT, INLINE_CODE_RECORD);
  fs.mkdirSync(path.dirname(record), { recursive: true });
  const hashes = (texts) => texts.map(hashOfInlineCode).sort();
  fs.writeFileSync(
    record,
    `${JSON.stringify({ note: 'Written by npm run build (scripts/build/hosting/inline-code-hashes.cjs): do not edit.', scripts: hashes(scripts), styles: hashes(styles) }, null, 1)}\n`,
  );
  const names = stylesheets.map((file) => path.relative(DIST, file)).join(', ');
  return `Put ${names || 'no stylesheet'} into the pages; recorded ${scripts.length} inline script and ${styles.length} inline style hashes`;
}

module.exports = { recordInlineCode };
