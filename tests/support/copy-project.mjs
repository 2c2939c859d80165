/**
 * Copies the project's files as they are now (tracked, or new and not ignored; `only` narrows them
 * to some paths) into a scratch folder, for tests and measurements that edit or grow the site
 * without touching the real tree. Its node_modules links to the project's packages, except
 * posthtml-site, which package.json installs from scripts/build/posthtml-site: the copy must run
 * its own, so that the plugin reads the copy's data. Its build cache (scripts/build/build-cache.cjs)
 * is its own. `linkModules: false` copies without linking node_modules: over a copy linked
 * before, or files alone (the grown site's pages/).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { ROOT } = require('../../scripts/build/repo-root.cjs');

export function copyProject(scratch, only = [], { linkModules = true } = {}) {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...only],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  for (const file of listed.split('\0').filter((name) => name && existsSync(path.join(ROOT, name)))) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), readFileSync(path.join(ROOT, file)));
  }
  if (!linkModules) return;
  mkdirSync(path.join(scratch, 'node_modules'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    const target =
      entry === 'posthtml-site'
        ? path.join(scratch, 'scripts/build/posthtml-site')
        : path.join(ROOT, 'node_modules', entry);
    symlinkSync(target, path.join(scratch, 'node_modules', entry));
  }
}
