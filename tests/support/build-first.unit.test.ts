import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtSinceLastChange } from './build-first.mjs';
import { ROOT } from '../../scripts/build/repo-root.cjs';

/** A site root as a build leaves it: its pages/, its dist/, and the build's record written last. */
let root: string;
const write = (file: string, text = '') => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** Sets a file's time `seconds` from now. */
const age = (file: string, seconds: number) => {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(path.join(root, file), when, when);
};
beforeEach(() => {
  mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
  root = mkdtempSync(path.join(ROOT, '.cache/build-first-'));
  write('pages/_data/site.json', '{}');
  write('dist/index.html', '<!doctype html>');
  for (const file of ['pages/_data/site.json', 'pages/_data', 'pages', 'dist/index.html', 'dist'])
    age(file, -60);
  // Two seconds ago: after the repository's files were last saved, before the changes below.
  write('hosting/build.json', '{"day":"2026-12-03","host":"nginx"}');
  age('hosting/build.json', -2);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('builtSinceLastChange', () => {
  it('takes a build that ended after every change as current', () => {
    expect(builtSinceLastChange(root)).toBe(true);
  });

  it.each([
    ['a data file edited since', () => age('pages/_data/site.json', 120)],
    ['a post added since', () => write('pages/_posts/new-post.md', '---\n---\n')],
    ['dist/ written since (npm run dev)', () => age('dist/index.html', 120)],
    ['a build that never ended', () => rmSync(path.join(root, 'hosting/build.json'))],
    [
      'a record cut short',
      () => {
        write('hosting/build.json', '{"day":"2026-12-03","ho');
        age('hosting/build.json', -2);
      },
    ],
    // The tests serve nginx the build's precompressed copies, which only a build for nginx writes.
    [
      'a build for another host',
      () => {
        write('hosting/build.json', '{"day":"2026-12-03","host":"cloudflare"}');
        age('hosting/build.json', -2);
      },
    ],
  ])('builds again after %s', (_, change) => {
    change();
    expect(builtSinceLastChange(root)).toBe(false);
  });
});
