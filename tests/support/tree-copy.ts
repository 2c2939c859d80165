/**
 * A throw-away copy of the project's source tree (copy-project.mjs), for tests that edit it as a
 * maintainer would (a mistake, a recipe) and render or serve it, without touching the real one.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyProject } from './copy-project.mjs';
import { alive } from './scratch-folder.mjs';
import { TEST_BUILD_ENV } from './build-first.mjs';
import { renderPageFile } from './render-page';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';
import { ROOT } from '../../scripts/build/repo-root.cjs';
import { runIn } from './site';

export interface TreeCopy {
  root: string;
  /** Replaces `from` (which must occur) with `to` in a file; returns the 1-based line of the edit. */
  edit(file: string, from: string | RegExp, to: string): number;
  /** Writes a file of the copy. */
  write(file: string, content: string | Buffer): void;
  /** Puts back every file edit() and write() changed since the copy was made (or last reset), and removes the ones they added. */
  reset(): void;
  /** A page file of a copy of the site rendered through the page plugin: its HTML, or the error. */
  render(pageFile: string): string;
  /**
   * `npm run build` in the copy, as tests build (TEST_BUILD_ENV), for `host` if given (DEPLOY_TO:
   * the host a test serves it from), or as its owner would with `asOwnerBuilds` (a timed figure);
   * a build that stops throws its own message, first line first.
   */
  build(options?: { asOwnerBuilds?: boolean; host?: string }): void;
  remove(): void;
}

/** A copy of the project's files but the screenshots' references (28 MB), which no copy compares with. */
export function copyOfTree(): TreeCopy {
  const root = mkdtempSync(path.join(tmpdir(), 'site-copy-'));
  copyProject(root, ['.', ':(exclude)backstop/references']);
  return treeAt(root);
}

/**
 * A copy of the site alone (its pages/: the pages, data, posts and photos; with `folders`, its
 * partials/ too), a site root inside the project that the project's own build, checks and page
 * plugin are pointed at (SITE_ROOT): for tests that edit the site, not the code or the styles.
 */
export function copyOfSite(folders: ('pages' | 'partials')[] = ['pages']): TreeCopy {
  const root = newSiteRoot();
  copyProject(root, folders, { linkModules: false });
  return treeAt(root);
}

/** A copy of a fixture folder (tests/fixtures/<name>), a site root of its own like copyOfSite's. */
export function copyOfFixture(name: string): TreeCopy {
  const root = newSiteRoot();
  cpSync(path.join(ROOT, 'tests/fixtures', name), root, { recursive: true });
  return treeAt(root);
}

/** An empty folder for a site root in .cache/sites/, named after this process. */
function newSiteRoot(): string {
  const sites = path.join(ROOT, '.cache/sites');
  mkdirSync(sites, { recursive: true });
  // A copy whose process is gone (a run stopped before its clean-up) goes: its name says whose it is.
  for (const name of readdirSync(sites)) {
    const owner = Number(/^site-(\d+)-/.exec(name)?.[1]);
    if (owner && !alive(owner)) rmSync(path.join(sites, name), { recursive: true, force: true });
  }
  return mkdtempSync(path.join(sites, `site-${process.pid}-`));
}

/** The edits, build and removal of a copy at `root`. */
function treeAt(root: string): TreeCopy {
  const at = (file: string) => path.join(root, file);
  /** Each file changed since the copy was made or reset: its content then, or null if it was not there. */
  const originals = new Map<string, Buffer | null>();
  // Written whole and renamed into place, as editors save: a watcher (the dev server's) never
  // sees the file truncated and half written, which it would build as an empty page.
  const writeWhole = (file: string, content: string | Buffer) => {
    if (!originals.has(file)) originals.set(file, existsSync(at(file)) ? readFileSync(at(file)) : null);
    const temporary = `${at(file)}.${process.pid}.tmp`;
    writeFileSync(temporary, content);
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
    write(file, content) {
      mkdirSync(path.dirname(at(file)), { recursive: true });
      writeWhole(file, content);
    },
    reset() {
      for (const [file, content] of originals) {
        if (content === null) rmSync(at(file), { force: true });
        else {
          const temporary = `${at(file)}.${process.pid}.tmp`;
          writeFileSync(temporary, content);
          renameSync(temporary, at(file));
        }
      }
      originals.clear();
    },
    render(pageFile) {
      return renderPageFile(pageFile, root);
    },
    build({ asOwnerBuilds = false, host } = {}) {
      const run = runIn(root);
      try {
        execFileSync('npm', ['run', '--silent', 'build'], {
          cwd: run.cwd,
          env: asOwnerBuilds
            ? run.env
            : { ...TEST_BUILD_ENV, ...run.env, ...(host !== undefined && { DEPLOY_TO: host }) },
          stdio: 'pipe',
          encoding: 'utf8',
        });
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        // The build's own block (file, line, fix) leads; Parcel's progress lines are dropped.
        const message = `${stderr}\n${stdout}`.replace(/^\s*(?:🚨 )?Build failed\.\s*/m, '').trim();
        throw new Error(`The copy's build stopped: ${message}`);
      }
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The 1-based column where `text` starts on its line in a file of the project (as it is, not a
 * copy's): where a message about an edit of that text points, wherever the markup puts it.
 */
export function columnOf(file: string, text: string): number {
  const line = readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .find((candidate) => candidate.includes(text));
  if (line === undefined) throw new Error(`columnOf: ${file} has no "${text}"`);
  return line.indexOf(text) + 1;
}

/**
 * The built markup of a route with some settings of pages/_data/site.json changed (the live
 * calls to action, say), rendered from a copy of the site: for tests of a setting the shipped
 * site does not use.
 */
export function markupWithSettings(route: string, settings: Record<string, unknown>): string {
  const copy = copyOfSite();
  try {
    const file = 'pages/_data/site.json';
    const site = JSON.parse(readFileSync(path.join(copy.root, file), 'utf8')) as Record<string, unknown>;
    copy.write(file, `${JSON.stringify({ ...site, ...settings }, null, 2)}\n`);
    return copy.render(path.join('pages', fileOfRoute(route)));
  } finally {
    copy.remove();
  }
}
