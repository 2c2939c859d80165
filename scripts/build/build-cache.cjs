/**
 * The build's cache folder, .cache/ (not committed; CI restores it, keyed by the lock file and the
 * build's own code: .github/workflows/ci.yml). `npm run build` uses whatever it finds there and a
 * build without it is cold; either way the output is the same (tests/machinery/build-cache.test.ts):
 *
 * - parcel/: Parcel's cache (scripts/build/parcel-build.mjs), so that a publish after one post's
 *   edit rebuilds that post's pages and what lists it, not the site; parcel-dev/, the dev
 *   server's (npm run dev), kept apart: it shows drafts, which no build publishes;
 *   parcel-inputs.json, what the build in parcel/ was made from, for the next build's choice of
 *   workers (parcel-build.mjs);
 * - image-variants/: each photo's sized variants, by a digest of the source and the settings
 *   (scripts/build/image-variants), which outlive Parcel's cache: a photo is encoded once;
 * - compressed/: each text file's brotli and gzip copies, by a digest of its bytes
 *   (scripts/build/hosting/precompress.mjs): the same bytes are never compressed twice;
 * - posts/: what was read of each post (its front matter checked, its Markdown rendered and
 *   checked), by a digest of the file, of what its reading depends on and of the reading's code
 *   (scripts/build/posts/read-posts.cjs): each step of a build that reads the posts (the posts'
 *   index, every Parcel worker, the feeds) reads again only the posts that changed.
 *
 * Each keeps what the current sources need, not every edit's: Parcel's cache starts afresh once it
 * outgrows its first build (trimParcelCache, below); the posts' readings and the compressed copies
 * are kept only for what the last build read or wrote (read-posts.cjs, precompress.mjs).
 *
 * BUILD_CACHE moves the whole folder; IMAGE_VARIANTS_CACHE only the photos' (npm run budget
 * times a build with an empty one). docs/performance.md says what each saves.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./repo-root.cjs');

const CACHE_DIR = process.env.BUILD_CACHE ? path.resolve(process.env.BUILD_CACHE) : path.join(ROOT, '.cache');

/** How much a Parcel cache may grow past its size after its first build before it starts afresh. */
const PARCEL_CACHE_GROWTH = 2;

/** The bytes of the files in `dir` (a Parcel cache: its LMDB file and its graphs, no folders). */
function folderBytes(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(dir, entry.name)).size, 0);
}

/**
 * Parcel never removes from its cache what no build uses any more
 * (github.com/parcel-bundler/parcel/discussions/7345): every build that changes pages adds to it
 * (with 1,000 posts, 13-27 MB for each edit of a data file every page reads). So the first time a
 * build finds a Parcel cache, its size is recorded beside it (`<dir>.first-bytes`: what one build
 * wrote, and what the site needs); once it holds more than PARCEL_CACHE_GROWTH times that, it is
 * removed, and this build is cold (the same output: tests/machinery/build-cache.test.ts). Returns
 * the line that says so, or undefined.
 */
function trimParcelCache(dir) {
  const record = `${dir}.first-bytes`;
  let bytes, first;
  try {
    if (!fs.existsSync(dir)) {
      fs.rmSync(record, { force: true });
      return undefined;
    }
    bytes = folderBytes(dir);
    // A record that is no size (edited, cut short) is written again.
    first = Number(fs.existsSync(record) ? fs.readFileSync(record, 'utf8') : NaN);
    if (!(first > 0)) {
      fs.writeFileSync(record, String(bytes));
      return undefined;
    }
    if (bytes <= PARCEL_CACHE_GROWTH * first) return undefined;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(record, { force: true });
  } catch {
    // A cache folder that cannot be written (read-only) costs room, never the build.
    return undefined;
  }
  const mb = (value) => `${(value / 1e6).toFixed(1)} MB`;
  return (
    `Parcel's cache (${path.relative(ROOT, dir)}) held ${mb(bytes)}, more than ${PARCEL_CACHE_GROWTH} times the ` +
    `${mb(first)} of its first build: Parcel keeps what no build uses any more, so this build starts it afresh.`
  );
}

/**
 * Parcel's workers: one per core. Parcel's own default is half the cores (at most 4), which on a
 * 2-core machine is one worker: 1,000 posts then built in 60 s against 37 s with two, and 43 s
 * with three (docs/performance.md, "Workers"). PARCEL_WORKERS, when set, wins.
 */
function parcelWorkers() {
  if (process.env.PARCEL_WORKERS) return Number(process.env.PARCEL_WORKERS);
  return os.availableParallelism();
}

module.exports = {
  CACHE_DIR,
  PARCEL_CACHE: path.join(CACHE_DIR, 'parcel'),
  // What the build in parcel/ was made from (scripts/build/parcel-build.mjs).
  PARCEL_INPUTS: path.join(CACHE_DIR, 'parcel-inputs.json'),
  IMAGE_VARIANTS_CACHE: process.env.IMAGE_VARIANTS_CACHE ?? path.join(CACHE_DIR, 'image-variants'),
  COMPRESSED_CACHE: path.join(CACHE_DIR, 'compressed'),
  POSTS_CACHE: path.join(CACHE_DIR, 'posts'),
  PARCEL_CACHE_GROWTH,
  parcelWorkers,
  trimParcelCache,
};

// `node scripts/build/build-cache.cjs trim-parcel <dir>`: npm run dev's, before Parcel opens it.
if (require.main === module && process.argv[2] === 'trim-parcel') {
  const said = trimParcelCache(path.resolve(process.argv[3]));
  if (said) console.log(said);
}
