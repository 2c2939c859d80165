/**
 * The size of the house around the site, in lines of the files git tracks: the build's code, the
 * test code, and the site itself, which both are measured against (docs/testing.md, "The house").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { ROOT } from '../support/site';

const CODE = /\.(?:[cm]?[jt]sx?)$/;
const isTest = (file: string) =>
  (/^(?:tests|backstop)\//.test(file) && CODE.test(file)) || /\.test\.[cm]?[jt]sx?$/.test(file);
/** What a visitor is served from: the pages, their data and posts, the partials, the styles, the browser's scripts. */
const isSite = (file: string) =>
  (/^pages\//.test(file) && /\.(?:html|md|json)$/.test(file) && !file.includes('/schemas/')) ||
  /^partials\/.*\.html$/.test(file) ||
  /^styles\/.*\.scss$/.test(file) ||
  (/^scripts\/(?:islands|page|leads)\//.test(file) && CODE.test(file) && !isTest(file)) ||
  file === 'scripts/main.ts';

export function houseSize() {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    // A file removed but not yet staged is still listed.
    .filter((file) => file && existsSync(`${ROOT}/${file}`));
  const lines = (chosen: string[]) =>
    chosen.reduce((sum, file) => sum + readFileSync(`${ROOT}/${file}`, 'utf8').split('\n').length - 1, 0);
  const tests = files.filter(isTest);
  return {
    build: lines(
      files.filter((file) => file.startsWith('scripts/build/') && CODE.test(file) && !isTest(file)),
    ),
    site: lines(files.filter(isSite)),
    tests: lines(tests),
    support: lines(tests.filter((file) => file.startsWith('tests/support/'))),
  };
}
