/**
 * The build the references were taken from: the day it was built as (which posts it published)
 * and a digest of each page a scenario captures, its HTML with the stylesheet it carries inline
 * and the names of the scripts it loads (each named by its content). Recorded in
 * references/built-pages.json by `npm run test:visual:approve` and `:reference`.
 *
 * With it, `npm run test:visual` captures only the scenarios whose page differs from that build
 * (an edit's pages, in seconds), while `npm test` and CI capture every one; and the suite tests a
 * build of the references' day, so that a scheduled post's day changes no capture until the
 * references are taken again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { fileOfRoute } = require('../scripts/build/route-file.cjs');

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const RECORD_FILE = path.join(HERE, 'references/built-pages.json');

/** The built file a scenario captures: its URL's path in the `dist/` it is served from. */
export function pageFileOf(scenario, sites) {
  const { pathname } = new URL(scenario.url);
  const site = sites.find(({ url }) => scenario.url.startsWith(url));
  if (!site) throw new Error(`backstop/built-pages.mjs: no site serves ${scenario.url}`);
  const file = scenario.expectStatus === 404 ? '404.html' : fileOfRoute(pathname);
  return path.join(site.root, 'dist', file);
}

/** Each scenario's page digest, by its label. `sites`: the sites it captures, { url, root }. */
export function digestsOf(scenarios, sites) {
  return Object.fromEntries(
    scenarios.map((scenario) => [
      scenario.label,
      createHash('sha256')
        .update(readFileSync(pageFileOf(scenario, sites)))
        .digest('hex')
        .slice(0, 16),
    ]),
  );
}

/** The recorded build, or undefined before the first record. */
export function recordedBuild(file = RECORD_FILE) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Records the build the references now show: its day and each scenario's page digest. */
export function recordBuild({ day, pages }, file = RECORD_FILE) {
  const record = {
    $comment:
      'The build the references were taken from: written by npm run test:visual:approve and :reference (backstop/built-pages.mjs).',
    day,
    pages: Object.fromEntries(Object.entries(pages).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}

/** The scenarios whose page differs from the recorded build's (every one, without a record). */
export function changedScenarios(scenarios, digests, record) {
  if (!record) return scenarios;
  return scenarios.filter((scenario) => record.pages?.[scenario.label] !== digests[scenario.label]);
}
