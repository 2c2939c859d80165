/**
 * The launch check (launch-check.mjs) on a site before its launch: the fixture
 * tests/fixtures/before-launch/, which holds one of each thing the check lists (sample items and
 * pages, the specification's placeholders, a claim without a source, icons without addresses),
 * with partials of its own. Its edits are made on copies. Nothing here reads the site's own
 * content, which its owner replaces on the way to launch (README "Go live").
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBlockers } from './launch-check.mjs';

const ROOT = path.resolve('.');
const FIXTURE = path.join(ROOT, 'tests/fixtures/before-launch');
const fixtureSite = JSON.parse(readFileSync(path.join(FIXTURE, 'pages/_data/site.json'), 'utf8')) as {
  email: string;
};

describe('launch check', () => {
  let copy = '';
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    copy = '';
  });

  it('lists each sample item of the data, each page marked as a sample, and the placeholders of site.json', () => {
    const blockers = launchBlockers(FIXTURE);
    const where = blockers.map((blocker) => blocker.where);
    const samples = blockers.filter((blocker) => blocker.what.startsWith('Sample content: "'));
    expect(samples.map((blocker) => blocker.where)).toEqual([
      'pages/_data/case-studies.json [0]',
      'pages/_data/stats.json roi',
      'pages/_data/team.json [0]',
      'pages/_data/testimonials.json contact[0]',
    ]);
    // Named by their own words, or by value and label; "sample": false is the agency's own.
    expect(blockers.find((blocker) => blocker.where === 'pages/_data/stats.json roi')?.what).toBe(
      'Sample content: "6.2x Return on ad spend"',
    );
    expect(blockers.find((blocker) => blocker.where === 'pages/_data/team.json [0]')?.what).toBe(
      'Sample content: "Avery Sample"',
    );
    expect(where).toContain(
      `pages/about-us/our-story.html:${lineOf('pages/about-us/our-story.html', 'sample:')}`,
    );
    expect(where).toContain(`pages/about-us/why-us.html:${lineOf('pages/about-us/why-us.html', 'sample:')}`);
    for (const field of ['email', 'phone', 'name', 'url', 'leadEndpoint']) {
      expect(where).toContain(`pages/_data/site.json "${field}"`);
    }
  });

  it('lists the specification’s placeholders a visitor would meet, each where it is written', () => {
    const blockers = launchBlockers(FIXTURE);
    const whereFor = (what: RegExp) =>
      blockers.filter((blocker) => what.test(blocker.what)).map((blocker) => blocker.where);
    expect(whereFor(/^The privacy policy/)).toEqual([
      `pages/_data/routes.json:${lineOf('pages/_data/routes.json', '"/privacy-policy"')}`,
    ]);
    expect(whereFor(/^The terms of service/)).toEqual([
      `pages/_data/routes.json:${lineOf('pages/_data/routes.json', '"/terms-of-service"')}`,
    ]);
    // Every control that shows the toast, a page's or a partial's, by its label.
    expect(whereFor(/shows the placeholder toast \("Coming soon"\)/).sort()).toEqual(
      [
        `pages/contact.html:${lineOf('pages/contact.html', 'data-toast')}`,
        `partials/header.html:${lineOf('partials/header.html', 'data-toast')}`,
        `partials/content/package.html:${lineOf('partials/content/package.html', 'data-toast')}`,
      ].sort(),
    );
    expect(blockers.map((blocker) => blocker.what)).toContain(
      '"Get Started" shows the placeholder toast ("Coming soon")',
    );
    // Every Book a Call: a page's and a partial's ({{ actions.bookCall }}), and the menu's link.
    expect(whereFor(/^Book a Call leads to \/contact\/book-call/).sort()).toEqual(
      [
        `pages/index.html:${lineOf('pages/index.html', 'actions.bookCall')}`,
        `pages/contact.html:${lineOf('pages/contact.html', 'actions.bookCall')}`,
        `partials/content/post.html:${lineOf('partials/content/post.html', 'actions.bookCall')}`,
        `pages/_data/navigation.json:${lineOf('pages/_data/navigation.json', '"/contact/book-call"')}`,
      ].sort(),
    );
    // The careers links: a page's href, and both menus' paths.
    expect(whereFor(/^A link to \/careers/).sort()).toEqual(
      [
        `pages/about-us/team.html:${lineOf('pages/about-us/team.html', 'href="/careers"')}`,
        ...linesOf('pages/_data/navigation.json', '"/careers"').map(
          (line) => `pages/_data/navigation.json:${line}`,
        ),
      ].sort(),
    );
    // Each names the setting that turns it into the real thing.
    for (const blocker of blockers.filter((entry) => /toast|Book a Call/.test(entry.what)))
      expect(blocker.fix).toContain('"liveActions": true');
    // The privacy policy's list: what the form collects, where it goes, the attribution, whom to ask.
    const policy = blockers.find((blocker) => blocker.what.startsWith('The privacy policy'))!.fix;
    for (const needed of [
      'First name, Email address, Phone number',
      'leadEndpoint',
      'how long',
      'utm_*',
      'gclid',
      'sessionStorage',
      fixtureSite.email,
    ])
      expect(policy).toContain(needed);
  });

  it('with the live calls to action, lists no toast and no Book a Call page, but a toast button added later (on a copy)', () => {
    copy = copyOfFixture();
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

  it('counts a listing under construction until the build’s day publishes a post in it', () => {
    // The fixture's one post is dated 2031-06-02.
    const listed = (day: string) =>
      launchBlockers(FIXTURE, { ...process.env, BUILD_DAY: day })
        .map((blocker) => blocker.what)
        .filter((what) => /^Visitors reach \/blog[/,]/.test(what));
    expect(listed('2031-06-01')).toEqual([
      `Visitors reach /blog, a page under construction, from pages/_data/navigation.json:${lineOf('pages/_data/navigation.json', '"/blog"')}`,
    ]);
    expect(listed('2031-06-02')).toEqual([]);
  });

  it('stops at a BUILD_DAY that is no day with the build’s own message, no stack trace', () => {
    const { status, stderr } = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/build/launch-check.mjs'), FIXTURE],
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
    copy = copyOfFixture();
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
    edit('pages/about-us/our-story.html', (text) => text.replace(/<!--\s*sample:.*?-->/g, ''));
    // The sample comparison, rewritten as what the agency itself does.
    edit('pages/about-us/why-us.html', (text) =>
      text.replace(/<!--\s*sample:.*?-->/g, '').replace('Traditional agencies report clicks. ', ''),
    );
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
    copy = copyOfFixture();
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
      launchBlockers(FIXTURE, { PAGES_SETTINGS: settings }).filter((blocker) =>
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
    const reached = launchBlockers(FIXTURE).filter((blocker) => /^Visitors reach /.test(blocker.what));
    const route = (path: string) =>
      reached.find((blocker) => blocker.what.startsWith(`Visitors reach ${path},`));
    // A menu's link (navigation.json), a content page's (pricing.html), a partial's list of a
    // section's sub-pages (service.html's routesUnder, for the path services.html passes it).
    expect(route('/who-we-serve')?.what).toBe(
      `Visitors reach /who-we-serve, a page under construction, from pages/_data/navigation.json:${lineOf('pages/_data/navigation.json', '"/who-we-serve"')}`,
    );
    expect(route('/pricing/custom')?.what).toContain(
      `pages/pricing.html:${lineOf('pages/pricing.html', 'href="/pricing/custom"')}`,
    );
    expect(route('/services/social-video/youtube')?.what).toContain(
      `from pages/services.html:${lineOf('pages/services.html', '"path": "/services/social-video"')}`,
    );
    expect(route('/who-we-serve')?.where).toBe(
      `pages/_data/routes.json:${lineOf('pages/_data/routes.json', '"path": "/who-we-serve"')}`,
    );
    expect(route('/who-we-serve')?.fix).toMatch(/"template": "content"|remove the links/);
    // The legal pages, Book a Call and the careers pages have blockers of their own; a page no
    // link reaches (/sitemap) is none; the blog's post partial links only once there are posts.
    expect(reached.map((blocker) => /^Visitors reach (\S+),/.exec(blocker.what)?.[1]).sort()).toEqual(
      ['/blog', '/pricing/custom', '/services/social-video/youtube', '/who-we-serve'].sort(),
    );
  });

  it('lists the social icons that lead nowhere, the footer’s and the team’s, until they have addresses (on a copy)', () => {
    const social = (root: string) =>
      launchBlockers(root).filter((blocker) =>
        /social icons? .*lead|icons? leads? nowhere/.test(blocker.what),
      );
    expect(social(FIXTURE).map((blocker) => blocker.where)).toEqual([
      'pages/_data/site.json "social"',
      'pages/_data/team.json',
    ]);
    // The member without "social" shows two placeholder icons; "social": [] shows none.
    expect(social(FIXTURE)[1]!.what).toMatch(
      /^2 social icons on the team page lead nowhere: Avery Sample show/,
    );
    copy = copyOfFixture();
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
    copy = copyOfFixture();
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
    // The one on why-us.html is inside what its sample comment lists already.
    expect(claims(FIXTURE).map((blocker) => blocker.where)).toEqual([
      `pages/index.html:${lineOf('pages/index.html', 'Generic agencies sell traffic')}`,
    ]);
    copy = copyOfFixture();
    editFile(copy, 'pages/index.html', (text) =>
      text.replace('  <p>Generic', '  <!-- source: https://example.org/agency-survey-2026 -->\n  <p>Generic'),
    );
    expect(claims(copy)).toEqual([]);
  });

  // The deploy workflow stops on it: it must fail while anything is listed.
  it('exits non-zero while anything is listed, naming each, and the headline figures among them', () => {
    const { status, stderr } = launchCheck(FIXTURE);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Launch check: \d+ thing\(s\) to change before the site goes live\./);
    expect(stderr).toContain('pages/_data/stats.json roi');
  });

  it('checks the site root the build reads (SITE_ROOT), with the project’s partials when it has none', () => {
    // A site root is a folder inside the project (scripts/build/repo-root.cjs): the fixture's pages/ alone.
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    copy = mkdtempSync(path.join(ROOT, '.cache/launch-check-'));
    cpSync(path.join(FIXTURE, 'pages'), path.join(copy, 'pages'), { recursive: true });
    editFile(copy, 'pages/_data/site.json', (text) => text.replace('"{phone}"', '"+1 312 846 2900"'));
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [path.join(ROOT, 'scripts/build/launch-check.mjs')], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const { status, stderr } = run({ SITE_ROOT: path.relative(ROOT, copy) });
    expect(status).toBe(1);
    // Its own data: the phone it was given is no longer listed, the e-mail still is.
    expect(stderr).not.toContain('pages/_data/site.json "phone"');
    expect(stderr).toContain('pages/_data/site.json "email"');
    // The project's partials, named from the project: what they give is what a copy of them in
    // the site root gives.
    const fromPartials = (text: string) =>
      text.split('\n').filter((line) => /^ {2}where: partials\//.test(line));
    cpSync(path.join(ROOT, 'partials'), path.join(copy, 'partials'), { recursive: true });
    expect(fromPartials(stderr)).toEqual(fromPartials(run({ SITE_ROOT: path.relative(ROOT, copy) }).stderr));
    for (const line of fromPartials(stderr))
      expect(readdirSync(path.join(ROOT, 'partials'), { recursive: true })).toContain(
        /where: partials\/(.*):\d+$/.exec(line)![1],
      );
  });
});

/** A copy of the fixture, to edit. */
function copyOfFixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'launch-check-'));
  cpSync(FIXTURE, root, { recursive: true });
  return root;
}

function editFile(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
}

/** The 1-based lines of a fixture file that contain `text`. */
const linesOf = (file: string, text: string) =>
  readFileSync(path.join(FIXTURE, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.includes(text) ? [index + 1] : []));
/** The 1-based line of the first line of a fixture file that contains `text`. */
const lineOf = (file: string, text: string) => linesOf(file, text)[0] ?? 0;

/** `npm run launch-check`'s script on a tree, as the deploy workflow runs it. */
const launchCheck = (root: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts/build/launch-check.mjs'), root], {
    encoding: 'utf8',
  });
