/**
 * `npm run build`: the site from its sources into dist/ (and hosting/, what each host reads beside
 * it), in one process.
 *
 * 1. Before Parcel: dist/ emptied (empty-dist.mjs); the posts' index written (posts/posts-index.cjs:
 *    Parcel chooses which cached pages to build again from the files it sees changed as it starts,
 *    so the index must be current by then); the record of the build's sources (build-sources.mjs).
 * 2. Parcel, through its API, with the plugins .parcelrc names: the pages, the posts, the photos'
 *    variants, clean URLs, the feeds. Its cache is the build cache's (build-cache.cjs). It runs on
 *    a worker per core; or in this process alone when its cache holds the last build and only the
 *    text of a few posts changed since (a publish): then those pages are built again, and starting
 *    the workers (each loads Parcel and every plugin) costs more than they save
 *    (docs/performance.md, "Workers"). In this process, Parcel's plugins find the posts this step
 *    read for the index already read.
 * 3. What needs the bytes Parcel wrote: inline-styles.mjs (the stylesheet into each page, the entry
 *    script pinned by its digest, the CSP's hashes), the logo, the editor at /admin, each host's
 *    files, and the output for the host DEPLOY_TO names (hosting/precompress.mjs).
 *
 * A page cached by an earlier build is rebuilt when a file it is made of changes (Parcel tracks
 * them), and when what it reads from the environment does: BUILD_DAY, BLOG_DRAFTS, and BUILD_YEAR,
 * set here, for the year in every page's footer (page-transformer). tests/machinery/build-cache.test.ts
 * checks that a build from the cache writes what a cold build writes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { RECORD, changedFiles, writeSourcesRecord } from './build-sources.mjs';
import { emptyDist } from './empty-dist.mjs';
import { hostOf, outputForHost } from './hosting/precompress.mjs';

const require = createRequire(import.meta.url);
const { default: Parcel, BuildError } = require('@parcel/core');
const { PARCEL_CACHE, PARCEL_INPUTS, parcelWorkers } = require('./build-cache.cjs');
const { SITE_ROOT, DIST, siteRootProblem } = require('./repo-root.cjs');
const { INDEX_FILE: POSTS_INDEX, writePostsIndex } = require('./posts/posts-index.cjs');

const started = performance.now();

/** Stops the build with `message`, as the build prints its own mistakes. */
function stop(message) {
  console.error(message);
  process.exit(1);
}

// A site root (SITE_ROOT) that is no site, refused before anything reads it.
const siteProblem = siteRootProblem();
if (siteProblem) stop(siteProblem);
// A host the last step would refuse, refused before the long part.
try {
  hostOf();
} catch (error) {
  stop(error.message);
}
const emptied = emptyDist();
if (emptied) stop(emptied);
try {
  writePostsIndex();
} catch (error) {
  // A maintainer's mistake in a post: its block (file, line, fix) alone, as Parcel prints the others.
  stop(`🚨 Build failed.\n\n${error.message}`);
}
writeSourcesRecord();

const year = String(new Date().getFullYear());
/** At most this many posts' text edited since the cached build: Parcel in this process rebuilds them sooner than workers would start. */
const FEW_POSTS = 3;

/**
 * What the pages are made from: the build's record of its sources and day (written above), what
 * pages read from the environment, and the posts' index, which the listings read.
 */
function inputsNow() {
  return {
    ...JSON.parse(readFileSync(path.join(SITE_ROOT, RECORD), 'utf8')),
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
    `Parcel without workers: since the build in its cache, ${edited.length === 0 ? 'nothing' : `only ${edited.join(', ')}`} changed.`,
  );
}
// Read by Parcel's worker farm as it starts, and by the pages (page-transformer).
process.env.PARCEL_WORKERS = edited ? '0' : String(parcelWorkers());
process.env.BUILD_YEAR = year;

// As `parcel build "pages/**/*.html" --no-source-maps --cache-dir <cache>` runs it, with its report.
const parcel = new Parcel({
  entries: path.join(SITE_ROOT, 'pages/**/*.html'),
  defaultConfig: require.resolve('@parcel/config-default'),
  mode: 'production',
  cacheDir: PARCEL_CACHE,
  shouldPatchConsole: false,
  env: { NODE_ENV: process.env.NODE_ENV || 'production' },
  additionalReporters: [{ packageName: '@parcel/reporter-cli', resolveFrom: import.meta.filename }],
  defaultTargetOptions: { shouldOptimize: true, sourceMaps: false, distDir: DIST },
});
const parcelStarted = performance.now();
try {
  await parcel.run();
} catch (error) {
  // A BuildError has been shown by Parcel's report, with its file and line.
  if (!(error instanceof BuildError)) console.error(error);
  process.exit(1);
}
// What this cache was built from, for the next build's choice; kept only from a build that succeeded.
writeFileSync(PARCEL_INPUTS, `${JSON.stringify(inputs)}\n`);
const parcelEnded = performance.now();

(await import('./inline-styles.mjs')).inlineStyles();
await import('./write-logo.mjs');
(await import('./editor/write-editor.mjs')).writeEditorReported();
await import('./hosting/write-hosting-files.mjs');
try {
  await outputForHost();
} catch (error) {
  stop(error instanceof Error ? error.message : error);
}
// Where the time went (npm run budget reads this line: tests/budget/blog.ts).
const seconds = (from, to = performance.now()) => ((to - from) / 1000).toFixed(1);
console.log(
  `Built in ${seconds(started)} s: ${seconds(started, parcelStarted)} s before Parcel, ` +
    `${seconds(parcelStarted, parcelEnded)} s in Parcel, ${seconds(parcelEnded)} s after it.`,
);
