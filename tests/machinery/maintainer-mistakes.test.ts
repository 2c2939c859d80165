/**
 * A maintainer's common mistakes, each made once on a copy of the site (its pages/ and partials/,
 * a site root the project's page plugin builds): the build must stop with one block that names the
 * file to edit (from the site's root), the line, and the fix. Most mistakes are a fixture folder,
 * tests/fixtures/mistakes/<name>/, whose files are laid over the copy at their paths (a page, a
 * partial or a data file with the mistake in it), so that each case holds whatever the site's own
 * content becomes, and a row of FIXTURE_MISTAKES, with what the build must say. The cases and
 * their messages are listed in docs/testing.md ("Mistakes the build stops").
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFixtureImage } from '../support/fixture-images.mjs';
import pricing from '../../pages/_data/pricing.json';
import { copyOfSite, type TreeCopy } from '../support/tree-copy';
import { ROOT } from '../support/site';
import { anAuthor, postFile } from '../support/posts';

/** One copy for every case: each makes its mistake on it, and the copy is put back after it. */
let tree: TreeCopy | undefined;
const copy = () => (tree ??= copyOfSite(['pages', 'partials']));

afterEach(() => tree?.reset());
afterAll(() => tree?.remove());

/** Text to match as it is, in a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MISTAKES = path.join(ROOT, 'tests/fixtures/mistakes');

/** Lays the fixture folder tests/fixtures/mistakes/<name>/ over the copy: each of its files at its path. */
function layOver(copy: TreeCopy, name: string) {
  const folder = path.join(MISTAKES, name);
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) =>
    statSync(path.join(folder, file)).isFile(),
  );
  if (files.length === 0) throw new Error(`tests/fixtures/mistakes/${name}/ holds no file`);
  for (const file of files) copy.write(file, readFileSync(path.join(folder, file)));
}

/**
 * Makes a mistake on the copy (the fixture folder `mistake` names, or an edit), renders `page`,
 * and returns the error's message, and the line an edit returned.
 */
function failureOf(
  page: string,
  mistake: string | ((copy: TreeCopy) => unknown),
): { message: string; line: number | undefined } {
  const tree = copy();
  let edited: unknown;
  if (typeof mistake === 'string') layOver(tree, mistake);
  else edited = mistake(tree);
  const line = typeof edited === 'number' ? edited : undefined;
  try {
    tree.render(page);
  } catch (error) {
    // Named from the copy's root, as a build of the site itself names them.
    return { message: (error as Error).message.replaceAll(`${path.relative(ROOT, tree.root)}/`, ''), line };
  }
  throw new Error(`${page} rendered without an error`);
}
/** The message of the fixture `name` laid over the copy, rendering `page` (by default /pricing, which the fixture's page may replace). */
const messageOf = (name: string, page = 'pages/pricing.html') => failureOf(page, name).message;

/** The message's first line is "file:line:column", and it says what and how to fix. */
function expectBlock(message: string, where: string, what: RegExp, fix: RegExp) {
  const [first, ...rest] = message.split('\n');
  expect(first).toBe(where);
  expect(rest.join('\n')).toMatch(what);
  expect(rest.join('\n')).toMatch(/Fix: /);
  expect(rest.join('\n')).toMatch(fix);
  expect(message).not.toMatch(/node_modules|\n\s+at /);
}

/**
 * A mistake of tests/fixtures/mistakes/: what it is; its fixture folder; the page rendered (by
 * default /pricing, which the fixture's page may replace); where the message's first line points,
 * "file:line:column" (a pattern where a column or line follows the site's content); what the
 * message must say, its fix among it; what it must not say.
 */
type FixtureMistake = [string, string, string | undefined, string | RegExp, RegExp[], RegExp[]?];
// One row a mistake: a table reads best as one.
// prettier-ignore
const FIXTURE_MISTAKES: Record<string, FixtureMistake[]> = {
  'includes and locals': [
    ['locals that are not JSON, at the include', 'locals-not-json', undefined, 'pages/pricing.html:2:3',
      [/partials\/content\/cta\.html are not valid JSON/, /no trailing comma/]],
    ['a missing required local, naming it and what it is', 'required-local-missing', undefined,
      'pages/pricing.html:2:3', [/does not give the required local "title"/, /string: the heading/]],
    ['a misspelt local, listing the declared ones', 'local-misspelt', undefined, 'pages/pricing.html:2:3',
      [/partials\/content\/cta\.html has no local "titel"/,
        /title \(string, required\), text \(string, required\)/]],
    ['an icon name that partials/icon.html does not draw, listing the ones it does', 'icon-unknown', undefined,
      'pages/pricing.html:2:3',
      [/"icon" of partials\/content\/card\.html is "serach", not an icon partials\/icon\.html draws/,
        /Use one of: menu, close, .*search/]],
    ['a local of the wrong type', 'local-wrong-type', undefined, 'pages/pricing.html:2:3',
      [/"keys" of partials\/content\/stats\.html is "retention", not a string\[\]/]],
    ['a list of steps given as something else than a list of {…}', 'steps-not-objects', undefined,
      'pages/pricing.html:2:3', [/"steps" of partials\/content\/steps\.html is .*, not an object\[\]/]],
    ['a misspelt field of a step, at the element that shows it', 'step-field-misspelt', undefined,
      /^partials\/content\/notice\.html:7:\d+$/, [/shows the word "undefined" in <li class="ds-notice__step">/]],
    ['a missing partial, at the file that includes it, suggesting the nearest one', 'partial-missing', undefined,
      'partials/content/notice.html:5:3',
      [/names partials\/breadcrumb\.html, which does not exist/,
        /Did you mean "partials\/breadcrumbs\.html"\? Correct the path/]],
    ['a partial named unlike any, suggesting none', 'partial-unlike-any', undefined, 'pages/pricing.html:2:3',
      [/names partials\/content\/pricing-extras\.html, which does not exist/], [/Did you mean/]],
    ['a page file copied with the old route attribute, saying its route is its path', 'old-route-attribute',
      undefined, 'pages/pricing.html:1:9',
      [/a page's route is its file's path, \/pricing/,
        /Remove route="\/blog\/seo" and write <layout>\. .*\/blog\/seo is pages\/blog\/seo\.html/]],
    ['a declaration with a type the build does not know', 'declared-type-unknown', undefined,
      'partials/content/notice.html:4:1', [/declared with the type "url"/]],
  ],
  expressions: [
    ['a misspelt property inside a loop, at the expression', 'loop-property-misspelt', undefined,
      'partials/content/notice.html:5:24',
      [/\{\{ addon\.prise \}\} reads "prise", which pricing\.addons\[0\] does not have/,
        new RegExp(`has: ${Object.keys(pricing.addons[0]!).join(', ')}\\.`)]],
    ['a misspelt property in a partial', 'partial-property-misspelt', undefined,
      'partials/content/notice.html:5:24', [/\{\{ member\.rol \}\} reads "rol", which team\[0\] does not have/]],
    ['a misspelt property outside a loop', 'property-misspelt', undefined, /^pages\/pricing\.html:2:\d+$/,
      [/\{\{ site\.opening \}\} reads "opening", which site does not have/,
        /add "opening" to pages\/_data\/site\.json and its schema/]],
    ['a misspelt variable, at the expression', 'variable-misspelt', undefined, 'partials/content/notice.html:6:3',
      [/\{\{ titel \}\} reads "titel", which is not defined here/]],
    ['a misspelt loop variable, at its element', 'loop-variable-misspelt', undefined,
      /^partials\/content\/notice\.html:5:\d+$/, [/shows the word "undefined" in <p class="ds-notice">/]],
    // At the key, in the include's locals.
    ['a key that an include passes but the data does not have', 'data-key-missing', undefined,
      'pages/pricing.html:2:77',
      [/"dealz", which stats does not have/, /add "dealz" to pages\/_data\/stats\.json and its schema/]],
  ],
  'data files': [
    ['a JSON syntax error at its line and column', 'json-syntax', undefined, 'pages/_data/pricing.json:6:7',
      [/not valid JSON: Expected ',' or '}' after property value/, /missing or extra comma/]],
    ['a team member without a role, at the member', 'member-without-role', 'pages/about-us/team.html',
      'pages/_data/team.json:2:3', [/In team\.json, \[0\] has no "role"/, /Add "role" \(Job title\)/]],
    ['a time zone that is none, at the field', 'time-zone-unknown', undefined, 'pages/_data/site.json:13:3',
      [/In site\.json, "timeZone" is "Eastern", which is not a time zone/, /"America\/New_York"/]],
    ['live calls to action with no phone number for Call Now to dial, at the phone', 'call-now-without-phone',
      'pages/contact.html', 'pages/_data/site.json:11:3',
      [/"liveActions" is true, and Call Now would dial "\{phone\}", which is no phone number/,
        /keep "liveActions": false until there is one/]],
    ['an editor repository that is not owner/name, at the field, with what it holds', 'editor-repository',
      undefined, /^pages\/_data\/editor\.json:3:\d+$/, [/repository/, /Fix: .*owner\/name/]],
    // site.json leaves an empty bookingUrl out (its default), as the browser editor writes it.
    ['a booking page that is not an https:// address, at the field', 'booking-not-https', 'pages/contact.html',
      /^pages\/_data\/site\.json:12:\d+$/, [/bookingUrl/]],
    ['a price written as a number, at the field', 'price-a-number', undefined,
      /^pages\/_data\/pricing\.json:6:\d+$/, [/In pricing\.json, packages\[0\]\.price must be string/]],
    ['a package that includes no package before it, naming the nearest', 'includes-unknown', undefined,
      /^pages\/_data\/pricing\.json:25:\d+$/,
      [/includes "\w+", which is not a package before it/, /Did you mean "\w+"\? Name one of: /]],
    ['an add-on price without its unit', 'unit-missing', undefined, /^pages\/_data\/pricing\.json:\d+:\d+$/,
      [/has no "unit"/]],
    ['a case study without results', 'results-missing', 'pages/case-studies.html',
      'pages/_data/case-studies.json:2:3', [/In case-studies\.json, \[0\] has no "results"/]],
    ['a field a data file does not use (a misspelt name)', 'field-unknown', undefined,
      /^pages\/_data\/pricing\.json:17:\d+$/,
      [/In pricing\.json, packages\[0\] has "populer", which is not a field of pricing\.json/]],
    ['a misspelt required field at the misspelling, naming the field it should be', 'required-field-misspelt',
      'pages/about-us/team.html', 'pages/_data/team.json:5:5',
      [/In team\.json, \[0\] has "rol", which is not a field of team\.json/, /Did you mean "role" \(Job title\)\?/]],
    ['a data file without a schema', 'data-file-without-schema', undefined, 'pages/_data/offices.json',
      [/has no schema/, /pages\/_data\/schemas\/offices\.schema\.json/]],
  ],
  'routes, pages and navigation': [
    ['a page whose route is missing, at its first line', 'route-missing', 'pages/webinars.html',
      'pages/webinars.html:1:1',
      [/pages\/webinars\.html is the page of \/webinars, which is not in pages\/_data\/routes\.json/,
        /needs its route in pages\/_data\/routes\.json/]],
    ['a navigation link to a path that is not a route', 'navigation-not-a-route', undefined,
      /^pages\/_data\/navigation\.json:18:\d+$/, [/links to "\/prices", which is not a route/]],
  ],
  assets: [
    ['an image that does not exist, at the line that names it', 'image-missing', undefined,
      'partials/content/notice.html:5:3',
      [/<img> names \/images\/addon-chart\.png, which does not exist/, /Put the file at images\/addon-chart\.png/]],
  ],
};

for (const [group, mistakes] of Object.entries(FIXTURE_MISTAKES)) {
  describe(group, () => {
    it.each(mistakes)('stops on %s', (_, fixture, page, where, says, never = []) => {
      const message = messageOf(fixture, page);
      const [first, ...rest] = message.split('\n');
      if (typeof where === 'string') expect(first).toBe(where);
      else expect(first).toMatch(where);
      for (const pattern of [...says, /Fix: /]) expect(rest.join('\n')).toMatch(pattern);
      for (const pattern of [...never, /node_modules|\n\s+at /]) expect(message).not.toMatch(pattern);
    });
  });
}

describe('routes, pages and navigation', () => {
  it('stops on a route whose page is missing, at the route', () => {
    const { message, line } = failureOf('pages/pricing.html', (copy) =>
      copy.edit(
        'pages/_data/routes.json',
        '{\n    "path": "/pricing"',
        '{\n    "path": "/pricing/enterprise"',
      ),
    );
    expect(message).toMatch(new RegExp(`^pages/_data/routes\\.json:${(line ?? 0) + 1}:5\\n`));
    expect(message).toMatch(
      /"\/pricing\/enterprise" has no page: pages\/pricing\/enterprise\.html does not exist/,
    );
  });

  it('stops on a route entry copied without changing its path, naming both entries', () => {
    const { message } = failureOf('pages/pricing.html', (copy) =>
      copy.edit(
        'pages/_data/routes.json',
        /\n]\s*$/,
        ',\n  {\n    "path": "/pricing",\n    "label": "Webinars",\n    "template": "placeholder",\n' +
          '    "title": "Webinars",\n    "description": "Free webinars."\n  }\n]\n',
      ),
    );
    const entries = message.match(/Entries \[(\d+)\] and \[(\d+)\]/);
    expect(entries, message).not.toBeNull();
    const text = readFileSync('pages/_data/routes.json', 'utf8');
    const count = (JSON.parse(text) as unknown[]).length;
    expect(message.split('\n')[0]).toMatch(/^pages\/_data\/routes\.json:\d+:\d+$/);
    expect(message).toContain(`Entries [${entries![1]}] and [${count}] both have the path "/pricing"`);
    expect(message).toMatch(/Fix: Give entry \[\d+\] its own path/);
  });
});

describe('photos', () => {
  // Fixture photos, made once and copied into each copy's pages/_images/ as a maintainer drops them.
  const made = mkdtempSync(path.join(tmpdir(), 'mistake-photos-'));
  const IMAGES = [
    { name: 'fixture-portrait-1.jpg', width: 600, height: 800 },
    { name: 'fixture-anim.gif', width: 200, height: 120 },
    { name: 'fixture-narrow.jpg', width: 300, height: 200 },
  ];
  beforeAll(async () => {
    for (const image of IMAGES) await writeFixtureImage(made, image);
  });
  afterAll(() => rmSync(made, { recursive: true, force: true }));
  const drop = (copy: TreeCopy, ...names: string[]) => {
    for (const name of names) copy.write(`pages/_images/${name}`, readFileSync(path.join(made, name)));
  };
  /** Adds `fields` to the first entry of a list data file; returns the line of the first field. */
  const setFirst = (copy: TreeCopy, file: string, fields: Record<string, string>) =>
    1 +
    copy.edit(
      file,
      /\{\n(\s*)"/,
      `{\n$1${Object.entries(fields)
        .map(([key, value]) => `"${key}": "${value}",`)
        .join(' ')} "`,
    );

  it('stops on a photo in data that is not in pages/_images/, naming the nearest', () => {
    const { message, line } = failureOf('pages/about-us/team.html', (copy) => {
      drop(copy, 'fixture-portrait-1.jpg');
      return setFirst(copy, 'pages/_data/team.json', { photo: 'fixture-portrait-l.jpg' });
    });
    expectBlock(
      message,
      `pages/_data/team.json:${line}:14`,
      /In team\.json, \[0\]\.photo: The image "fixture-portrait-l\.jpg" is not in pages\/_images\//,
      /Did you mean "fixture-portrait-1\.jpg"\?/,
    );
  });

  it('stops on a format the build does not take (a GIF)', () => {
    const { message } = failureOf('pages/case-studies.html', (copy) => {
      drop(copy, 'fixture-anim.gif');
      setFirst(copy, 'pages/_data/case-studies.json', { image: 'fixture-anim.gif', imageAlt: 'A chart' });
    });
    expect(message).toMatch(/^pages\/_data\/case-studies\.json:\d+:\d+\n/);
    expect(message).toMatch(
      /pages\/_images\/fixture-anim\.gif is a GIF: the build makes sized variants of JPEG, PNG, WebP and AVIF/,
    );
    expect(message).toMatch(/Fix: Export it as JPEG/);
  });

  it('stops on a case-study photo without imageAlt', () => {
    const { message, line } = failureOf('pages/case-studies.html', (copy) => {
      drop(copy, 'fixture-portrait-1.jpg');
      return setFirst(copy, 'pages/_data/case-studies.json', { image: 'fixture-portrait-1.jpg' });
    });
    expectBlock(
      message,
      `pages/_data/case-studies.json:${line}:14`,
      /\[0\] has the image "fixture-portrait-1\.jpg" but no "imageAlt"/,
      /Add "imageAlt": what the photo shows/,
    );
  });

  it.each([
    ['no alt', '<img src="/pages/_images/fixture-portrait-1.jpg" sizes="10rem" />', /has no alt/, /alt=""/],
    [
      'no sizes',
      '<img src="/pages/_images/fixture-portrait-1.jpg" alt="A photo" />',
      /has no sizes/,
      /sizes="\(min-width/,
    ],
    [
      'a misspelt name',
      '<img src="/pages/_images/fixture-portrait1.jpg" alt="" sizes="10rem" />',
      /The image "fixture-portrait1\.jpg" is not in pages\/_images\//,
      /Did you mean "fixture-portrait-1\.jpg"/,
    ],
  ])('stops on a photo placed in a page with %s, at its line', (_, img, what, fix) => {
    const { message, line } = failureOf('pages/pricing.html', (copy) => {
      drop(copy, 'fixture-portrait-1.jpg');
      return copy.edit('pages/pricing.html', '<layout>', `<layout>\n  ${img}`) + 1;
    });
    expectBlock(message, `pages/pricing.html:${line}:3`, what, fix);
  });

  it('warns, naming each file, about a source narrower than the page asks for, and one heavier than 5 MB', () => {
    const tree = copy();
    drop(tree, 'fixture-narrow.jpg', 'fixture-portrait-1.jpg');
    // A camera's original: the same photo, padded past 5 MB (a JPEG's reader stops at its end).
    tree.write(
      'pages/_images/fixture-heavy.jpg',
      Buffer.concat([readFileSync(path.join(made, 'fixture-portrait-1.jpg')), Buffer.alloc(6 * 1024 * 1024)]),
    );
    tree.edit(
      'pages/pricing.html',
      '<layout>',
      '<layout>\n  <img src="/pages/_images/fixture-narrow.jpg" alt="" sizes="20rem" widths="320, 640" />' +
        '<img src="/pages/_images/fixture-heavy.jpg" alt="" sizes="20rem" widths="320" />',
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const html = tree.render('pages/pricing.html');
      expect(html.match(/<picture>/g)).toHaveLength(2);
      // The widest variant is the source's own width, never an enlargement.
      expect(html).toMatch(/fixture-narrow\.jpg\?as=avif&width=300 300w/);
      const warnings = warn.mock.calls.flat().join('\n');
      expect(warnings).toMatch(
        /pages\/_images\/fixture-narrow\.jpg is 300 px wide, narrower than the widest variant the page asks for \(640 px/,
      );
      expect(warnings).toMatch(/pages\/_images\/fixture-heavy\.jpg is 6\.\d MB/);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('posts', () => {
  const FIELDS = {
    title: 'A post',
    description: 'What it says.',
    date: '2026-11-02',
    category: 'seo',
    author: anAuthor(),
  };
  /** The author's name with a letter more: a near miss the build names the member for. */
  const misspeltAuthor = `${FIELDS.author}s`;
  /** The message of rendering /blog with the post `name` written as `text`. */
  const failing = (name: string, text: string, also?: (copy: TreeCopy) => void) =>
    failureOf('pages/blog.html', (copy) => {
      copy.write(`pages/_posts/${name}`, text);
      also?.(copy);
    }).message;

  it.each([
    [
      'a missing field',
      { ...FIELDS, category: undefined },
      'x.md:1:1',
      /The front matter has no "category"/,
      /Add "category": Its category/,
    ],
    [
      'a misspelt field',
      { ...FIELDS, category: undefined, catgory: 'seo' },
      'x.md:6:1',
      /has "catgory", which is not a field of a post/,
      /Did you mean "category"\?/,
    ],
    [
      'a date that is no date',
      { ...FIELDS, date: 'next week' },
      'x.md:4:1',
      /"date" is "next week", which is not a date written YYYY-MM-DD/,
      /YYYY-MM-DD/,
    ],
    [
      'a day not in the calendar',
      { ...FIELDS, date: '2026-02-30' },
      'x.md:4:1',
      /"date" is 2026-02-30, which is not a day of the calendar/,
      /2026-11-02/,
    ],
    [
      'an unknown category',
      { ...FIELDS, category: 'lead-generaton' },
      'x.md:5:1',
      /The category "lead-generaton" is not one of the blog's/,
      /Did you mean "lead-generation"\? Use one of: marketing-tips, seo, lead-generation, industry-news/,
    ],
    [
      'an unknown author',
      { ...FIELDS, author: misspeltAuthor },
      'x.md:6:1',
      new RegExp(`The author "${escapeRegExp(misspeltAuthor)}" is not a member of pages/_data/team\\.json`),
      new RegExp(`Did you mean "${escapeRegExp(FIELDS.author)}"\\?`),
    ],
    [
      'a missing cover',
      { ...FIELDS, cover: 'no-such-cover.jpg', coverAlt: 'A cover' },
      'x.md:7:1',
      /The cover: The image "no-such-cover\.jpg" is not in pages\/_images\//,
      /Put the photo in pages\/_images\/|Correct the name/,
    ],
  ])('stops on %s, at its line', (_, fields, where, what, fix) => {
    const defined = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    expectBlock(failing('x.md', postFile(defined)), `pages/_posts/${where}`, what, fix);
  });

  it('stops on a value with ": " that is not quoted, at its line, quoting it as the fix, with one line number', () => {
    const message = failing('x.md', postFile({ ...FIELDS, title: 'Direct mail: a 90-day plan' }));
    expectBlock(
      message,
      'pages/_posts/x.md:2:8',
      /The value of "title" holds ": ", which YAML reads as the start of another field/,
      /Put the value in quotes: title: "Direct mail: a 90-day plan"/,
    );
    // The file's line, once: not YAML's own count from the front matter's first line too.
    expect(message).not.toMatch(/at line \d/);
  });

  it('reports every post with a mistake at once, each at its file and line', () => {
    const message = failureOf('pages/blog.html', (copy) => {
      copy.write(
        'pages/_posts/a-misspelt-field.md',
        postFile({ ...FIELDS, catgory: 'seo', category: 'seo' }),
      );
      copy.write('pages/_posts/b-unknown-author.md', postFile({ ...FIELDS, author: misspeltAuthor }));
      copy.write('pages/_posts/c-unquoted-colon.md', postFile({ ...FIELDS, title: 'Ads: which first' }));
      copy.write('pages/_posts/d-link-to-no-page.md', postFile(FIELDS, 'See [our prices](/prices).'));
      copy.write('pages/_posts/e-good.md', postFile(FIELDS));
    }).message;
    const blocks = message.split('\n\n');
    expect(blocks[0]).toBe('4 files have a mistake, each below with its fix:');
    expect(blocks.slice(1).map((block) => block.split('\n')[0])).toEqual([
      'pages/_posts/a-misspelt-field.md:7:1',
      'pages/_posts/b-unknown-author.md:6:1',
      'pages/_posts/c-unquoted-colon.md:2:8',
      'pages/_posts/d-link-to-no-page.md:9:1',
    ]);
    for (const block of blocks.slice(1)) expect(block).toMatch(/\n {2}Fix: /);
  });

  it('stops on a link to a post dated after the build’s day, saying when it will be a page', () => {
    const message = failing('x.md', postFile(FIELDS, 'See [what comes next](/blog/next-year).'), (copy) =>
      copy.write('pages/_posts/next-year.md', postFile({ ...FIELDS, date: '2999-01-01' })),
    );
    expectBlock(
      message,
      'pages/_posts/x.md:9:1',
      /links to "\/blog\/next-year", a post scheduled for 2999-01-01: until that day's build, it is no page/,
      /Link to it once it is published/,
    );
  });

  it('stops on an update dated after the build’s day', () => {
    expectBlock(
      failing('x.md', postFile({ ...FIELDS, updated: '2999-01-01' })),
      'pages/_posts/x.md:7:1',
      /"updated" is 2999-01-01, after the build's day/,
      /on or before today/,
    );
  });

  it('stops on a cover without coverAlt', async () => {
    const made = mkdtempSync(path.join(tmpdir(), 'mistake-cover-'));
    const cover = readFileSync(
      await writeFixtureImage(made, { name: 'x-cover.jpg', width: 400, height: 300 }),
    );
    rmSync(made, { recursive: true, force: true });
    const message = failing('x.md', postFile({ ...FIELDS, cover: 'x-cover.jpg' }), (copy) =>
      copy.write('pages/_images/x-cover.jpg', cover),
    );
    expectBlock(
      message,
      'pages/_posts/x.md:7:1',
      /The cover "x-cover\.jpg" has no coverAlt/,
      /Add "coverAlt"/,
    );
  });

  it('stops on two posts with one slug, naming both files', () => {
    const message = failing('twice.markdown', postFile(FIELDS), (copy) =>
      copy.write('pages/_posts/twice.md', postFile(FIELDS)),
    );
    expectBlock(
      message,
      'pages/_posts/twice.md',
      /pages\/_posts\/twice\.markdown and pages\/_posts\/twice\.md are both the post \/blog\/twice/,
      /Give one of them another name/,
    );
  });

  it('stops on a post whose address is already a page', () => {
    const message = failing('seo.md', postFile(FIELDS));
    expectBlock(
      message,
      'pages/_posts/seo.md',
      /would be at \/blog\/seo, which is already a page/,
      /Give the post another file name/,
    );
  });

  it.each([
    [
      'a <script>',
      'Text.\n\n<script>alert(1)</script>',
      'x.md:11:1',
      /has a <script>, which the site’s Content-Security-Policy refuses to run/,
    ],
    ['a style= attribute', 'Text.\n\n<p style="color: red">Red</p>', 'x.md:11:1', /has a style= attribute/],
    [
      'a script a parser differential would let through (read as a browser reads it)',
      `Text.\n\n<noembed><p title="</noembed><script>document.title='PWNED'</script>">x</p></noembed>`,
      'x.md:11:1',
      /The post's HTML has a <noembed>, which a post may not use/,
    ],
    [
      'an encoded javascript: link',
      'Text with <a href="java&#x73;cript:alert(1)">a link</a>.',
      'x.md:9:1',
      /has a javascript: address in href=, which a post may not link to/,
    ],
    [
      'a refresh to another site',
      'Text.\n\n<meta http-equiv="refresh" content="5;url=https://evil.example/">',
      'x.md:11:1',
      /has a <meta>, which can send the reader to another page/,
    ],
    [
      'an inline event handler',
      'Text with <a href="/pricing" onclick="go()">a link</a>.',
      'x.md:9:1',
      /has an inline event handler \(onclick=\)/,
    ],
    [
      'a link to no page',
      'See [our prices](/prices) first.',
      'x.md:9:1',
      /links to "\/prices", which is no page of the site/,
    ],
  ])('stops on %s in the text, at its line', (_, text, where, what) => {
    expectBlock(failing('x.md', postFile(FIELDS, text)), `pages/_posts/${where}`, what, /Fix: /);
  });
});
