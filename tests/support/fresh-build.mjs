/**
 * Refuses to test a stale dist/: the suites that test it would check the old site. dist/ is stale
 * when a source file's content differs from what the last build read (its record,
 * scripts/build/build-sources.mjs); the refusal names the file and the command to run.
 *
 * The npm scripts that test dist/ run this first (`node tests/support/fresh-build.mjs`), so that
 * the refusal is the first and only thing they print; Vitest runs it too, as the global set-up of
 * those projects, for a run started with `npx vitest`.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  changedFiles,
  recordedDigests,
  sourceDigests,
  writtenByDev,
} from '../../scripts/build/build-sources.mjs';
import repoRoot from '../../scripts/build/repo-root.cjs';

/** Written at the end of npm run build (scripts/build/hosting/write-hosting-files.mjs). */
const BUILT = 'dist/_headers';
const RUN = 'Run npm run build first, or npm run check, which builds and then checks.';

/**
 * Why a site root's dist/ cannot be tested as it is, or undefined when it was built from its
 * sources as they are. By default the root the suites test (SITE_ROOT, or the repository).
 */
export function staleBuild(root = repoRoot.SITE_ROOT) {
  if (writtenByDev(root)) {
    return `dist/ holds the build of npm run dev (unminified, with its live reload), not of npm run build: these tests would check another site. ${RUN}`;
  }
  const recorded = recordedDigests(root);
  if (!existsSync(path.join(root, BUILT)) || !recorded) {
    return `dist/ has not been built (or its build stopped). ${RUN}`;
  }
  const changed = changedFiles(recorded, sourceDigests(root));
  if (changed.length === 0) return undefined;
  const others = changed.length > 1 ? ` and ${changed.length - 1} other file(s)` : '';
  return (
    `dist/ was built before the last change to ${changed[0]}${others}: these tests would check ` +
    `the old site. ${RUN}`
  );
}

/** Vitest's global set-up: the refusal alone, then exit, rather than a stack into Vitest. */
export default function setup() {
  const stale = staleBuild();
  if (!stale) return;
  console.error(stale);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = staleBuild();
  if (stale) {
    console.error(stale);
    process.exit(1);
  }
}
