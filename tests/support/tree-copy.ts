/**
 * A throw-away copy of the project's source tree, for tests that edit it as a maintainer would
 * (a mistake, a recipe) and build it, without touching the real one. The packages are linked, not
 * copied, except the project's own PostHTML plugin: package.json installs it from
 * scripts/build/posthtml-site, and the copy must run its own.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import posthtml from 'posthtml';
import { ROOT } from './site';

export interface TreeCopy {
  root: string;
  /** Replaces `from` (which must occur) with `to` in a file; returns the 1-based line of the edit. */
  edit(file: string, from: string | RegExp, to: string): number;
  /** Writes a file of the copy. */
  write(file: string, text: string): void;
  /** A page file of the copy rendered through its own PostHTML plugin: its HTML, or the error. */
  render(pageFile: string): string;
  remove(): void;
}

/** Copies the files git tracks or would track (or those under `only`), and links node_modules. */
export function copyOfTree(only?: string[]): TreeCopy {
  const root = mkdtempSync(path.join(tmpdir(), 'site-copy-'));
  const tracked = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...(only ?? [])],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(root, file));
  }
  mkdirSync(path.join(root, 'node_modules'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    const own = entry === 'posthtml-site';
    const target = own
      ? path.join(root, 'scripts/build/posthtml-site')
      : path.join(ROOT, 'node_modules', entry);
    symlinkSync(target, path.join(root, 'node_modules', entry));
  }
  const at = (file: string) => path.join(root, file);
  return {
    root,
    edit(file, from, to) {
      const text = readFileSync(at(file), 'utf8');
      const index = typeof from === 'string' ? text.indexOf(from) : text.search(from);
      if (index === -1) throw new Error(`${file} does not contain ${String(from)}: update this test's edit`);
      writeFileSync(at(file), text.replace(from, to));
      return text.slice(0, index).split('\n').length;
    },
    write(file, text) {
      mkdirSync(path.dirname(at(file)), { recursive: true });
      writeFileSync(at(file), text);
    },
    render(pageFile) {
      const site = createRequire(at('package.json'))(
        at('scripts/build/posthtml-site/index.cjs'),
      ) as typeof import('../../scripts/build/posthtml-site/index.cjs');
      // With `sync`, process() returns its result rather than the promise its types describe.
      const { html } = posthtml([site()]).process(readFileSync(at(pageFile), 'utf8'), {
        sync: true,
      }) as unknown as { html: string };
      return html;
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
