/**
 * The README's recipes, performed on a copy of the tree as a maintainer would, twice in a row: each
 * round reads the copy's data as it is then (the figures a recipe changes, today's hours, the
 * number of members), makes every recipe's edit and updates the figures of
 * pages/_data/specification.json that the recipes say they trip. Then the copy, holding both
 * rounds' edits, is built once: its pages must show each round's, and the build-output checks run
 * on it. A recipe that no longer works, names a file that no longer exists, or trips a check it
 * does not name fails here, with the check's own first line. Nothing here depends on today's
 * figures, so a maintainer who has done a recipe for real passes it too.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';
import { ROOT, parseHtml, textOf } from '../support/site';
import { writeFixtureImage } from '../support/fixture-images.mjs';
import { copyOfTree, type TreeCopy } from '../support/tree-copy';
import { runContentChecks, type Failed } from '../support/content-checks';
import { SPECIFICATION_FILE, figuresOfData, readSpecification, type Figure } from '../support/specification';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const RECIPES = README.slice(
  README.indexOf('## Recipes'),
  README.indexOf('\n## ', README.indexOf('## Recipes') + 1),
);
/** The figures the recipes say they trip ("**Trips** `teamMembers` … in `pages/_data/specification.json`"). */
const NAMED = [
  ...RECIPES.matchAll(/\*\*Trips\*\* ([^.]*?)in\s+`pages\/_data\/specification\.json`/gi),
].flatMap((match) => [...match[1]!.matchAll(/`(\w+)`/g)].map((key) => key[1]!));

type Json = Record<string, unknown>;

/** The names one round's edits use: none is a route, a page, a partial or a word of the README. */
interface Scratch {
  word: string;
  route: string;
  partial: string;
  island: string;
  /** The post's file name and address: pages/_posts/<post>.md, /blog/<post>. */
  post: string;
}

/** Scratch names for a round, checked against the copy and the README so that none collides. */
function scratchFor(tree: TreeCopy, round: number): Scratch {
  const taken = (word: string) =>
    README.includes(word) ||
    readdirSync(path.join(tree.root, 'pages/_images')).some((name) => name.startsWith(word)) ||
    readdirSync(path.join(tree.root, 'pages/_posts')).some((name) => name.startsWith(word)) ||
    readFileSync(path.join(tree.root, 'pages/_data/routes.json'), 'utf8').includes(word) ||
    existsSync(path.join(tree.root, 'partials/content', `${word}.html`));
  let word = `scratch${round}`;
  for (let suffix = 1; taken(word); suffix += 1) word = `scratch${round}x${suffix}`;
  return {
    word,
    route: `/careers/${word}-page`,
    partial: `${word}-note`,
    island: `${word}-island`,
    post: `${word}-local-seo`,
  };
}

/** "$2,500" → 2500, and back. */
const dollars = (price: string) => Number(price.replace(/[$,]/g, ''));
const price = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** Each recipe of the README, as a maintainer does it, reading the copy's data as it is now. */
async function doRecipes(tree: TreeCopy, scratch: Scratch): Promise<{ starter: string; hours: string }> {
  const file = (name: string) => path.join(tree.root, name);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the file's shape
  const read = <T = Json>(name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as T;
  const write = (name: string, value: unknown) => tree.write(name, `${JSON.stringify(value, null, 2)}\n`);
  /** Replaces every `from` with `to` in the files that hold it (the prose that restates a fact). */
  const restate = (files: string[], from: string, to: string) => {
    for (const name of files.filter((name) => readFileSync(file(name), 'utf8').includes(from)))
      tree.write(name, readFileSync(file(name), 'utf8').replaceAll(from, to));
  };
  const contentFiles = () => [
    ...readdirSync(file('pages/_data'))
      .filter((name) => name.endsWith('.json') && `pages/_data/${name}` !== SPECIFICATION_FILE)
      .map((name) => `pages/_data/${name}`),
    ...readdirSync(file('pages'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.html'))
      .map((name) => `pages/${name}`),
    ...readdirSync(file('partials'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.html'))
      .map((name) => `partials/${name}`),
  ];

  // Change a price: the entry package's, to one no other package or add-on has; and the prose
  // that restates it (an FAQ answer, the /pricing description).
  const pricing = read<{ packages: Json[]; addons: Json[] }>('pages/_data/pricing.json');
  const prices = new Set([...pricing.packages, ...pricing.addons].map((item) => item.price as string));
  const before = pricing.packages[0]!.price as string;
  let amount = dollars(before) + 250;
  while (prices.has(price(amount))) amount += 250;
  pricing.packages[0]!.price = price(amount);
  write('pages/_data/pricing.json', pricing);
  restate(['pages/_data/faqs.json', 'pages/_data/routes.json'], before, price(amount));

  // Change the office hours: an hour earlier at both ends (later, from 1 o'clock); and the prose
  // that restates them.
  const site = read('pages/_data/site.json');
  const [range = ''] = /\d+(?::\d\d)?[AP]M-\d+(?::\d\d)?[AP]M/.exec(site.hours as string) ?? [];
  expect(range, `the hours in pages/_data/site.json ("${site.hours as string}")`).not.toBe('');
  const shifted = range.replace(/\d+(?=(?::\d\d)?[AP]M)/g, (hour) =>
    String(Number(hour) === 1 ? 2 : Number(hour) - 1),
  );
  restate(contentFiles(), range, shifted);

  // Add a photo for each of the three (a member, a case study, a page), as a camera gives it.
  const photo = (kind: string) => `${scratch.word}-${kind}.jpg`;
  for (const [kind, width, height] of [
    ['portrait', 600, 800],
    ['work', 1400, 900],
    ['office', 1400, 900],
  ] as const)
    await writeFixtureImage(file('pages/_images'), { name: photo(kind), width, height });

  // Add a team member, a case study, a testimonial and an FAQ: copies of the first entries, under
  // names of their own, marked as samples; the member and the study with their photos.
  const team = read<Json[]>('pages/_data/team.json');
  write('pages/_data/team.json', [
    ...team,
    { ...team[0], name: `Robin ${scratch.word}`, initials: 'RS', photo: photo('portrait'), sample: true },
  ]);
  const studies = read<Json[]>('pages/_data/case-studies.json');
  write('pages/_data/case-studies.json', [
    ...studies,
    {
      ...studies[0],
      title: `A ${scratch.word} pipeline`,
      image: photo('work'),
      imageAlt: `The ${scratch.word} street`,
      sample: true,
    },
  ]);
  const testimonials = read<Record<string, Json[]>>('pages/_data/testimonials.json');
  testimonials.caseStudies!.push({
    ...testimonials.caseStudies![0],
    quote: `Clear reports every month, ${scratch.word}.`,
    sample: true,
  });
  write('pages/_data/testimonials.json', testimonials);
  const faqs = read<Record<string, Json[]>>('pages/_data/faqs.json');
  faqs.contact!.push({ question: `Do you work on ${scratch.word}?`, answer: faqs.contact![0]!.answer });
  write('pages/_data/faqs.json', faqs);

  // Publish a post: the example copied under a name of its own, its front matter filled in (the
  // first member the author, a photo of its own the cover) and its draft line deleted.
  await writeFixtureImage(file('pages/_images'), { name: photo('cover'), width: 1600, height: 900 });
  const fields: Record<string, string> = {
    title: `Local SEO for ${scratch.word}`,
    description: `How ${scratch.word} investors find sellers through search.`,
    date: '2026-11-02',
    category: 'seo',
    author: team[0]!.name as string,
    cover: photo('cover'),
    coverAlt: `The ${scratch.word} skyline`,
  };
  let post = readFileSync(file('pages/_posts/example-post.md'), 'utf8').replace(/^draft: true\n/m, '');
  for (const [field, value] of Object.entries(fields))
    post = post.replace(new RegExp(`^${field}: .*$`, 'm'), `${field}: ${value}`);
  tree.write(`pages/_posts/${scratch.post}.md`, post);

  // Add a page, with a partial of its own and an island on it, and a footer link to it.
  const routes = read<Json[]>('pages/_data/routes.json');
  const title = `Careers in ${scratch.word}`;
  routes.push({
    path: scratch.route,
    label: title,
    template: 'placeholder',
    title,
    description: `What a ${scratch.word} role is like.`,
  });
  write('pages/_data/routes.json', routes);
  const navigation = read<{ footer: { links: string[] }[] }>('pages/_data/navigation.json');
  navigation.footer.find((column) => column.links.includes('/careers'))!.links.push(scratch.route);
  write('pages/_data/navigation.json', navigation);
  tree.write(
    `partials/content/${scratch.partial}.html`,
    `<aside class="ds-${scratch.partial}">
  <!--
    A short notice.
    title  string, required  the notice's words
  -->
  <p>{{ title }}</p>
</aside>
`,
  );
  tree.write(
    `styles/components/_${scratch.partial}.scss`,
    `.ds-${scratch.partial} {\n  display: block;\n}\n`,
  );
  tree.edit('styles/main.scss', /$/, `@use 'components/${scratch.partial}';\n`);
  tree.write(
    `pages/${fileOfRoute(scratch.route)}`,
    `<layout>
  <include src="partials/placeholder.html"></include>
  <include src="partials/content/${scratch.partial}.html" locals='{"title": "Openings in ${scratch.word} soon."}'></include>
  <img src="/pages/_images/${photo('office')}" alt="The ${scratch.word} office" sizes="(min-width: 64em) 40rem, calc(100vw - 2rem)" />
  <div data-island="${scratch.island}"><p>Without JavaScript</p></div>
</layout>
`,
  );
  const component = `Scratch${scratch.word.replace(/\W/g, '')}`;
  tree.write(
    `scripts/islands/${scratch.island}/${component}.tsx`,
    `import type { IslandMode, IslandProps } from '../island-types';

export const mode: IslandMode = 'replace';

export default function ${component}(_: IslandProps) {
  return <p>With JavaScript</p>;
}
`,
  );
  tree.edit(
    'scripts/islands/registry.ts',
    '  toast: () =>',
    `  '${scratch.island}': () => import('./${scratch.island}/${component}'),\n  toast: () =>`,
  );
  return { starter: price(amount), hours: shifted };
}

/** The figures the copy's data no longer agrees with the record on: what the recipes tripped. */
function trippedFigures(tree: TreeCopy): Figure[] {
  const record = readSpecification(tree.root);
  const found = figuresOfData(tree.root);
  return (Object.keys(found) as Figure[]).filter(
    (figure) => JSON.stringify(found[figure]) !== JSON.stringify(record[figure]),
  );
}

/** The updates the recipes name: each tripped figure of pages/_data/specification.json, as the data now has it. */
function updateRecord(tree: TreeCopy, figures: Figure[]) {
  const text = JSON.parse(readFileSync(path.join(tree.root, SPECIFICATION_FILE), 'utf8')) as Json;
  const found = figuresOfData(tree.root);
  for (const figure of figures) text[figure] = found[figure];
  tree.write(SPECIFICATION_FILE, `${JSON.stringify(text, null, 2)}\n`);
}

interface Round {
  scratch: Scratch;
  tripped: Figure[];
  /** The entry package's price and the office hours this round set. */
  starter: string;
  hours: string;
}

describe('README recipes, each done twice in a row on a copy of the tree', () => {
  let tree: TreeCopy;
  const rounds: Round[] = [];
  /** The build and its content checks, once after both rounds: the copy then holds every edit of each. */
  let failed: Failed[] = [];
  let built: Map<string, string>;
  let feed = '';
  const page = (file: string) => parseHtml(built.get(file) ?? '');
  const text = (file: string) => textOf(page(file).body);

  beforeAll(async () => {
    tree = copyOfTree();
    for (let round = 1; round <= 2; round += 1) {
      const scratch = scratchFor(tree, round);
      const set = await doRecipes(tree, scratch);
      const tripped = trippedFigures(tree);
      updateRecord(
        tree,
        tripped.filter((figure) => NAMED.includes(figure)),
      );
      rounds.push({ scratch, tripped, ...set });
    }
    tree.build();
    const dist = path.join(tree.root, 'dist');
    built = new Map(
      readdirSync(dist, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.html'))
        .map((file) => [file, readFileSync(path.join(dist, file), 'utf8')]),
    );
    const feedFile = path.join(dist, 'feed.xml');
    feed = existsSync(feedFile) ? readFileSync(feedFile, 'utf8') : '';
    failed = runContentChecks(tree);
  }, 400_000);
  afterAll(() => tree.remove());

  it('after both rounds, the copy passes the build-output checks', () => {
    if (failed.length === 0) return;
    // The cause first: which check, and the first line of what it said.
    const causes = failed.map(({ test, cause }) => `- ${test}: ${cause}`);
    throw new Error(
      `After both rounds of the recipes, ${failed.length} check(s) fail:\n${causes.join('\n')}`,
    );
  });

  it.each([1, 2])('round %i: the recipes trip only the figures they name', (round) => {
    const { tripped } = rounds[round - 1]!;
    for (const figure of tripped)
      expect(NAMED, `a recipe trips "${figure}" in ${SPECIFICATION_FILE}; the README must name it`).toContain(
        figure,
      );
    // Each recipe that changes a figure of the specification is performed, so each named figure trips.
    expect([...tripped].sort()).toEqual(
      ['caseStudies', 'faqs', 'hours', 'packages', 'routes', 'teamMembers', 'testimonials'].sort(),
    );
  });

  it.each([1, 2])('round %i: each edit shows on its page', (round) => {
    const { scratch } = rounds[round - 1]!;
    expect(text('about-us/team.html')).toContain(`Robin ${scratch.word}`);
    expect(text('case-studies.html')).toContain(`A ${scratch.word} pipeline`);
    expect(text('case-studies.html')).toContain(`Clear reports every month, ${scratch.word}.`);
    expect(text('contact.html')).toContain(`Do you work on ${scratch.word}?`);
    // Each photo, as its picture.
    const photoOf = (file: string, name: string) =>
      [...page(file).querySelectorAll('picture source[type="image/avif"]')].some((source) =>
        source.getAttribute('srcset')!.includes(`/images/${scratch.word}-${name}-`),
      );
    expect(photoOf('about-us/team.html', 'portrait'), 'the member’s photo').toBe(true);
    expect(photoOf('case-studies.html', 'work'), 'the case study’s photo').toBe(true);
    expect(photoOf(fileOfRoute(scratch.route), 'office'), 'the page’s photo').toBe(true);
    const added = page(fileOfRoute(scratch.route));
    expect(added.title).toMatch(new RegExp(`^Careers in ${scratch.word} \\|`));
    expect(textOf(added.querySelector(`.ds-${scratch.partial}`))).toBe(`Openings in ${scratch.word} soon.`);
    expect(added.querySelector(`[data-island="${scratch.island}"]`)).not.toBeNull();
    expect(page('index.html').querySelector(`footer a[href="${scratch.route}"]`)).not.toBeNull();
    // The post: its page, in the listings and the feed, its cover as a picture.
    const post = `/blog/${scratch.post}`;
    expect(textOf(page(fileOfRoute(post)).querySelector('h1'))).toBe(`Local SEO for ${scratch.word}`);
    expect(photoOf(fileOfRoute(post), 'cover'), 'the post’s cover').toBe(true);
    for (const listing of ['blog.html', 'blog/seo.html'])
      expect(page(listing).querySelector(`main a[href="${post}"]`), listing).not.toBeNull();
    expect(feed).toContain(`Local SEO for ${scratch.word}`);
  });

  it('round 2 reads what round 1 left: the build shows its own price and hours, and both rounds’ members and posts', () => {
    const [first, second] = rounds;
    // Each round moved the figures on from what the round before left.
    expect(second!.starter).not.toBe(first!.starter);
    expect(second!.hours).not.toBe(first!.hours);
    expect(textOf(page('pricing.html').querySelector('.ds-package__amount'))).toBe(second!.starter);
    expect(text('contact.html')).toContain(second!.hours);
    expect(text('contact.html')).not.toContain(first!.hours);
    for (const { scratch } of rounds) {
      expect(text('about-us/team.html')).toContain(`Robin ${scratch.word}`);
      expect(page('blog.html').querySelector(`main a[href="/blog/${scratch.post}"]`)).not.toBeNull();
    }
  });

  it('every file a recipe names exists (a path with <name> in it: its folder)', () => {
    const named = [...RECIPES.matchAll(/`([\w.-]+(?:\/[\w.<>-]+)+\/?)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(20);
    // The README's example of a new page.
    const examples = ['pages/blog/webinars.html'];
    for (const file of named.filter((name) => !examples.includes(name))) {
      const existing = file.includes('<') ? path.dirname(file.slice(0, file.indexOf('<'))) : file;
      expect(existsSync(path.join(ROOT, existing)), `${file}, named in the README's recipes`).toBe(true);
    }
  });
});
