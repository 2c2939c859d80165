import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBlockers } from './launch-check.mjs';

const ROOT = path.resolve('.');

describe('launch check', () => {
  let copy = '';
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('lists the sample data, the marked pages and the placeholders this build ships with', () => {
    const where = launchBlockers(ROOT).map((blocker) => blocker.where);
    for (const file of ['case-studies.json', 'team.json', 'testimonials.json', 'stats.json']) {
      expect(
        where.some((entry) => entry.startsWith(`pages/_data/${file}`)),
        file,
      ).toBe(true);
    }
    for (const page of ['our-story', 'why-us']) {
      expect(
        where.some((entry) => new RegExp(`^pages/about-us/${page}\\.html:\\d+$`).test(entry)),
        page,
      ).toBe(true);
    }
    for (const field of ['email', 'phone', 'name', 'url', 'leadEndpoint']) {
      expect(where).toContain(`pages/_data/site.json "${field}"`);
    }
  });

  it('passes once every mark is gone and the agency’s own details are set (on a copy)', () => {
    copy = mkdtempSync(path.join(tmpdir(), 'launch-check-'));
    cpSync(path.join(ROOT, 'pages'), path.join(copy, 'pages'), { recursive: true });
    const edit = (file: string, change: (text: string) => string) => {
      const full = path.join(copy, file);
      writeFileSync(full, change(readFileSync(full, 'utf8')));
    };
    /** The data without its sample marks. */
    const unmarked = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(unmarked)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([key]) => key !== 'sample')
                .map(([key, item]) => [key, unmarked(item)]),
            )
          : value;
    for (const file of ['case-studies.json', 'team.json', 'testimonials.json', 'stats.json']) {
      edit(`pages/_data/${file}`, (text) => JSON.stringify(unmarked(JSON.parse(text)), null, 2));
    }
    for (const page of ['about-us.html', 'about-us/our-story.html', 'about-us/why-us.html']) {
      edit(`pages/${page}`, (text) => text.replace(/<!--\s*sample:.*?-->/g, ''));
    }
    edit('pages/_data/site.json', (text) => {
      const site = JSON.parse(text) as Record<string, unknown>;
      return JSON.stringify({
        ...site,
        name: 'Acme Investor Marketing',
        url: 'https://www.acme-investor-marketing.com',
        email: 'hello@acme-investor-marketing.com',
        phone: '(202) 555-0142',
        leadEndpoint: '/api/leads',
      });
    });
    expect(launchBlockers(copy)).toEqual([]);
    expect(launchCheck(copy).status, 'npm run launch-check on the finished copy').toBe(0);
  });

  // The deploy workflow stops on it: it must fail while anything is listed.
  it('exits non-zero while anything is listed, naming each, and the headline figures among them', () => {
    const { status, stderr } = launchCheck(ROOT);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Launch check: \d+ thing\(s\) to change before the site goes live\./);
    expect(stderr).toContain('pages/_data/stats.json roi');
  });
});

/** `npm run launch-check`'s script on a tree, as the deploy workflow runs it. */
const launchCheck = (root: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts/build/launch-check.mjs'), root], {
    encoding: 'utf8',
  });
