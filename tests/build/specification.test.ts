/**
 * The data and the built pages hold what the specification fixes (specification.ts). Each failure
 * names the figure, the file that differs and the line of specification.ts to update if the change
 * was meant. Whether each page shows what its data holds is content.test.ts's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, pageFor, textOf } from '../support/site';
import { SPECIFICATION, differs } from './specification';

/** A data file of pages/_data, read as it is now. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the file's shape
const data = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(ROOT, 'pages/_data', `${name}.json`), 'utf8')) as T;

interface Package {
  name: string;
  price: string;
  popular: boolean;
}

const main = (route: string) => pageFor(route).querySelector('main')!;
const all = (scope: ParentNode, selector: string) => [...scope.querySelectorAll(selector)];

/** Whether `wanted` appears in `list` in the same order, other entries allowed between. */
const inOrder = (list: string[], wanted: string[]) => {
  let index = 0;
  for (const entry of list) if (entry === wanted[index]) index += 1;
  return index === wanted.length;
};

describe('the data holds what the specification fixes', () => {
  it('the routes: content pages and under-construction pages', () => {
    const routes = data<{ template: string }[]>('routes');
    const found = {
      content: routes.filter((route) => route.template === 'content').length,
      placeholder: routes.filter((route) => route.template === 'placeholder').length,
    };
    expect(found, differs('routes', 'pages/_data/routes.json', found)).toEqual(SPECIFICATION.routes);
  });

  it('the team members', () => {
    const found = data<unknown[]>('team').length;
    expect(found, differs('teamMembers', 'pages/_data/team.json', found)).toBe(SPECIFICATION.teamMembers);
  });

  it('the FAQs of each page', () => {
    const faqs = data<Record<string, unknown[]>>('faqs');
    const found = { pricing: faqs.pricing?.length, contact: faqs.contact?.length };
    expect(found, differs('faqs', 'pages/_data/faqs.json', found)).toEqual(SPECIFICATION.faqs);
  });

  it('the packages, their prices and the popular one', () => {
    const { packages } = data<{ packages: Package[] }>('pricing');
    const found = packages.map((pkg) => [pkg.name, pkg.price]);
    expect(found, differs('packages', 'pages/_data/pricing.json', found)).toEqual(SPECIFICATION.packages);
    const popular = packages.filter((pkg) => pkg.popular).map((pkg) => pkg.name);
    expect(popular, differs('popularPackage', 'pages/_data/pricing.json', popular)).toEqual([
      SPECIFICATION.popularPackage,
    ]);
  });

  it('the add-ons and their prices', () => {
    const { addons } = data<{ addons: { name: string; price: string }[] }>('pricing');
    const found = addons.map((addon) => [addon.name, addon.price]);
    expect(found, differs('addons', 'pages/_data/pricing.json', found)).toEqual(SPECIFICATION.addons);
  });

  it('the case studies', () => {
    const caseStudies = data<unknown[]>('case-studies').length;
    expect(caseStudies, differs('caseStudies', 'pages/_data/case-studies.json', caseStudies)).toBe(
      SPECIFICATION.caseStudies,
    );
  });

  it('the testimonials of each page', () => {
    const testimonials = data<Record<string, unknown[]>>('testimonials');
    const found = Object.fromEntries(
      Object.keys(SPECIFICATION.testimonials).map((set) => [set, testimonials[set]?.length]),
    );
    expect(found, differs('testimonials', 'pages/_data/testimonials.json', found)).toEqual(
      SPECIFICATION.testimonials,
    );
  });

  it('the marketing claims', () => {
    const stats = data<Record<string, { value: string }>>('stats');
    const found = Object.fromEntries(Object.keys(SPECIFICATION.stats).map((key) => [key, stats[key]?.value]));
    expect(found, differs('stats', 'pages/_data/stats.json', found)).toEqual(SPECIFICATION.stats);
  });

  it('the office hours, the response time and the location', () => {
    const site = data<Record<string, string>>('site');
    for (const figure of ['hours', 'responseTime', 'location'] as const) {
      expect(site[figure], differs(figure, 'pages/_data/site.json', site[figure])).toBe(
        SPECIFICATION[figure],
      );
    }
  });

  it('the header: its sections and their sub-pages', () => {
    const { header } = data<{ header: { path: string; children?: string[] }[] }>('navigation');
    const found = Object.fromEntries(header.map((item) => [item.path, item.children ?? []]));
    expect(found, differs('header', 'pages/_data/navigation.json', found)).toEqual(SPECIFICATION.header);
  });

  it('the footer links', () => {
    const { footer, legal } = data<{ footer: { links: string[] }[]; legal: string[] }>('navigation');
    const linked = new Set([...footer.flatMap((column) => column.links), ...legal]);
    const missing = SPECIFICATION.footerLinks.filter((link) => !linked.has(link));
    expect(missing, differs('footerLinks', 'pages/_data/navigation.json (missing)', missing)).toEqual([]);
  });
});

describe('the pages hold what the specification fixes', () => {
  it.each(Object.entries(SPECIFICATION.sections))(
    '%s has the sections it asks for, in order',
    (route, wanted) => {
      const found = all(main(route), 'h2').map(textOf);
      expect(inOrder(found, wanted), differs('sections', `the h2 headings of ${route}`, found)).toBe(true);
    },
  );

  it('the comparison table on /about-us/why-us', () => {
    const found = all(main('/about-us/why-us'), 'table tbody tr').length;
    expect(found, differs('comparisonRows', 'pages/about-us/why-us.html', found)).toBe(
      SPECIFICATION.comparisonRows,
    );
  });

  it.each([
    ['home feature cards', '/', '.ds-grid--3 .ds-card'],
    ['about-us values', '/about-us', '.ds-grid--4 .ds-card'],
    ['why-us differentiators', '/about-us/why-us', '.ds-grid--4 .ds-card'],
    ['why-us result metrics', '/about-us/why-us', '.ds-stats__item'],
    ['service categories', '/services', '.ds-service'],
    ['process steps', '/services', '.ds-steps__item'],
    ['case-studies stats', '/case-studies', '.ds-stats__item'],
    ['contact form fields', '/contact', 'form input, form select, form textarea'],
  ])('the %s', (part, route, selector) => {
    const found = all(main(route), selector).length;
    expect(found, differs('parts', `${route} (${part})`, found)).toBe(SPECIFICATION.parts[part]);
  });

  it('the footer columns', () => {
    const found = all(pageFor('/').querySelector('footer')!, 'nav h2').length;
    expect(found, differs('parts', 'pages/_data/navigation.json (footer columns)', found)).toBe(
      SPECIFICATION.parts['footer columns'],
    );
  });

  it('the timeline on /about-us/our-story', () => {
    const found = all(main('/about-us/our-story'), '.ds-timeline__year').map(textOf);
    expect(found, differs('timeline', 'pages/about-us/our-story.html', found)).toEqual(
      SPECIFICATION.timeline,
    );
  });
});
