/**
 * The build's cache folder, .cache/ (not committed; CI restores it): Parcel's, parcel/ for
 * `npm run build`, parcel-nginx/ for a build for nginx (its compressors: build.mjs) and
 * parcel-dev/ for `npm run dev` (it shows drafts), and the posts' index,
 * blog/ (posts-index.cjs). A build with it writes what a cold one writes (build-cache.test.ts);
 * `rm -rf .cache` gives its room back. BUILD_CACHE moves it. Why each folder is there and what it
 * saves: docs/performance.md, "The build cache".
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
  PARCEL_CACHE: path.join(CACHE_DIR, 'parcel'),
  parcelWorkers,
};
