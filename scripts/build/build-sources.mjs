/**
 * What a build is made of, by content: a digest of every source file that `npm run build` reads,
 * and the build's day (scripts/build/site-time.cjs: which posts it publishes). The build records
 * them (hosting/build-sources.json, first thing, before Parcel reads anything), and the suites that
 * test dist/ compare the digests with the files as they are now (tests/support/fresh-build.mjs):
 * a file restored by `git checkout` has its old content again and counts as unchanged, whatever
 * its modification time says. They read the day to know which posts the build published.
 *
 * `npm run dev` writes its own build into the same dist/ (unminified, with its live reload), so it
 * replaces the record with one that says so: the suites then refuse dist/ until the next build.
 *
 *   node scripts/build/build-sources.mjs         writes the record (npm run build writes it: build.mjs)
 *   node scripts/build/build-sources.mjs --dev   marks dist/ as npm run dev's (package.json "dev")
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { ROOT, SITE_ROOT } = require('./repo-root.cjs');
const { buildDay, isTimeZone } = require('./site-time.cjs');

/**
 * The folders and files a build reads: the site's pages/ (from its root: repo-root.cjs), its
 * partials/ when it has its own, and the repository's others. Tests, type declarations and the
 * editor's files are not.
 */
const FOLDERS = ['partials', 'styles', 'scripts', 'static'];
const FILES = [
  'package.json',
  'package-lock.json',
  '.parcelrc',
  '.posthtmlrc',
  '.htmlnanorc',
  'sharp.config.json',
];
const NOT_READ = /\.test\.tsx?$|\.d\.c?m?ts$/;

/** Where the record is kept: beside dist/, never served (hosting/ is what hosts read beside it). */
export const RECORD = 'hosting/build-sources.json';

/** The files under `folders` of `root`, from `root` with forward slashes. */
function filesUnder(root, folders) {
  return folders.flatMap((folder) =>
    existsSync(path.join(root, folder))
      ? readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && !NOT_READ.test(entry.name))
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
      : [],
  );
}

/** Each source file's sha256, by its path from its root: a site root's pages/ (and partials/), the repository's others. */
export function sourceDigests(siteRoot = SITE_ROOT) {
  const digest = (root, file) => [
    file,
    createHash('sha256')
      .update(readFileSync(path.join(root, file)))
      .digest('hex'),
  ];
  const site = existsSync(path.join(siteRoot, 'partials')) ? ['pages', 'partials'] : ['pages'];
  const ownFolders = FOLDERS.filter((folder) => !site.includes(folder));
  const own = [...filesUnder(ROOT, ownFolders), ...FILES.filter((file) => existsSync(path.join(ROOT, file)))];
  return Object.fromEntries(
    [
      ...filesUnder(siteRoot, site).map((file) => digest(siteRoot, file)),
      ...own.map((file) => digest(ROOT, file)),
    ].sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/**
 * A site root's record, or {} when none was written.
 * @returns {{ files?: Record<string, string>, day?: string, dev?: boolean }}
 */
function readRecord(siteRoot) {
  const file = path.join(siteRoot, RECORD);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** Whether a site root's dist/ was last written by `npm run dev` rather than `npm run build`. */
export const writtenByDev = (siteRoot = SITE_ROOT) => readRecord(siteRoot).dev === true;

/** The digests recorded by the last build of a site root, or undefined when it recorded none. */
export const recordedDigests = (siteRoot = SITE_ROOT) => readRecord(siteRoot).files;

/** The day the last build of a site root built as (YYYY-MM-DD), or undefined when it recorded none. */
export const recordedDay = (siteRoot = SITE_ROOT) => readRecord(siteRoot).day;

/** The build's day, in the time zone of the site's site.json (the build stops on a bad zone, not here). */
function dayOfBuild(root) {
  try {
    const { timeZone } = JSON.parse(readFileSync(path.join(root, 'pages/_data/site.json'), 'utf8'));
    return isTimeZone(timeZone) ? buildDay(timeZone) : undefined;
  } catch {
    return undefined;
  }
}

/** The files whose content differs between two records: changed, added or removed. */
export function changedFiles(recorded, now) {
  const names = [...new Set([...Object.keys(recorded), ...Object.keys(now)])].sort();
  return names
    .filter((name) => recorded[name] !== now[name])
    .map((name) => (!(name in recorded) ? `${name} (new)` : !(name in now) ? `${name} (deleted)` : name));
}

/** Writes the site root's record. */
function writeRecord(record) {
  mkdirSync(path.join(SITE_ROOT, path.dirname(RECORD)), { recursive: true });
  writeFileSync(path.join(SITE_ROOT, RECORD), `${JSON.stringify(record, null, 1)}\n`);
}

/** Records what the build is made of, before anything reads the sources (build.mjs). */
export function writeSourcesRecord() {
  writeRecord({
    note: 'Written by npm run build (scripts/build/build-sources.mjs): do not edit.',
    day: dayOfBuild(SITE_ROOT),
    files: sourceDigests(),
  });
}

/** Records that `npm run dev` writes dist/ from now on: no source digests, so no suite takes it for a build. */
function writeDevRecord() {
  writeRecord({
    note: 'Written by npm run dev (scripts/build/build-sources.mjs): dist/ holds its build.',
    dev: true,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--dev')) writeDevRecord();
  else writeSourcesRecord();
}
