/**
 * `npm run check:cache`: builds the site again without the build cache (an empty BUILD_CACHE, in a
 * scratch folder) and compares its dist/ with the one the last `npm run build` wrote from the cache,
 * file by file. CI runs it after its build from the cache it restored (.github/workflows/ci.yml): a
 * cache that keeps a stale page fails here, naming the files that differ. dist/ is left as the
 * cold build wrote it (the same, when this passes).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { ROOT } = createRequire(import.meta.url)('../../scripts/build/repo-root.cjs');
const DIST = path.join(ROOT, 'dist');

/** Every file under `dir`, by its path relative to it, as a digest of its bytes. */
export function digests(dir) {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .map((file) => [
        path.relative(dir, file),
        createHash('sha256').update(readFileSync(file)).digest('hex'),
      ]),
  );
}

function compareWithColdBuild() {
  if (!existsSync(DIST)) {
    console.error('dist/ is missing: run npm run build first (CI restores the build cache before it).');
    process.exitCode = 1;
    return;
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'cold-build-'));
  const fromCache = path.join(scratch, 'dist-from-cache');
  renameSync(DIST, fromCache);
  try {
    execFileSync('npm', ['run', '--silent', 'build'], {
      cwd: ROOT,
      env: { ...process.env, BUILD_CACHE: path.join(scratch, 'empty-cache') },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const [warm, cold] = [digests(fromCache), digests(DIST)];
    const differ = [...new Set([...warm.keys(), ...cold.keys()])]
      .filter((file) => warm.get(file) !== cold.get(file))
      .sort()
      .map(
        (file) =>
          `  ${file}${!warm.has(file) ? ' (only in the cold build)' : !cold.has(file) ? ' (only in the build from the cache)' : ''}`,
      );
    if (differ.length > 0) {
      console.error(
        `The build from the cache differs from a cold build in ${differ.length} file(s):\n${differ.join('\n')}\n` +
          'A page was kept from the cache when what it is made of changed: make the plugin that builds it name that file ' +
          '(scripts/build/build.mjs says how), and delete .cache/ meanwhile. Where only a script chunk has another name ' +
          '(and the pages and _headers that name it), Parcel wrote its modules in another order from its cache, which ' +
          'scripts/build/patches/@parcel+core+2.16.4.patch prevents in the case known (docs/performance.md, ' +
          '"The build cache"): delete .cache/, and note what was edited before, for a test.',
      );
      process.exitCode = 1;
    } else {
      console.log(`The build from the cache and a cold build wrote the same ${cold.size} files.`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) compareWithColdBuild();
