/**
 * Vitest's global set-up of the projects that test a built site: `npm run build` of the site root
 * they test (SITE_ROOT, or the repository) before them, so that they never test an older build.
 * With nothing changed since, Parcel's cache makes it a few seconds. A build that stops ends the
 * run with the build's own message (its file, line and fix).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const { ROOT, SITE_ROOT } = createRequire(import.meta.url)('../../scripts/build/repo-root.cjs');

/** Builds the site at `root` (npm run build), or throws with what the build printed. */
export function buildSite(root = SITE_ROOT, env = process.env) {
  const build = spawnSync(process.execPath, ['scripts/build/build.mjs'], {
    cwd: ROOT,
    env: { ...env, SITE_ROOT: root },
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
  try {
    console.log(buildSite());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
