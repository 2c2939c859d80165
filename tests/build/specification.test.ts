/**
 * The data and the built pages hold what the specification fixes (pages/_data/specification.json,
 * read by specification.ts). Each failure names the figure, the file that differs and the line of
 * specification.json to update if the change was meant. Whether each page shows what its data holds is content.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { pageFor, site, textOf } from '../support/site';
import { SPECIFICATION, differs, figuresOfData, type Figure } from '../support/specification';
import { EDITED_DATA_FILES, editorIsSetUp } from '../../scripts/build/editor/editor-config.cjs';

const main = (route: string) => pageFor(route).querySelector('main')!;
const all = (scope: ParentNode, selector: string) => [...scope.querySelectorAll(selector)];

/** Whether `wanted` appears in `list` in the same order, other entries allowed between. */
const inOrder = (list: string[], wanted: string[]) => {
  let index = 0;
  for (const entry of list) if (entry === wanted[index]) index += 1;
  return index === wanted.length;
};

/**
 * Once the browser editor is set up (pages/_data/editor.json names the repository), the files it
 * edits hold the editors' content: a marketer who adds an FAQ cannot also update the
 * specification's count. Their figures are then theirs; the structure stays checked.
 */
const editorsOwn = (file: string) => editorIsSetUp() && EDITED_DATA_FILES.includes(file);

describe('the data holds what the specification fixes', () => {
  const found = figuresOfData();
  it.each(
    (
      [
        ['routes', 'pages/_data/routes.json'],
        ['teamMembers', 'pages/_data/team.json'],
        ['faqs', 'pages/_data/faqs.json'],
        ['packages', 'pages/_data/pricing.json'],
        ['popularPackage', 'pages/_data/pricing.json'],
        ['addons', 'pages/_data/pricing.json'],
        ['caseStudies', 'pages/_data/case-studies.json'],
        ['testimonials', 'pages/_data/testimonials.json'],
        ['stats', 'pages/_data/stats.json'],
        ['hours', 'pages/_data/site.json'],
        ['responseTime', 'pages/_data/site.json'],
        ['location', 'pages/_data/site.json'],
        ['socialProfiles', 'pages/_data/site.json'],
        ['header', 'pages/_data/navigation.json'],
        ['footerLinks', 'pages/_data/navigation.json'],
      ] as [Figure, string][]
    ).filter(([, file]) => !editorsOwn(file)),
  )('%s, in %s', (figure, file) => {
    expect(found[figure], differs(figure, file, found[figure])).toEqual(SPECIFICATION[figure]);
  });
});

describe('the pages hold what the specification fixes', () => {
  it.each(Object.entries(SPECIFICATION.sections))(
    '%s has the sections it asks for, in order',
    (route, headings) => {
      const found = all(main(route), 'h2').map(textOf);
      // The agency's name is its own (README "Go live"): the record writes it {name}.
      const wanted = headings.map((heading) => heading.replaceAll('{name}', site.name));
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
    // The package field is not the specification's: the live calls to action add it (site.json
    // liveActions); nor is the hidden field for bots the site's own receiver adds (leadEndpoint).
    ['contact form fields', '/contact', 'form :is(input, select, textarea):not(#package, #leave-empty)'],
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
