/**
 * Vitest's global set-up of the projects that test a built site: `npm run build` of the site root
 * they test (SITE_ROOT, or the repository) first, unless its last build is newer than every
 * source, so that they never test an older build (nor npm run dev's, which writes dist/ too). A
 * build that stops ends the run with the build's own message: its file, line and fix.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { ROOT, SITE_ROOT, PARTIALS_ROOT } = require('../../scripts/build/repo-root.cjs');
const { BUILD_RECORD } = require('../../scripts/build/site-time.cjs');

/** What a build reads, besides node_modules/ (package-lock.json stands for it). */
const SOURCES = [
  'styles',
  'scripts',
  'static',
  'package.json',
  'package-lock.json',
  '.parcelrc',
  '.posthtmlrc',
  '.htmlnanorc',
];

/**
 * The host the tests build for: nginx, whose build is every host's with the precompressed copies
 * Parcel writes beside each text bundle (scripts/build/hosting/hosts.mjs), which the nginx the
 * tests start sends.
 */
const TESTED_HOST = 'nginx';

/** The host a build record names; none for a missing record, or one cut short or edited by hand. */
function recordedHost(record) {
  try {
    return JSON.parse(readFileSync(record, 'utf8')).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether the last build of `root` was for the tested host and ended after every change to what
 * it reads, and nothing wrote into its dist/ since: by modification times, which a checkout or an
 * editor's save moves forward (a doubt costs a build, which Parcel's cache makes seconds).
 */
export function builtSinceLastChange(root = SITE_ROOT) {
  const record = path.join(root, BUILD_RECORD);
  if (recordedHost(record) !== TESTED_HOST) return false;
  const built = statSync(record).mtimeMs;
  const partials = existsSync(path.join(root, 'partials')) ? root : PARTIALS_ROOT;
  const newer = (file) => {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) return false;
    // A folder's own time moves when a file in it is added, removed or renamed.
    const inside = stats.isDirectory() ? readdirSync(file, { recursive: true, encoding: 'utf8' }) : [];
    return [file, ...inside.map((name) => path.join(file, name))].some(
      (entry) => statSync(entry).mtimeMs > built,
    );
  };
  return ![
    ...SOURCES.map((source) => path.join(ROOT, source)),
    path.join(root, 'pages'),
    path.join(partials, 'partials'),
    path.join(root, 'dist'),
  ].some(newer);
}

/**
 * How the sites only tests build (the grown tree, a test's copy) run Parcel: in the build's own
 * process, even cold. Under npm test other stages share the cores, where workers cost CPU and
 * gain no time (docs/performance.md, "Workers"); both write the same (build-cache.test.ts). The
 * site's own `npm run build` and `npm run check`, and the timed figures, keep the owner's build.
 */
export const TEST_BUILD_ENV = { PARCEL_WORKERS: '0', DEPLOY_TO: TESTED_HOST };

/** Builds the site at `root` for the tested host (npm run build), or throws with what it printed. */
export function buildSite(root = SITE_ROOT, env = process.env) {
  const build = spawnSync(process.execPath, ['scripts/build/build.mjs'], {
    cwd: ROOT,
    env: { ...env, DEPLOY_TO: TESTED_HOST, SITE_ROOT: root },
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    throw new Error(
      `npm run build stopped (SITE_ROOT=${root}):\n${`${build.stderr}\n${build.stdout}`.trim()}`,
    );
  }
  return build.stdout.trim().split('\n').at(-1);
}

export default function setup() {
  if (builtSinceLastChange()) return;
  try {
    console.log(buildSite());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
