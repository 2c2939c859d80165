/**
 * The site with what the repository does not ship: a photo for every team member and case study,
 * made by fixture-images.ts, published posts (and a draft, which the build leaves out), and one
 * changed digit in the office hours (the visual suite's proof
 * that it sees one changed word, backstop/one-changed-digit.test.ts). Built once, by `npm run build` on a copy of the tree in the system's
 * temporary folder, and kept while neither the sources nor these fixtures change,
 * so that every suite that needs it (build output, browser, visual, budget) shares one build.
 * Content the repository ships stays as the specification says: fixtures live here, never in pages/.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceDigests } from '../../scripts/build/build-sources.mjs';
import { fileOfRoute } from '../../scripts/build/route-file.cjs';
import { copyProject } from './copy-project.mjs';
import { writeFixtureImage, type FixtureImage } from './fixture-images';
import { ROOT, parseHtml } from './site';

/**
 * Where the build is kept: outside the tree (Parcel refuses to build a project inside node_modules),
 * one folder per clone.
 */
const CACHE = path.join(
  tmpdir(),
  `fixture-site-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`,
);
/** The files that define the fixtures: a change to any of them builds the site again. */
const DEFINITION = ['tests/support/fixture-site.ts', 'tests/support/fixture-images.ts'];

/** Team portraits: one per member, taller than wide, one of them an AVIF source. */
export const PORTRAITS: FixtureImage[] = Array.from({ length: 6 }, (_, index) => ({
  name: `fixture-portrait-${index + 1}.${index === 1 ? 'avif' : 'jpg'}`,
  width: 900,
  height: 1200,
}));
/** Case-study photos, landscape, in each format the build takes. */
export const WORK_PHOTOS: FixtureImage[] = ['jpg', 'png', 'webp', 'jpg'].map((format, index) => ({
  name: `fixture-work-${index + 1}.${format}`,
  width: 2400,
  height: 1600,
}));
export const WORK_ALT = 'Shapes on a gradient (a test photo)';
/** Post covers. */
export const COVERS: FixtureImage[] = [1, 2].map((index) => ({
  name: `fixture-cover-${index}.jpg`,
  width: 1800,
  height: 1100,
}));

/** The post with everything: a cover, a table, a photo in its text, four sections (so contents). */
export const FULL_POST = 'fixture-local-seo-guide';
/** Posts the fixture site publishes: 13 in all, 11 of them SEO, so /blog and /blog/seo each have a second page. */
export const POSTS: Record<string, string> = {
  [FULL_POST]: `---
title: Rank for "we buy houses" in your own city
description: How a wholesaler's site earns the local searches motivated sellers make, in four steps, with what each costs and how long it takes.
date: 2026-10-20
updated: 2026-11-05
category: seo
author: Kevin Park
cover: fixture-cover-1.jpg
coverAlt: Shapes on a cloudy blue background (a test cover)
---

Sellers search before they call. This guide shows how a local investor's site earns those searches, and what to expect along the way. It links to [our pricing](/pricing) and to [a post on direct mail](/blog/fixture-direct-mail).

## Pick the searches that sell

Start with the words a seller types: "sell my house fast" and the name of your city. Each is a page of its own.

## Build one page for each

A page answers one search, in the seller's words, with a phone number at the top.

| Search                    | Monthly searches | Time to rank |
| ------------------------- | ---------------- | ------------ |
| we buy houses [city]      | 480              | 4–6 months   |
| sell my house fast [city] | 720              | 3–5 months   |
| cash for houses [city]    | 210              | 2–4 months   |

![Shapes on a cloudy background (a test photo)](fixture-cover-2.jpg 'A test photo in the text, with its caption.')

## Earn links from your market

Local links count most: the REIA you belong to, the title company you close with.

## Measure what calls

Count calls and contracts, not visits. A ranking that brings no call is not worth the page.
`,
  'fixture-direct-mail': `---
title: Direct mail that still works in 2026
description: Where a postcard still beats a click, and how to tell from your own numbers.
date: 2026-11-10
category: lead-generation
author: Alicia Moreno
cover: fixture-cover-2.jpg
coverAlt: Shapes on a gradient (a test cover)
---

Mail still reaches the owners who never search. Send it where your data says they are, and track each piece with its own number.

## Who still answers mail

Owners of inherited and vacant houses, most of all.
`,
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, index) => [
      `fixture-seo-note-${index + 1}`,
      `---
title: SEO note ${index + 1} for investor websites
description: A short note on one part of search for an investor's website, number ${index + 1} of ten.
date: 2026-09-${String(10 + index).padStart(2, '0')}
category: seo
author: ${index % 2 === 0 ? 'Kevin Park' : 'Grace Liu'}
---

One idea, in a paragraph: a page that answers a seller's question in their words ranks for it.
`,
    ]),
  ),
  'fixture-draft-idea': `---
title: A draft no build publishes
description: A post still being written, which npm run dev shows and npm run build leaves out.
date: 2026-11-15
category: marketing-tips
author: Grace Liu
draft: true
---

Not ready yet.
`,
};
/** The fixture site's pages that differ from the shipped site's: every check a page gets, they get too. */
export const FIXTURE_PAGES = [
  '/about-us/team',
  '/case-studies',
  '/blog',
  '/blog/page/2',
  '/blog/seo',
  '/blog/seo/page/2',
  `/blog/${FULL_POST}`,
  '/blog/fixture-direct-mail',
];

export interface FixtureSite {
  /** The copy's root; its dist/ and hosting/ are what its build wrote. */
  root: string;
  dist: string;
  /** A built page of the fixture site, by route. */
  page: (route: string) => Document;
}

/** The hours with their first digit one lower (or one higher for a 0): "Mon-Fri 9AM-6PM EST" → "Mon-Fri 8AM-6PM EST". */
export const oneDigitChanged = (hours: string) =>
  hours.replace(/\d/, (digit) => String(digit === '0' ? 1 : Number(digit) - 1));

/** Applies the fixtures to a copy of the tree at `root`. */
async function applyFixtures(root: string) {
  const images = path.join(root, 'pages/_images');
  for (const image of [...PORTRAITS, ...WORK_PHOTOS, ...COVERS]) await writeFixtureImage(images, image);
  mkdirSync(path.join(root, 'pages/_posts'), { recursive: true });
  for (const [slug, text] of Object.entries(POSTS))
    writeFileSync(path.join(root, 'pages/_posts', `${slug}.md`), text);
  const edit = (file: string, change: (value: Record<string, unknown>[]) => void) => {
    const value = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>[];
    change(value);
    writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
  };
  edit('pages/_data/team.json', (team) =>
    team.forEach((member, index) => (member.photo = PORTRAITS[index % PORTRAITS.length]!.name)),
  );
  const siteFile = path.join(root, 'pages/_data/site.json');
  const site = JSON.parse(readFileSync(siteFile, 'utf8')) as { hours: string };
  writeFileSync(siteFile, `${JSON.stringify({ ...site, hours: oneDigitChanged(site.hours) }, null, 2)}\n`);
  edit('pages/_data/case-studies.json', (studies) =>
    studies.forEach((study, index) => {
      study.image = WORK_PHOTOS[index % WORK_PHOTOS.length]!.name;
      study.imageAlt = WORK_ALT;
    }),
  );
}

/** What the fixture build is made of: the sources and the fixtures' own definition. */
function fixtureKey(): string {
  return createHash('sha256')
    .update(JSON.stringify(sourceDigests(ROOT)))
    .update(DEFINITION.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n'))
    .digest('hex')
    .slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fixture site, built if no build of these sources and fixtures is kept. Two test files that
 * ask at once share one build: the first builds, the other waits for it.
 */
export async function fixtureSite(): Promise<FixtureSite> {
  const root = path.join(CACHE, fixtureKey());
  const ready = path.join(root, '.fixture-ready');
  const lock = `${root}.lock`;
  mkdirSync(CACHE, { recursive: true });
  for (let waited = 0; !existsSync(ready); waited += 500) {
    try {
      mkdirSync(lock);
    } catch {
      if (waited > 300_000)
        throw new Error(`The fixture site's build (${root}) did not finish within 5 minutes.`);
      await sleep(500);
      continue;
    }
    try {
      // Builds of older sources go: only the newest is kept.
      for (const old of readdirSync(CACHE))
        if (!root.endsWith(old) && !old.endsWith('.lock'))
          rmSync(path.join(CACHE, old), { recursive: true, force: true });
      rmSync(root, { recursive: true, force: true });
      copyProject(root);
      await applyFixtures(root);
      try {
        execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`The fixture site's build stopped: ${`${stderr}\n${stdout}`.trim()}`);
      }
      writeFileSync(ready, '');
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  const dist = path.join(root, 'dist');
  const pages = new Map<string, Document>();
  return {
    root,
    dist,
    page(route) {
      if (!pages.has(route))
        pages.set(route, parseHtml(readFileSync(path.join(dist, fileOfRoute(route)), 'utf8')));
      return pages.get(route)!;
    },
  };
}
