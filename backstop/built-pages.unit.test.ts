// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedScenarios, digestsOf, pageFileOf, recordBuild, recordedBuild } from './built-pages.mjs';

const SITE = 'http://127.0.0.1:3000';
const GROWN = 'http://127.0.0.1:4000';

describe('the build the references were taken from', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'built-pages-'));
  const grown = mkdtempSync(path.join(tmpdir(), 'built-pages-grown-'));
  afterAll(() => [root, grown].forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  mkdirSync(path.join(root, 'dist/about-us'), { recursive: true });
  mkdirSync(path.join(grown, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist/index.html'), '<h1>Home</h1>');
  writeFileSync(path.join(root, 'dist/about-us/team.html'), '<h1>Team</h1>');
  writeFileSync(path.join(root, 'dist/404.html'), '<h1>Page Not Found</h1>');
  writeFileSync(path.join(grown, 'dist/index.html'), '<h1>Home</h1>');
  const sites = [
    { url: SITE, root },
    { url: GROWN, root: grown },
  ];
  const scenarios = [
    { label: 'page /', url: `${SITE}/` },
    { label: 'page /about-us/team', url: `${SITE}/about-us/team` },
    { label: 'page 404', url: `${SITE}/no-such-page`, expectStatus: 404 },
    { label: 'grown home', url: `${GROWN}/` },
  ];

  it('reads each scenario’s page from the dist/ of the site it captures', () => {
    expect(pageFileOf(scenarios[1]!, sites)).toBe(path.join(root, 'dist/about-us/team.html'));
    expect(pageFileOf(scenarios[2]!, sites)).toBe(path.join(root, 'dist/404.html'));
    expect(pageFileOf(scenarios[3]!, sites)).toBe(path.join(grown, 'dist/index.html'));
  });

  it('selects the scenarios whose page changed since the record, and every one without a record', () => {
    const file = path.join(root, 'built-pages.json');
    const before = digestsOf(scenarios, sites);
    expect(changedScenarios(scenarios, before, recordedBuild(file))).toEqual(scenarios);
    recordBuild({ day: '2026-12-01', pages: before }, file);
    expect(recordedBuild(file)?.day).toBe('2026-12-01');
    expect(changedScenarios(scenarios, before, recordedBuild(file))).toEqual([]);
    writeFileSync(path.join(root, 'dist/about-us/team.html'), '<h1>Our team</h1>');
    const after = digestsOf(scenarios, sites);
    expect(changedScenarios(scenarios, after, recordedBuild(file)).map((scenario) => scenario.label)).toEqual(
      ['page /about-us/team'],
    );
  });
});
