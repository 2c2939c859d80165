/**
 * The README's recipes, performed on a copy of the tree as a maintainer would, then built with
 * Parcel: a recipe that no longer works, or names a file that no longer exists, fails here.
 * The recipes and their steps are the README's "Recipes" section.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/site';
import { copyOfTree, type TreeCopy } from '../support/tree-copy';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const RECIPES = README.slice(
  README.indexOf('## Recipes'),
  README.indexOf('\n## ', README.indexOf('## Recipes') + 1),
);

/** Appends `entry` to the list at `key` (or to the file's top-level list) of a data file. */
function addToList(tree: TreeCopy, file: string, entry: object, key?: string) {
  const full = path.join(tree.root, file);
  const data = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown[]> | unknown[];
  (Array.isArray(data) ? data : data[key!]!).push(entry);
  tree.write(file, `${JSON.stringify(data, null, 2)}\n`);
}

describe('README recipes', () => {
  let tree: TreeCopy;
  let dist: string;
  const page = (file: string) => new JSDOM(readFileSync(path.join(dist, file), 'utf8')).window.document;
  const text = (file: string) => page(file).body.textContent.replace(/\s+/g, ' ');

  beforeAll(() => {
    tree = copyOfTree();
    dist = path.join(tree.root, 'dist');

    // Change a price; change the office hours.
    tree.edit('pages/_data/pricing.json', '"price": "$2,500"', '"price": "$2,750"');
    tree.edit('pages/_data/site.json', /"hours": "[^"]*"/, '"hours": "Mon-Fri 8AM-5PM EST"');
    // Add a team member, a case study, a testimonial and an FAQ.
    addToList(tree, 'pages/_data/team.json', {
      name: 'Robin Vale',
      sample: true,
      role: 'Data Analyst',
      initials: 'RV',
      bio: 'Turns campaign data into decisions.',
      specialties: ['Reporting', 'Attribution', 'Forecasting'],
    });
    addToList(tree, 'pages/_data/case-studies.json', {
      title: 'A probate pipeline in Richmond',
      sample: true,
      client: 'Fictional Homes LLC',
      location: 'Richmond, VA',
      timeframe: '4 months',
      challenge: 'No steady source of probate leads.',
      solution: 'A probate mail and search campaign.',
      results: [{ metric: '42', label: 'Probate leads' }],
      testimonial: 'The calls started in week two.',
      tags: ['Probate'],
    });
    addToList(
      tree,
      'pages/_data/testimonials.json',
      {
        quote: 'Clear reports every month.',
        sample: true,
        name: 'Dana P.',
        role: 'Landlord',
        location: 'Baltimore, MD',
      },
      'caseStudies',
    );
    addToList(
      tree,
      'pages/_data/faqs.json',
      {
        question: 'Do you work weekends?',
        answer: 'Campaigns run every day; the office is open on weekdays.',
      },
      'contact',
    );
    // Add a page, a navigation link to it, a partial it includes, and an island on it.
    addToList(tree, 'pages/_data/routes.json', {
      path: '/blog/webinars',
      label: 'Webinars',
      template: 'placeholder',
      title: 'Webinars for Real Estate Investors',
      description: 'Free webinars on marketing for real estate investors.',
    });
    const navigation = JSON.parse(
      readFileSync(path.join(tree.root, 'pages/_data/navigation.json'), 'utf8'),
    ) as {
      footer: { heading: string; links: string[] }[];
    };
    navigation.footer.find((column) => column.links.includes('/blog'))!.links.push('/blog/webinars');
    tree.write('pages/_data/navigation.json', `${JSON.stringify(navigation, null, 2)}\n`);
    tree.write(
      'partials/content/notice.html',
      `<aside class="ds-notice">
  <!--
    A short notice.
    title  string, required  the notice's words
  -->
  <p>{{ title }}</p>
</aside>
`,
    );
    tree.write(
      'pages/blog/webinars.html',
      `<layout route="/blog/webinars">
  <include src="partials/placeholder.html"></include>
  <include src="partials/content/notice.html" locals='{"title": "The first webinar is in March."}'></include>
  <div data-island="hello"><p>Hello without JavaScript</p></div>
</layout>
`,
    );
    tree.write(
      'scripts/islands/hello/Hello.tsx',
      `import type { IslandMode, IslandProps } from '../registry';

export const mode: IslandMode = 'replace';

export default function Hello(_: IslandProps) {
  return <p>Hello with JavaScript</p>;
}
`,
    );
    tree.edit(
      'scripts/islands/registry.ts',
      '  toast: () =>',
      "  hello: () => import('./hello/Hello'),\n  toast: () =>",
    );

    execFileSync(
      'npx',
      ['parcel', 'build', 'pages/**/*.html', '--no-cache', '--no-source-maps', '--log-level', 'error'],
      {
        cwd: tree.root,
        stdio: 'pipe',
      },
    );
  }, 180_000);
  afterAll(() => tree.remove());

  it('every file a recipe names exists (a path with <name> in it: its folder)', () => {
    const named = [...RECIPES.matchAll(/`([\w.-]+(?:\/[\w.<>-]+)+\/?)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(20);
    const examples = ['pages/blog/webinars.html'];
    for (const file of named.filter((name) => !examples.includes(name))) {
      const existing = file.includes('<') ? path.dirname(file.slice(0, file.indexOf('<'))) : file;
      expect(existsSync(path.join(ROOT, existing)), `${file}, named in the README's recipes`).toBe(true);
    }
  });

  it('change a price, the office hours', () => {
    expect(text('pricing.html')).toContain('$2,750');
    expect(text('contact.html')).toContain('Mon-Fri 8AM-5PM EST');
  });

  it('add a team member, a case study, a testimonial and an FAQ', () => {
    expect(text('about-us/team.html')).toContain('Robin Vale');
    expect(text('case-studies.html')).toContain('A probate pipeline in Richmond');
    expect(text('case-studies.html')).toContain('Clear reports every month.');
    expect(text('contact.html')).toContain('Do you work weekends?');
  });

  it('add a page, a navigation link, a partial and an island', () => {
    const webinars = page('blog/webinars.html');
    expect(webinars.title).toBe('Webinars for Real Estate Investors | DealStream');
    expect(webinars.querySelector('.ds-notice')?.textContent).toContain('The first webinar is in March.');
    expect(webinars.querySelector('[data-island="hello"]')).not.toBeNull();
    expect(page('index.html').querySelector('footer a[href="/blog/webinars"]')?.textContent).toBe('Webinars');
    expect(execFileSync('ls', [dist], { encoding: 'utf8' })).toMatch(/^Hello\.[0-9a-f]+\.js$/m);
  });
});
