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
    for (const file of ['case-studies.json', 'team.json', 'testimonials.json']) {
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
    for (const file of ['case-studies.json', 'team.json', 'testimonials.json']) {
      edit(`pages/_data/${file}`, (text) => text.replaceAll('"sample": true,', ''));
    }
    for (const page of ['about-us.html', 'about-us/our-story.html', 'about-us/why-us.html']) {
      edit(`pages/${page}`, (text) => text.replace(/<!--\s*sample:.*?-->/g, ''));
    }
    edit('pages/_data/site.json', (text) => {
      const site = JSON.parse(text) as Record<string, unknown>;
      return JSON.stringify({
        ...site,
        name: 'Acme Investor Marketing',
        fullName: 'Acme Investor Marketing LLC',
        url: 'https://www.acme-investor-marketing.com',
        email: 'hello@acme-investor-marketing.com',
        phone: '(202) 555-0142',
        leadEndpoint: '/api/leads',
      });
    });
    expect(launchBlockers(copy)).toEqual([]);
  });
});
