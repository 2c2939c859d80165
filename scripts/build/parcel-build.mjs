/**
 * `npm run build` up to and through Parcel, in this one process first: dist/ emptied
 * (empty-dist.mjs), the posts' index written (posts/posts-index.cjs: Parcel chooses which cached
 * pages to build again from the files changed when it starts, so the index must be current by
 * then), and the record of the build's sources (build-sources.mjs). Then `parcel build`: every page, with Parcel's cache in the build cache
 * (scripts/build/build-cache.cjs) and a worker per core; or in Parcel's own process, when the
 * cache holds the last build and only the text of a few posts changed since (a publish): then
 * those pages are built again, and starting the workers (each loads Parcel and every plugin) cost
 * more than they saved (docs/performance.md, "Workers").
 *
 * A page cached by an earlier build is rebuilt when a file it is made of changes (Parcel tracks
 * them: posthtml-site names its data files, partials, posts and photos), and when what it reads
 * from the environment does: BUILD_DAY, BLOG_DRAFTS, and BUILD_YEAR, set here, for the year in
 * every page's footer (scripts/build/page-transformer). tests/machinery/build-cache.test.ts checks that
 * a build from the cache writes what a cold build writes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { RECORD, changedFiles, writeSourcesRecord } from './build-sources.mjs';
import { emptyDist } from './empty-dist.mjs';
import { hostOf } from './hosting/precompress.mjs';

const require = createRequire(import.meta.url);
const { PARCEL_CACHE, PARCEL_INPUTS, parcelWorkers } = require('./build-cache.cjs');
const { ROOT } = require('./repo-root.cjs');
const { INDEX_FILE: POSTS_INDEX, writePostsIndex } = require('./posts/posts-index.cjs');

// A host the last step would refuse, refused before the long part.
try {
  hostOf();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const stop = emptyDist();
if (stop) {
  console.error(stop);
  process.exit(1);
}
try {
  writePostsIndex();
} catch (error) {
  // A maintainer's mistake in a post: its block (file, line, fix) alone, as the build prints it.
  console.error(`🚨 Build failed.\n\n${error.message}`);
  process.exit(1);
}
writeSourcesRecord();

const year = String(new Date().getFullYear());
/** At most this many posts' text edited since the cached build: Parcel's own process rebuilds them sooner than workers would start. */
const FEW_POSTS = 3;

/**
 * What the pages are made from: the build's record of its sources and day (written above), what
 * pages read from the environment, and the posts' index, which the listings read.
 */
function inputsNow() {
  const record = path.join(ROOT, RECORD);
  return {
    ...JSON.parse(readFileSync(record, 'utf8')),
    drafts: process.env.BLOG_DRAFTS ?? '',
    year,
    postsIndex: existsSync(POSTS_INDEX) ? readFileSync(POSTS_INDEX, 'utf8') : '',
  };
}

/** The posts whose text alone changed since the build the cache holds, or undefined when anything else did. */
function onlyPostsEdited(inputs) {
  if (process.env.PARCEL_WORKERS || !existsSync(PARCEL_CACHE) || !existsSync(PARCEL_INPUTS)) return undefined;
  const last = JSON.parse(readFileSync(PARCEL_INPUTS, 'utf8'));
  if (['day', 'drafts', 'year', 'postsIndex'].some((key) => last[key] !== inputs[key])) return undefined;
  const changed = changedFiles(last.files ?? {}, inputs.files);
  const edited = changed.every((file) => /^pages\/_posts\/[^/]+\.(md|markdown)$/.test(file));
  return edited && changed.length <= FEW_POSTS ? changed : undefined;
}

const inputs = inputsNow();
const edited = onlyPostsEdited(inputs);
if (edited) {
  console.log(
    `Parcel in one process: since the build in its cache, ${edited.length === 0 ? 'nothing' : `only ${edited.join(', ')}`} changed.`,
  );
}
const env = {
  ...process.env,
  PARCEL_WORKERS: edited ? '0' : String(parcelWorkers()),
  BUILD_YEAR: year,
};
const parcel = spawn(
  'npx',
  ['parcel', 'build', 'pages/**/*.html', '--no-source-maps', '--cache-dir', PARCEL_CACHE],
  { cwd: ROOT, env, stdio: 'inherit' },
);
parcel.on('exit', (code, signal) => {
  // What this cache was built from, for the next build's choice; kept only from a build that succeeded.
  if (code === 0) writeFileSync(PARCEL_INPUTS, `${JSON.stringify(inputs)}\n`);
  process.exit(code ?? (signal ? 1 : 0));
});
