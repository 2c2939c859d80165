/**
 * `npm run build`: the site from its sources into dist/ and hosting/, in one process (the house,
 * step by step: docs/architecture.md). Before Parcel, dist/ is emptied and the posts' index
 * written: Parcel picks the cached pages to build again from the files changed as it starts.
 * Parcel runs through its API with .parcelrc's plugins, on a worker per core when cold and in this
 * process from its cache (docs/performance.md, "Workers"); its last reporter makes dist/ what the
 * hosts receive (hosting/hosting-reporter.cjs). A cached page is built again when a file it is
 * made of changes, or what it read from the environment: BUILD_DAY, BLOG_DRAFTS, and BUILD_YEAR,
 * set here for every page's footer.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { emptyDist } from './empty-dist.mjs';
import { HOSTS, PRECOMPRESSING_CONFIG, hostOf } from './hosting/hosts.mjs';

const require = createRequire(import.meta.url);
const { default: Parcel, BuildError } = require('@parcel/core');
const { PARCEL_CACHE, parcelWorkers } = require('./build-cache.cjs');
const { ROOT, SITE_ROOT, DIST, siteRootProblem } = require('./repo-root.cjs');
const { writePostsIndex } = require('./posts/posts-index.cjs');
const { BUILD_RECORD } = require('./site-time.cjs');

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
let host;
try {
  host = hostOf();
} catch (error) {
  stop(error.message);
}
// For a host that sends precompressed files, Parcel writes them too, with a cache of its own:
// another configuration would otherwise make each build from the cache a cold one.
const { precompressed } = HOSTS[host];
const cacheDir = precompressed ? `${PARCEL_CACHE}-${host}` : PARCEL_CACHE;
// Until this build ends whole, no record says dist/ is current.
rmSync(path.join(SITE_ROOT, BUILD_RECORD), { force: true });
const emptied = emptyDist();
if (emptied) stop(emptied);
try {
  writePostsIndex();
} catch (error) {
  // A maintainer's mistake in a post: its block (file, line, fix) alone, as Parcel prints the others.
  stop(`🚨 Build failed.\n\n${error.message}`);
}

const year = String(new Date().getFullYear());
// From its cache, Parcel builds again only what changed since, which this process does sooner
// than a worker per core starts (each loads Parcel and every plugin); a cold build shares its
// pages and photos between the workers (docs/performance.md, "Workers").
const cached = existsSync(cacheDir);
const requestedWorkers = process.env.PARCEL_WORKERS;
const warm = cached && !requestedWorkers;
if (warm) console.log('Parcel without workers: its cache holds an earlier build.');
// Read by Parcel's worker farm as it starts, and by the pages (page-transformer).
process.env.PARCEL_WORKERS = warm ? '0' : String(parcelWorkers());
process.env.BUILD_YEAR = year;

// As `parcel build "pages/**/*.html" --no-source-maps --cache-dir <cache>` runs it, with its report.
const parcel = new Parcel({
  entries: path.join(SITE_ROOT, 'pages/**/*.html'),
  defaultConfig: require.resolve('@parcel/config-default'),
  ...(precompressed && { config: PRECOMPRESSING_CONFIG }),
  mode: 'production',
  cacheDir,
  shouldPatchConsole: false,
  // The site visitors get, whoever runs the build: Vitest, whose projects build the site they test,
  // sets NODE_ENV=test, under which React's development build (twice the bytes) would ship.
  env: { NODE_ENV: 'production' },
  additionalReporters: [{ packageName: '@parcel/reporter-cli', resolveFrom: import.meta.filename }],
  defaultTargetOptions: { shouldOptimize: true, sourceMaps: false, distDir: DIST },
});
const parcelStarted = performance.now();
try {
  await parcel.run();
} catch (error) {
  if (cached && insideParcel(error)) buildAgainCold();
  // A BuildError has been shown by Parcel's report, with its file and line.
  if (!(error instanceof BuildError)) console.error(error);
  process.exit(1);
}

/**
 * Whether Parcel failed in its own code, at no file of the site: its cache can hold what it cannot
 * build from (a file cut short by a build that was stopped; once, a bundle graph that named a
 * bundle it no longer had). A mistake in the site names its file, or comes from a plugin.
 */
function insideParcel(error) {
  const diagnostics = error instanceof BuildError ? error.diagnostics : [];
  // The first frame in a file, past Node's own (node:v8 …).
  const thrownIn = (stack = '') => /\n\s+at .*?\(?((?:\/|file:)[^:)]+)/.exec(stack)?.[1] ?? '';
  return (
    diagnostics.length > 0 &&
    diagnostics.every(
      (diagnostic) =>
        !diagnostic.codeFrames?.length && thrownIn(diagnostic.stack).includes('/node_modules/@parcel/'),
    )
  );
}

/** Runs this build again without Parcel's cache, whose build writes the same site (build-cache.test.ts). */
function buildAgainCold() {
  console.error(
    `⚠️  Parcel failed from its cache (${path.relative(ROOT, cacheDir)}/), above: building again without it.`,
  );
  rmSync(cacheDir, { recursive: true, force: true });
  const again = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, PARCEL_WORKERS: requestedWorkers ?? '' },
  });
  process.exit(again.status ?? 1);
}

// Written last, once dist/ is whole: its day says which posts it holds, its host whether it holds
// precompressed copies, its time which sources it predates (tests/support/build-first.mjs). The
// data is required here, after the site root's check.
const { day } = require('./posthtml-site/site-data.cjs').loadSiteData();
writeFileSync(path.join(SITE_ROOT, BUILD_RECORD), `${JSON.stringify({ day, host })}\n`);
// Where the time went (npm run budget reads this line: tests/budget/blog.ts), Parcel's time with
// its last reporter's (hosting-reporter.cjs prints its own).
const seconds = (from, to = performance.now()) => ((to - from) / 1000).toFixed(1);
console.log(
  `Built in ${seconds(started)} s: ${seconds(started, parcelStarted)} s before Parcel, ` +
    `${seconds(parcelStarted)} s in Parcel.`,
);
