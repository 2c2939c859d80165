import { describe, expect, it } from 'vitest';
import {
  actionOf,
  actions,
  allBuiltFiles,
  builtDocument,
  expectedAction,
  pageFor,
  routes,
  site,
  textOf,
} from '../support/site';
import { SPECIFICATION } from '../support/specification';

const SPEC_HEADER = SPECIFICATION.header;
const SPEC_FOOTER_LINKS = SPECIFICATION.footerLinks;
/** The agency's profiles in the footer (site.json "social"), an address each once it has one. */
const profiles = (site as { social: { name: string; url?: string }[] }).social;
/** Where a link to a route leads: Book a Call's follows the calls to action (site.json liveActions). */
const hrefOf = (route: string) => (route === '/contact/book-call' ? actions.bookCall : route);

const header = (document: Document) => document.querySelector('header')!;
const footer = (document: Document) => document.querySelector('footer')!;
const hrefs = (scope: Element, selector = 'a[href]') =>
  [...scope.querySelectorAll(selector)].map((a) => a.getAttribute('href'));

describe('header', () => {
  it.each(allBuiltFiles())('%s has the logo, every nav link and sub-link, and Get Started', (file) => {
    const scope = header(builtDocument(file));
    expect(scope.querySelector('a[href="/"]')).not.toBeNull();
    const topLevel = hrefs(scope, '.ds-nav__list > li > a');
    expect(topLevel).toEqual(Object.keys(SPEC_HEADER));
    for (const [parent, children] of Object.entries(SPEC_HEADER)) {
      const item = scope.querySelector(`.ds-nav__list > li:has(> a[href="${parent}"])`)!;
      if (children.length === 0) continue;
      // Below lg the section is a row that expands a list led by the section's own page.
      expect(textOf(item.querySelector('summary')), parent).toBe(textOf(item.querySelector(':scope > a')));
      expect(hrefs(item, ':scope ul a[href]'), parent).toEqual([parent, ...children]);
    }
    const getStarted = [...scope.querySelectorAll('a, button')].find(
      (control) => textOf(control) === 'Get Started',
    );
    // The placeholder toast, or with the live calls to action (site.json liveActions) /contact.
    expect(actionOf(getStarted)).toBe(expectedAction(actions.getStarted));
  });

  it('marks the current page and the current section with aria-current', () => {
    const team = header(pageFor('/about-us/team'));
    expect(team.querySelector('a[href="/about-us"]')?.getAttribute('aria-current')).toBe('true');
    expect(team.querySelector('a[href="/about-us/team"]')?.getAttribute('aria-current')).toBe('page');
    expect(team.querySelector('summary[data-focus-id="/about-us"]')?.getAttribute('aria-current')).toBe(
      'true',
    );
    expect(team.querySelectorAll('[aria-current]')).toHaveLength(3);

    const aboutUs = header(pageFor('/about-us'));
    expect(aboutUs.querySelector('a[href="/about-us"]')?.getAttribute('aria-current')).toBe('page');

    const wholesalers = header(pageFor('/who-we-serve/investors/wholesalers'));
    expect(wholesalers.querySelector('a[href="/who-we-serve"]')?.getAttribute('aria-current')).toBe('true');

    for (const path of ['/', '/privacy-policy']) {
      expect(header(pageFor(path)).querySelectorAll('.ds-nav [aria-current]'), path).toHaveLength(0);
    }
  });
});

describe('footer', () => {
  it.each(allBuiltFiles())('%s has its columns, every required link and the contact lines', (file) => {
    const scope = footer(builtDocument(file));
    expect([...scope.querySelectorAll('nav h2')].map(textOf)).toEqual([
      'Company',
      'Services',
      'Who We Serve',
      'Resources',
    ]);
    expect(hrefs(scope)).toEqual(expect.arrayContaining(SPEC_FOOTER_LINKS.map(hrefOf)));
    const text = textOf(scope);
    expect(text).toContain(site.description);
    expect(text).toContain(site.location);
    expect(text).toContain(site.email);
    expect(text).toContain(site.phone);
    expect(text).toContain(`© ${new Date().getFullYear()} ${site.name}`);
  });

  it('links only to routes that exist, and to the agency’s profiles', () => {
    const known = new Set([
      ...routes.map((route) => hrefOf(route.path)),
      ...profiles.flatMap((profile) => profile.url ?? []),
    ]);
    for (const href of hrefs(footer(pageFor('/')))) expect(known.has(href ?? ''), href ?? '').toBe(true);
  });

  it('shows each profile of site.json by name, a link to its address, or a placeholder that goes nowhere without one', () => {
    const social = footer(pageFor('/')).querySelectorAll('.ds-social__link');
    const shown = [...social].map((link) => [
      link.querySelector('svg')?.getAttribute('aria-label'),
      link.getAttribute('href'),
    ]);
    expect(shown).toEqual(profiles.map((profile) => [profile.name, profile.url ?? null]));
    for (const link of social) {
      expect(link.tagName).toBe('A');
      expect(link.querySelector('svg')?.getAttribute('role')).toBe('img');
    }
    // Said to screen readers while a profile is a placeholder.
    const heading = footer(pageFor('/')).querySelector('.ds-social')?.previousElementSibling;
    expect(textOf(heading)).toBe(
      profiles.every((profile) => profile.url) ? 'Social media' : 'Social media (coming soon)',
    );
  });
});
