/**
 * Empties dist/ before a build (npm run build, npm run release). `npm run dev` writes its own
 * build there: a build started while dev runs can find files reappear as it removes them
 * (ENOTEMPTY), and says so in one line, rather than with Node's stack.
 *
 *   node scripts/build/empty-dist.mjs
 */
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const { DIST } = createRequire(import.meta.url)('./repo-root.cjs');

/** What another process writing into the folder makes removing it fail with. */
const WRITTEN_MEANWHILE = new Set(['ENOTEMPTY', 'EBUSY', 'EPERM']);

/** Empties `folder`; returns the line to print when another process writes into it meanwhile. */
export function emptyDist(folder = DIST, remove = rmSync) {
  try {
    remove(folder, { recursive: true, force: true });
    return undefined;
  } catch (error) {
    if (!WRITTEN_MEANWHILE.has(error?.code)) throw error;
    return 'dist/ changed while the build emptied it: npm run dev writes there. Stop npm run dev (Ctrl+C in its terminal), then run this again.';
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stop = emptyDist();
  if (stop) {
    console.error(stop);
    process.exit(1);
  }
}
