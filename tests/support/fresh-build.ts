/**
 * Vitest global set-up for the suites that test dist/: refuses a build older than the sources, so
 * that no check passes on a stale build. It names the newest source file and the command to run.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/build/repo-root.cjs';

/** What a build is made of: changing any of these changes dist/. Tests are not. */
const SOURCES = ['pages', 'partials', 'styles', 'scripts', 'static'];
const CONFIG = ['package.json', '.parcelrc', '.posthtmlrc', '.htmlnanorc'];
const NOT_A_SOURCE = /\.test\.tsx?$|\.d\.c?m?ts$/;
/** Written last by npm run build (scripts/build/hosting/write-hosting-files.mjs). */
const BUILT = 'dist/_headers';

function newestIn(folder: string): { file: string; time: number } {
  let newest = { file: '', time: 0 };
  for (const entry of readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || NOT_A_SOURCE.test(entry.name)) continue;
    const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
    const time = statSync(path.join(ROOT, file)).mtimeMs;
    if (time > newest.time) newest = { file, time };
  }
  return newest;
}

/** Why dist/ cannot be tested as it is, or undefined when it is newer than every source. */
export function staleBuild(): string | undefined {
  if (!existsSync(path.join(ROOT, BUILT))) {
    return 'dist/ has not been built (or its build stopped). Run npm run build, or npm run check, which builds and then checks.';
  }
  const built = statSync(path.join(ROOT, BUILT)).mtimeMs;
  const newest = [
    ...SOURCES.map(newestIn),
    ...CONFIG.map((file) => ({ file, time: statSync(path.join(ROOT, file)).mtimeMs })),
  ].reduce((a, b) => (b.time > a.time ? b : a));
  if (newest.time <= built) return undefined;
  return (
    `dist/ is older than ${newest.file}, changed after the last build: these tests would check the ` +
    'old site. Run npm run build first, or npm run check, which builds and then checks.'
  );
}

export default function setup(): void {
  const stale = staleBuild();
  if (!stale) return;
  const error = new Error(stale);
  error.stack = error.message; // the fix is in the message; a trace would lead into Vitest
  throw error;
}
