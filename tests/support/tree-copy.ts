/**
 * A throw-away copy of the project's source tree (copy-project.mjs), for tests that edit it as a
 * maintainer would (a mistake, a recipe) and render or serve it, without touching the real one.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import posthtml from 'posthtml';
import { copyProject } from './copy-project.mjs';

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

/** A copy of the project's files, or of those under `only`. */
export function copyOfTree(only?: string[]): TreeCopy {
  const root = mkdtempSync(path.join(tmpdir(), 'site-copy-'));
  copyProject(root, only);
  const at = (file: string) => path.join(root, file);
  // Written whole and renamed into place, as editors save: a watcher (the dev server's) never
  // sees the file truncated and half written, which it would build as an empty page.
  const writeWhole = (file: string, text: string) => {
    const temporary = `${at(file)}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, at(file));
  };
  return {
    root,
    edit(file, from, to) {
      const text = readFileSync(at(file), 'utf8');
      const index = typeof from === 'string' ? text.indexOf(from) : text.search(from);
      if (index === -1) throw new Error(`${file} does not contain ${String(from)}: update this test's edit`);
      writeWhole(file, text.replace(from, to));
      return text.slice(0, index).split('\n').length;
    },
    write(file, text) {
      mkdirSync(path.dirname(at(file)), { recursive: true });
      writeWhole(file, text);
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
