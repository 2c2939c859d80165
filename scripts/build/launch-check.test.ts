import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import site from '../../pages/_data/site.json';
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

  it('lists the specification’s placeholders a visitor would meet, each where it is written', () => {
    const blockers = launchBlockers(ROOT);
    const whereFor = (what: RegExp) =>
      blockers.filter((blocker) => what.test(blocker.what)).map((blocker) => blocker.where);
    expect(whereFor(/^The privacy policy/)).toEqual([
      `pages/_data/routes.json:${lineOf('pages/_data/routes.json', '"/privacy-policy"')}`,
    ]);
    expect(whereFor(/^The terms of service/)).toEqual([
      `pages/_data/routes.json:${lineOf('pages/_data/routes.json', '"/terms-of-service"')}`,
    ]);
    // Every control that shows the toast, and every link to the under-construction pages.
    expect(whereFor(/shows the placeholder toast/)).toEqual(
      expect.arrayContaining([
        `pages/contact.html:${lineOf('pages/contact.html', 'data-toast')}`,
        `partials/header.html:${lineOf('partials/header.html', 'data-toast')}`,
        `partials/content/package.html:${lineOf('partials/content/package.html', 'data-toast')}`,
      ]),
    );
    expect(whereFor(/^Book a Call leads to \/contact\/book-call/)).toEqual(
      expect.arrayContaining([
        `pages/index.html:${lineOf('pages/index.html', 'actions.bookCall')}`,
        `pages/contact.html:${lineOf('pages/contact.html', 'actions.bookCall')}`,
        `partials/content/post.html:${lineOf('partials/content/post.html', 'actions.bookCall')}`,
        `pages/_data/navigation.json:${lineOf('pages/_data/navigation.json', '"/contact/book-call"')}`,
      ]),
    );
    expect(whereFor(/^A link to \/careers/)).toEqual(
      expect.arrayContaining([
        `pages/about-us/team.html:${lineOf('pages/about-us/team.html', 'href="/careers"')}`,
      ]),
    );
    expect(
      whereFor(/^A link to \/careers/).filter((entry) => entry.startsWith('pages/_data/navigation.json')),
    ).toHaveLength(2);
    // Each names the setting that turns it into the real thing.
    for (const blocker of blockers.filter((entry) => /toast|Book a Call/.test(entry.what)))
      expect(blocker.fix).toContain('"liveActions": true');
    // The privacy policy's list: what the form collects, where it goes, the attribution, whom to ask.
    const policy = blockers.find((blocker) => blocker.what.startsWith('The privacy policy'))!.fix;
    for (const needed of [
      'First name',
      'Email address',
      'Phone number',
      'leadEndpoint',
      'how long',
      'utm_*',
      'gclid',
      'sessionStorage',
      site.email,
    ])
      expect(policy).toContain(needed);
  });

  it('with the live calls to action, lists no toast and no Book a Call page, but a toast button added later (on a copy)', () => {
    copy = copyOf(['pages', 'partials']);
    editFile(copy, 'pages/_data/site.json', (text) =>
      text.replace('"liveActions": false', '"liveActions": true'),
    );
    const before = launchBlockers(copy);
    expect(before.filter((blocker) => /toast|Book a Call/.test(blocker.what))).toEqual([]);
    editFile(copy, 'pages/services.html', (text) =>
      text.replace('</layout>', '<button type="button" data-toast>Download the guide</button>\n</layout>'),
    );
    const added = launchBlockers(copy).filter(
      (blocker) => !before.some((old) => old.where === blocker.where),
    );
    expect(added).toHaveLength(1);
    expect(added[0]!.what).toContain('"Download the guide" shows the placeholder toast');
    expect(added[0]!.where).toMatch(/^pages\/services\.html:\d+$/);
    expect(added[0]!.fix).toContain('Make it a link');
  });

  it('counts a listing under construction until the build’s day publishes a post in it (on a copy)', () => {
    copy = copyOf(['pages']);
    editFile(copy, 'pages/_posts/example-post.md', (text) =>
      text.replace('date: 2026-11-02', 'date: 2031-06-02').replace('draft: true\n', ''),
    );
    const listed = (day: string) =>
      launchBlockers(copy, { ...process.env, BUILD_DAY: day })
        .map((blocker) => blocker.what)
        .filter((what) => what.startsWith('Visitors reach /blog,'));
    expect(listed('2031-06-01')).toHaveLength(1);
    expect(listed('2031-06-02')).toEqual([]);
  });

  it('stops at a BUILD_DAY that is no day with the build’s own message, no stack trace', () => {
    const { status, stderr } = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/build/launch-check.mjs')],
      {
        encoding: 'utf8',
        env: { ...process.env, BUILD_DAY: '2026-02-30' },
      },
    );
    expect(status).toBe(1);
    expect(stderr.trim()).toMatch(
      /^Launch check: BUILD_DAY is "2026-02-30", which is not a day written YYYY-MM-DD.*Fix it/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('passes once every mark is gone and the agency’s own details are set (on a copy)', () => {
    copy = copyOf(['pages', 'partials']);
    const edit = (file: string, change: (text: string) => string) => editFile(copy, file, change);
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
        phone: '+1 (410) 318-0142',
        leadEndpoint: '/api/leads',
        liveActions: true,
        bookingUrl: 'https://calendly.com/acme-investor-marketing/strategy-call',
      });
    });
    // Every page written (their pages' content is the build's concern).
    edit('pages/_data/routes.json', (text) =>
      text.replace(/"template": "placeholder"/g, '"template": "content"'),
    );
    // The profiles' addresses, and the claim about other agencies with its source.
    edit('pages/_data/site.json', (text) =>
      text.replace(/"icon":\s*"([a-z]+)"/g, '"icon": "$1", "url": "https://example.org/$1"'),
    );
    edit('pages/_data/team.json', (text) =>
      JSON.stringify(
        (JSON.parse(text) as object[]).map((member) => ({ ...member, social: [] })),
        null,
        2,
      ),
    );
    edit('pages/index.html', (text) => text.replace('Generic agencies sell traffic. ', ''));
    // The receiver's database (its secrets are the Pages project's: not listed here).
    edit('pages/_data/lead-receiver.json', (text) =>
      text.replace('"databaseId": ""', '"databaseId": "0f3c2a4e-8b1d-4c6f-9e2a-7d5b3c1a9f00"'),
    );
    expect(launchBlockers(copy)).toEqual([]);
    expect(launchCheck(copy).status, 'npm run launch-check on the finished copy').toBe(0);
  });

  it('names what the site’s own lead receiver lacks: its database, an alert, the inbox’s Access team (on a copy)', () => {
    copy = copyOf(['pages', 'partials']);
    editFile(copy, 'pages/_data/site.json', (text) =>
      text.replace('"liveActions"', '"leadEndpoint": "/api/leads", "liveActions"'),
    );
    const receiver = (settings: string | undefined) =>
      launchBlockers(copy, { PAGES_SETTINGS: settings })
        .filter((blocker) => /lead receiver|lead webhook|inbox|Turnstile/.test(blocker.what))
        .map((blocker) => blocker.what);
    expect(receiver(undefined)).toEqual([expect.stringContaining('has no D1 database')]);
    expect(receiver('')).toEqual([
      expect.stringContaining('has no D1 database'),
      expect.stringContaining('alerts no one'),
      expect.stringContaining('no ACCESS_TEAM_DOMAIN'),
      expect.stringContaining('no ACCESS_AUD'),
    ]);
    editFile(copy, 'pages/_data/lead-receiver.json', (text) =>
      text.replace('"databaseId": ""', '"databaseId": "0f3c2a4e-8b1d-4c6f-9e2a-7d5b3c1a9f00"'),
    );
    expect(receiver('LEAD_WEBHOOK_URL ACCESS_TEAM_DOMAIN ACCESS_AUD')).toEqual([
      expect.stringContaining('no LEAD_WEBHOOK_SECRET'),
    ]);
    expect(receiver('LEAD_ALERT_FROM LEAD_ALERT_TO ACCESS_TEAM_DOMAIN ACCESS_AUD')).toEqual([]);
    editFile(copy, 'pages/_data/lead-receiver.json', (text) =>
      text.replace('"turnstileSiteKey": ""', '"turnstileSiteKey": "0x4AAAAAAAexample"'),
    );
    expect(receiver('LEAD_ALERT_FROM LEAD_ALERT_TO ACCESS_TEAM_DOMAIN ACCESS_AUD')).toEqual([
      expect.stringContaining('no TURNSTILE_SECRET_KEY'),
    ]);
    // What the privacy policy must say of it: where, how long, who sees it.
    const privacy = launchBlockers(copy).find((blocker) => /privacy policy/.test(blocker.what));
    expect(privacy?.fix).toContain(
      'Cloudflare D1 database (its location: npx wrangler d1 info leads), kept 365 days',
    );
  });

  it('names a secret the sign-in with GitHub lacks on the Pages project, from the names the deploy lists', () => {
    const signIn = (settings: string | undefined) =>
      launchBlockers(ROOT, { PAGES_SETTINGS: settings }).filter((blocker) =>
        /Sign in with GitHub/.test(blocker.what),
      );
    const [missing, ...more] = signIn('GITHUB_CLIENT_ID GITHUB_CLIENT_SECRET');
    expect(more).toEqual([]);
    expect(missing?.what).toContain('SIGN_IN_STATE_SECRET is not set: every sign-in is refused');
    expect(missing?.fix).toContain('openssl rand -base64 32');
    expect(signIn('GITHUB_CLIENT_ID,SIGN_IN_STATE_SECRET').map((blocker) => blocker.what)).toEqual([
      expect.stringContaining('GITHUB_CLIENT_SECRET is not set'),
    ]);
    // The app's id may be a plain variable, which the list of secrets leaves out.
    expect(signIn('GITHUB_CLIENT_SECRET').map((blocker) => blocker.what)).toEqual([
      expect.stringContaining('SIGN_IN_STATE_SECRET is not set'),
    ]);
    expect(signIn('GITHUB_CLIENT_ID GITHUB_CLIENT_SECRET SIGN_IN_STATE_SECRET')).toEqual([]);
    // Not set up (a token is the way in), or the names not known (a local run): nothing to say.
    expect(signIn('')).toEqual([]);
    expect(signIn(undefined)).toEqual([]);
  });

  it('lists each page under construction that a menu or a content page links to, with where', () => {
    const reached = launchBlockers(ROOT).filter((blocker) => /^Visitors reach /.test(blocker.what));
    const route = (path: string) =>
      reached.find((blocker) => blocker.what.startsWith(`Visitors reach ${path},`));
    // A menu's link (navigation.json), a content page's (pricing.html), a partial's list of a
    // section's sub-pages (the service cards of /services, routesUnder).
    expect(route('/who-we-serve')?.what).toMatch(/from pages\/_data\/navigation\.json:\d+/);
    expect(route('/pricing/custom')?.what).toContain(
      `pages/pricing.html:${lineOf('pages/pricing.html', 'href="/pricing/custom"')}`,
    );
    expect(route('/services/social-video/youtube')?.what).toMatch(/from pages\/services\.html:\d+/);
    expect(route('/who-we-serve')?.where).toBe(
      `pages/_data/routes.json:${lineOf('pages/_data/routes.json', '"path": "/who-we-serve"')}`,
    );
    expect(route('/who-we-serve')?.fix).toMatch(/"template": "content"|remove the links/);
    // The legal pages, Book a Call and the careers pages have blockers of their own.
    expect(route('/privacy-policy')).toBeUndefined();
    expect(route('/careers')).toBeUndefined();
    expect(reached.length).toBeGreaterThan(20);
  });

  it('lists the social icons that lead nowhere, the footer’s and the team’s, until they have addresses (on a copy)', () => {
    const social = (root: string) =>
      launchBlockers(root).filter((blocker) =>
        /social icons? .*lead|icons? leads? nowhere/.test(blocker.what),
      );
    expect(social(ROOT).map((blocker) => blocker.where)).toEqual([
      'pages/_data/site.json "social"',
      'pages/_data/team.json',
    ]);
    expect(social(ROOT)[1]!.what).toMatch(/^\d+ social icons on the team page lead nowhere/);
    copy = copyOf(['pages', 'partials']);
    editFile(copy, 'pages/_data/site.json', (text) =>
      text.replace(/"icon":\s*"([a-z]+)"/g, '"icon": "$1", "url": "https://example.org/$1"'),
    );
    editFile(copy, 'pages/_data/team.json', (text) =>
      JSON.stringify(
        (JSON.parse(text) as object[]).map((member) => ({ ...member, social: [] })),
        null,
        2,
      ),
    );
    expect(social(copy)).toEqual([]);
  });

  it('refuses a fictional phone number (555-0100 to 555-0199), such as the build’s own example', () => {
    const phone = (root: string) =>
      launchBlockers(root).filter((blocker) => /phone number .* is a fictional/.test(blocker.what));
    copy = copyOf(['pages', 'partials']);
    for (const [number, fictional] of [
      ['+1 202 555 0147', true],
      ['(202) 555-0199', true],
      ['202.555.0100', true],
      ['(202) 555-0200', false],
      ['+1 (410) 318-0147', false],
    ] as const) {
      editFile(copy, 'pages/_data/site.json', (text) =>
        text.replace(/"phone": "[^"]*"/, `"phone": "${number}"`),
      );
      expect(phone(copy).length, number).toBe(fictional ? 1 : 0);
    }
  });

  it('lists each claim about other agencies that names no source, and passes one with its source (on a copy)', () => {
    const claims = (root: string) =>
      launchBlockers(root).filter((blocker) => /^A claim about other agencies/.test(blocker.what));
    expect(claims(ROOT).map((blocker) => blocker.where)).toContain(
      `pages/index.html:${lineOf('pages/index.html', 'Generic agencies sell traffic')}`,
    );
    copy = copyOf(['pages', 'partials']);
    editFile(copy, 'pages/index.html', (text) =>
      text.replace(
        /(\n\s*)(<include\s*\n\s*src="partials\/content\/section-header\.html"\s*\n\s*locals='\{"eyebrow": "What we do")/,
        '$1<!-- source: https://example.org/agency-survey-2026 -->$1$2',
      ),
    );
    expect(claims(copy).map((blocker) => blocker.where)).not.toContain(
      expect.stringMatching(/^pages\/index\.html:/),
    );
  });

  // The deploy workflow stops on it: it must fail while anything is listed.
  it('exits non-zero while anything is listed, naming each, and the headline figures among them', () => {
    const { status, stderr } = launchCheck(ROOT);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Launch check: \d+ thing\(s\) to change before the site goes live\./);
    expect(stderr).toContain('pages/_data/stats.json roi');
  });

  it('checks the site root the build reads (SITE_ROOT), with the project’s partials when it has none', () => {
    // A site root is a folder inside the project (scripts/build/repo-root.cjs): its pages/ alone.
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    copy = mkdtempSync(path.join(ROOT, '.cache/launch-check-'));
    cpSync(path.join(ROOT, 'pages'), path.join(copy, 'pages'), { recursive: true });
    editFile(copy, 'pages/_data/site.json', (text) => text.replace('"{phone}"', '"+1 312 846 2900"'));
    const { status, stderr } = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/build/launch-check.mjs')],
      { encoding: 'utf8', env: { ...process.env, SITE_ROOT: path.relative(ROOT, copy) } },
    );
    expect(status).toBe(1);
    // Its own data: the phone it was given is no longer listed, the e-mail still is.
    expect(stderr).not.toContain('pages/_data/site.json "phone"');
    expect(stderr).toContain('pages/_data/site.json "email"');
    // The project's partials, named from the project.
    expect(stderr).toContain(`partials/header.html:${lineOf('partials/header.html', 'data-toast')}`);
  });
});

/** A copy of some folders of the project. */
function copyOf(folders: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'launch-check-'));
  for (const folder of folders) cpSync(path.join(ROOT, folder), path.join(root, folder), { recursive: true });
  return root;
}

function editFile(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
}

/** The 1-based line of the first line of a project file that contains `text`. */
const lineOf = (file: string, text: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text)) + 1;

/** `npm run launch-check`'s script on a tree, as the deploy workflow runs it. */
const launchCheck = (root: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts/build/launch-check.mjs'), root], {
    encoding: 'utf8',
  });
