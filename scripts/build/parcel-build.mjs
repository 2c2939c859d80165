/**
 * `parcel build` for `npm run build`: every page, with Parcel's cache in the build cache
 * (scripts/build/build-cache.cjs) and a worker per core.
 *
 * A page cached by an earlier build is rebuilt when a file it is made of changes (Parcel tracks
 * them: posthtml-site names its data files, partials, posts and photos), and when what it reads
 * from the environment does: BUILD_DAY, BLOG_DRAFTS, and BUILD_YEAR, set here, for the year in
 * every page's footer (scripts/build/page-errors). tests/machinery/build-cache.test.ts checks that
 * a build from the cache writes what a cold build writes.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

import { hostOf } from './hosting/precompress.mjs';

const require = createRequire(import.meta.url);
const { PARCEL_CACHE, parcelWorkers } = require('./build-cache.cjs');
const { ROOT } = require('./repo-root.cjs');

// A host the last step would refuse, refused before the long part.
try {
  hostOf();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const env = {
  ...process.env,
  PARCEL_WORKERS: String(parcelWorkers()),
  BUILD_YEAR: String(new Date().getFullYear()),
};
const parcel = spawn(
  'npx',
  ['parcel', 'build', 'pages/**/*.html', '--no-source-maps', '--cache-dir', PARCEL_CACHE],
  { cwd: ROOT, env, stdio: 'inherit' },
);
parcel.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
