/**
 * In a production build, a page's stylesheets become its own `<style>` (first paint from the HTML
 * alone: docs/performance.md), which Parcel then treats as any inline style: its `url()`s resolved
 * and named, the CSS minified, written into the page (with the patch for parcel-bundler/parcel#7410,
 * docs/dependencies.md). The Sass is compiled here, since a `<style>` that `@import`s it would be
 * moved into a shared stylesheet (docs/architecture.md). The dev server keeps the `<link>`, which
 * it updates in place.
 */
const { readdirSync, statSync } = require('node:fs');
const path = require('node:path');
const { fileURLToPath } = require('node:url');
const sass = require('sass');
const { ROOT } = require('../posthtml-site/site-error.cjs');

const STYLES = path.join(ROOT, 'styles');

/**
 * A stylesheet link as partials/head.html writes it and PostHTML renders it: the site's Sass, by
 * root-absolute URL.
 */
const SASS_LINK = /<link rel="stylesheet" href="(\/styles\/[^"]+\.scss)"\s*\/?>/g;

/** A file's stamp: a compiled stylesheet holds while every file it was made of keeps its own. */
const stampOf = (file) => {
  const { mtimeMs, size } = statSync(file);
  return `${mtimeMs}:${size}`;
};

/** Compiled stylesheets of this process, by file: every page of a build names the same few. */
const compiled = new Map();

/** The CSS of a Sass file, and the files it was made of. */
function compile(file) {
  const known = compiled.get(file);
  if (known?.sources.every(({ source, stamp }) => stampOf(source) === stamp)) return known;
  const { css, loadedUrls } = sass.compile(file);
  const sources = loadedUrls
    .map((url) => fileURLToPath(url))
    .map((source) => ({ source, stamp: stampOf(source) }));
  compiled.set(file, { css, sources });
  return compiled.get(file);
}

/**
 * Replaces each Sass stylesheet link of the page `asset` with a `<style>` of its CSS, and makes the
 * page depend on the Sass files it was compiled from.
 */
async function inlineStylesheets(asset) {
  const html = await asset.getCode();
  const inlined = html.replace(SASS_LINK, (link, href) => {
    const file = path.join(ROOT, href);
    try {
      const { css, sources } = compile(file);
      for (const { source } of sources) asset.invalidateOnFileChange(source);
      // Sass never writes "</style", which would end the element early.
      return `<style>${css}</style>`;
    } catch {
      // A stylesheet with a mistake stays linked, and Parcel's Sass transformer stops the build
      // at its line (sass-errors), as in the dev server: one error, not one per page. Whichever
      // file its fix edits builds the page again.
      for (const source of readdirSync(STYLES, { recursive: true }))
        if (source.endsWith('.scss')) asset.invalidateOnFileChange(path.join(STYLES, source));
      asset.invalidateOnFileCreate({ glob: path.join(STYLES, '**/*.scss') });
      return link;
    }
  });
  if (inlined !== html) asset.setCode(inlined);
}

module.exports = { inlineStylesheets };
