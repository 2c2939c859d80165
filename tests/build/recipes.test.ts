/**
 * The README's recipes, performed on a copy of the tree as a maintainer would, then built: a
 * recipe that no longer works, names a file that no longer exists, or trips a check it does not
 * name, fails here. With the expectation updates the recipes name, the copy must pass the same
 * build-output checks as the real tree. The recipes and their steps are the README's "Recipes".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, parseHtml } from '../support/site';
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
  const page = (file: string) => parseHtml(readFileSync(path.join(dist, file), 'utf8'));
  const text = (file: string) => page(file).body.textContent.replace(/\s+/g, ' ');

  beforeAll(() => {
    tree = copyOfTree();
    dist = path.join(tree.root, 'dist');

    // Change a price, and the prose that restates it; change the office hours, and the FAQ that
    // restates them.
    tree.edit('pages/_data/pricing.json', '"price": "$2,500"', '"price": "$2,750"');
    tree.edit('pages/_data/faqs.json', 'is $2,500 per month', 'is $2,750 per month');
    tree.edit('pages/_data/routes.json', 'Starter $2,500', 'Starter $2,750');
    tree.edit('pages/_data/site.json', /"hours": "[^"]*"/, '"hours": "Mon-Fri 8AM-5PM EST"');
    tree.edit('pages/_data/faqs.json', 'Monday to Friday, 9AM-6PM EST', 'Monday to Friday, 8AM-5PM EST');
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

    execFileSync('npm', ['run', '--silent', 'build'], { cwd: tree.root, stdio: 'pipe' });
  }, 180_000);
  afterAll(() => tree.remove());

  it('trips only the figures the recipes name, and passes the checks with their updates', () => {
    /** The copy's build-output checks of what the specification fixes and what pages show. */
    const check = () => {
      try {
        execFileSync(
          'npx',
          [
            'vitest',
            'run',
            '--project',
            'build',
            'tests/build/specification.test.ts',
            'tests/build/content.test.ts',
            'tests/build/routes.test.ts',
            'tests/build/header-footer.test.ts',
          ],
          { cwd: tree.root, stdio: 'pipe', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
        );
        return '';
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        return `${stdout}\n${stderr}`;
      }
    };
    const tripped = [...new Set([...check().matchAll(/The specification's (\w+) is/g)].map((m) => m[1]))];
    const named = [
      ...RECIPES.matchAll(/\*\*Trips\*\* ([^.]*?)in\s+`tests\/build\/specification\.ts`/gi),
    ].flatMap((match) => [...match[1]!.matchAll(/`(\w+)`/g)].map((key) => key[1]));
    expect(tripped.sort()).toEqual(
      ['caseStudies', 'faqs', 'hours', 'packages', 'routes', 'teamMembers', 'testimonials'].sort(),
    );
    for (const figure of tripped) expect(named, `a recipe that trips "${figure}" names it`).toContain(figure);

    // The updates the recipes name, in the copy's tests/build/specification.ts.
    tree.edit('tests/build/specification.ts', "['Starter', '$2,500']", "['Starter', '$2,750']");
    tree.edit('tests/build/specification.ts', "hours: 'Mon-Fri 9AM-6PM EST'", "hours: 'Mon-Fri 8AM-5PM EST'");
    tree.edit('tests/build/specification.ts', 'teamMembers: 6', 'teamMembers: 7');
    tree.edit('tests/build/specification.ts', 'caseStudies: 4', 'caseStudies: 5');
    tree.edit('tests/build/specification.ts', 'caseStudies: 3 }', 'caseStudies: 4 }');
    tree.edit(
      'tests/build/specification.ts',
      'faqs: { pricing: 6, contact: 6 }',
      'faqs: { pricing: 6, contact: 7 }',
    );
    tree.edit('tests/build/specification.ts', 'placeholder: 40', 'placeholder: 41');
    // The edits above are newer than the copy's build; nothing built depends on them.
    execFileSync('touch', [path.join(tree.root, 'dist/_headers')]);
    const failures = check();
    expect(failures, failures.slice(-3000)).toBe('');
  }, 180_000);

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
