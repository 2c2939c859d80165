/**
 * The repository's root folder, the one place that knows where it is: build scripts, the page
 * plugin, the screenshot suite and the tests find every other file from it.
 *
 * And the site's root: the folder whose pages/ the build reads (the pages, their data, posts and
 * photos) and beside which it writes dist/ and hosting/. It is the repository's own unless
 * SITE_ROOT names another folder inside it, as a test names a fixture (tests/fixtures/README.md).
 * A site root with a partials/ folder of its own builds with it, whole; without one, with the
 * repository's. The code, the styles and the assets stay the repository's.
 */
const { existsSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const SITE_ROOT = path.resolve(ROOT, process.env.SITE_ROOT || '.');
if (path.relative(ROOT, SITE_ROOT).startsWith('..')) {
  // Parcel builds the files of its project only: the repository.
  throw new Error(
    `SITE_ROOT is ${process.env.SITE_ROOT}, outside the repository (${ROOT}). Name a folder inside it, or unset SITE_ROOT to build the site itself.`,
  );
}
/** The site's pages/ from the repository's root: "pages", or a fixture's ("tests/fixtures/…/pages"). */
const PAGES_DIR = path.relative(ROOT, path.join(SITE_ROOT, 'pages')).split(path.sep).join('/');
/** The folder whose partials/ the pages include: the site root's, when it has one. */
const PARTIALS_ROOT = existsSync(path.join(SITE_ROOT, 'partials')) ? SITE_ROOT : ROOT;
/** That partials/ from the repository's root: "partials", or a site root's ("tests/…/partials"). */
const PARTIALS_DIR = path.relative(ROOT, path.join(PARTIALS_ROOT, 'partials')).split(path.sep).join('/');

/**
 * Why the site root cannot be built or served, as the build prints a mistake, or undefined: a
 * folder that holds no site (the fixture folder itself, say), refused before anything reads it.
 */
function siteRootProblem() {
  if (!existsSync(path.join(SITE_ROOT, 'pages/_data'))) return noSite();
  // Its own partials/ replaces the repository's whole: one without the layout is a copy cut short.
  if (PARTIALS_ROOT === SITE_ROOT && !existsSync(path.join(SITE_ROOT, 'partials/layout.html'))) {
    return (
      `🚨 Build failed.\n\n${PARTIALS_DIR}/ has no layout.html: a site root's partials/ replaces the repository's, whole.\n` +
      `  Fix: Copy every partial into it (cp -r partials ${path.relative(ROOT, SITE_ROOT)}/), then change the ones the site needs; ` +
      "or remove it, to build with the repository's partials."
    );
  }
  return undefined;
}

/** The message for a site root that holds no site. */
function noSite() {
  return (
    `🚨 Build failed.\n\nSITE_ROOT is ${process.env.SITE_ROOT}: ${path.relative(ROOT, SITE_ROOT)}/ has no pages/_data/.\n` +
    "  Fix: Name a folder that holds a site's pages/ (its pages, _data with its schemas, _posts, _images), " +
    "as a copy of the repository's pages/ does (tests/fixtures/README.md), or unset SITE_ROOT to build the site itself."
  );
}

module.exports = {
  ROOT,
  SITE_ROOT,
  PAGES_DIR,
  PARTIALS_ROOT,
  PARTIALS_DIR,
  DIST: path.join(SITE_ROOT, 'dist'),
  HOSTING: path.join(SITE_ROOT, 'hosting'),
  siteRootProblem,
};
