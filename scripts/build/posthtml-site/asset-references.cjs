'use strict';
/**
 * Checks that every file a page's markup asks Parcel to bundle (an image, an icon, a stylesheet)
 * exists, at the line of the page or partial that names it. Parcel would stop too, but at a line
 * of the assembled page, which no maintainer has open.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SiteError, ROOT } = require('./site-error.cjs');
const { elementsOf } = require('./source-files.cjs');
const { IMAGES_URL } = require('../images.cjs');

/** The attributes whose URLs Parcel bundles: <img src>, <source srcset>, <link href>, … */
const BUNDLED = ['src', 'srcset', 'poster'];

/** A URL Parcel reads from the repo root: "/images/logo.svg", not a route, an expression or another site. */
const LOCAL_FILE = /^\/(?!\/)[^?#{}\s]*\.[a-z0-9]+$/i;

function urlsOf(element) {
  const attrs = element.attrs || {};
  const values = BUNDLED.map((name) => attrs[name]);
  if (element.tag === 'link') values.push(attrs.href);
  return (
    values
      .filter((value) => typeof value === 'string')
      .flatMap((value) => value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]))
      // Photos of pages/_images/ are checked by pictures.cjs, which names the nearest images.
      .filter((url) => LOCAL_FILE.test(url) && !url.startsWith(IMAGES_URL))
  );
}

/** Throws a SiteError at the first reference in `files` to a file that does not exist. */
function checkAssetReferences(files) {
  for (const file of files) {
    for (const element of elementsOf(path.join(ROOT, file))) {
      for (const url of urlsOf(element)) {
        if (fs.existsSync(path.join(ROOT, url))) continue;
        const { line, column } = element.location.start;
        throw new SiteError({
          what: `<${element.tag}> names ${url}, which does not exist.`,
          file,
          line,
          column,
          fix: `Put the file at ${url.slice(1)} (a URL starting with / is read from the repo root), or correct the path.`,
        });
      }
    }
  }
}

module.exports = { checkAssetReferences };
