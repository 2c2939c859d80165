/**
 * The build's cache folder, .cache/ (not committed; CI restores it, keyed by the lock file and the
 * build's own code: .github/workflows/ci.yml). `npm run build` uses whatever it finds there and a
 * build without it is cold; either way the output is the same (tests/machinery/build-cache.test.ts):
 *
 * - parcel/: Parcel's cache (scripts/build/build.mjs), so that a publish after one post's
 *   edit rebuilds that post's pages and what lists it, not the site; parcel-dev/, the dev
 *   server's (npm run dev), kept apart: it shows drafts, which no build publishes;
 * - posts/: what was read of each post (its front matter checked, its Markdown rendered and
 *   checked), by a digest of the file, of what reading it depends on and of the reader's code
 *   (scripts/build/posts/read-posts.cjs): each step of a build that reads the posts (the posts'
 *   index, every Parcel worker, the feeds) reads again only the posts that changed.
 *
 * Parcel removes nothing from its cache (github.com/parcel-bundler/parcel/discussions/7345), so it
 * grows with every edit a build sees; `rm -rf .cache` gives the room back, and the next build is
 * cold (the same output). The posts' results are kept only for what the last build read
 * (read-posts.cjs).
 *
 * BUILD_CACHE moves the whole folder. The photos' variants are Parcel's (image-variants): kept
 * in its cache, encoded again only when a photo changes. docs/performance.md says what each saves.
 */
const os = require('node:os');
const path = require('node:path');
const { SITE_ROOT } = require('./repo-root.cjs');

// A fixture's build (SITE_ROOT) keeps its own, beside its dist/: Parcel's cache is one build's.
const CACHE_DIR = process.env.BUILD_CACHE
  ? path.resolve(process.env.BUILD_CACHE)
  : path.join(SITE_ROOT, '.cache');

/**
 * Parcel's workers for a cold build: one per core. Parcel's own default is half the cores (at
 * most 4), which on a 2-core machine is one worker, and page transforms are independent of each
 * other (docs/performance.md, "Workers"). PARCEL_WORKERS, when set, wins.
 */
function parcelWorkers() {
  if (process.env.PARCEL_WORKERS) return Number(process.env.PARCEL_WORKERS);
  return os.availableParallelism();
}

module.exports = {
  CACHE_DIR,
  PARCEL_CACHE: path.join(CACHE_DIR, 'parcel'),
  POSTS_CACHE: path.join(CACHE_DIR, 'posts'),
  parcelWorkers,
};
