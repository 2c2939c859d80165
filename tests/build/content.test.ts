import { describe, expect, it } from 'vitest';
import { actionOf, actions, expectedAction, pageFor, routes, site, textOf } from '../support/site';
import { whereWritten } from '../support/where-written';
import { readData } from '../support/specification';

const caseStudies = readData<typeof import('../../pages/_data/case-studies.json')>('case-studies');
const faqs = readData<typeof import('../../pages/_data/faqs.json')>('faqs');
const pricing = readData<typeof import('../../pages/_data/pricing.json')>('pricing');
const stats = readData<typeof import('../../pages/_data/stats.json')>('stats');
const team = readData<typeof import('../../pages/_data/team.json')>('team');
const testimonials = readData<typeof import('../../pages/_data/testimonials.json')>('testimonials');

const main = (path: string) => pageFor(path).querySelector('main')!;
const all = (scope: ParentNode, selector: string) => [...scope.querySelectorAll(selector)];
const hrefs = (path: string) => all(main(path), 'a[href]').map((a) => a.getAttribute('href'));
/** The words of each quote on a page, as testimonials.json writes them. */
const quotes = (path: string) => all(main(path), '.ds-quote blockquote').map(textOf);
/** The FAQ questions of a page. */
const questions = (path: string) => all(main(path), '.ds-faq details summary').map(textOf);

describe('content pages', () => {
  it('has no placeholder filler text anywhere', () => {
    for (const route of routes) expect(textOf(main(route.path)), route.path).not.toMatch(/lorem|ipsum|TODO/i);
  });

  it('shows every marketing claim of stats.json, each with its value and definition wherever it appears', () => {
    const shownStats = routes.flatMap((route) => all(pageFor(route.path), '.ds-stats__item'));
    const claims = Object.entries(stats).flatMap(([key, claim]) =>
      typeof claim === 'object' ? [[key, claim] as const] : [],
    );
    for (const [key, { value, label, definition }] of claims) {
      const shown = shownStats.filter((item) => textOf(item.querySelector('dt')) === label);
      expect(shown.length, `stats.json "${key}" (${label}) is shown on no page`).toBeGreaterThan(0);
      // The figure, then how it is counted, so that a client can check it.
      for (const item of shown)
        expect(all(item, 'dd').map(textOf), `stats.json "${key}"`).toEqual([value, definition]);
    }
  });
});

describe('section headings', () => {
  it('are aligned as one, to the start of their container: only a block of quotes is centred', () => {
    const centred = routes.flatMap((route) =>
      all(main(route.path), '.ds-section-header--center')
        .filter((header) => !header.closest('.ds-testimonials'))
        .map((header) => `${route.path}: "${textOf(header.querySelector('h2'))}" is centred`),
    );
    expect(centred).toEqual([]);
  });
});

describe('/', () => {
  it('has the hero, the feature cards and the buttons of the specification', () => {
    expect(all(main('/'), 'h3').slice(0, 3).map(textOf)).toEqual([
      'Investor-focused SEO',
      'High-converting ad campaigns',
      'Authority-building brands',
    ]);
    // Book a Call: /contact/book-call, or with the live calls to action the booking page.
    expect(hrefs('/')).toEqual(expect.arrayContaining([actions.bookCall, '/services', '/about-us/why-us']));
  });
});

describe('/about-us', () => {
  it('has its values and links to our story, team, why us and contact', () => {
    const values = main('/about-us').querySelectorAll('.ds-grid--4 .ds-card');
    expect(values).toHaveLength(4);
    expect(hrefs('/about-us')).toEqual(
      expect.arrayContaining(['/about-us/our-story', '/about-us/team', '/about-us/why-us', '/contact']),
    );
  });
});

describe('/about-us/our-story', () => {
  it('has a timeline of the agency’s years', () => {
    expect(all(main('/about-us/our-story'), '.ds-timeline__year').map(textOf)).toEqual([
      '2018',
      '2020',
      '2022',
      '2024',
    ]);
  });

  it('compares traditional agencies with the agency, and states the mission with stats', () => {
    expect(all(main('/about-us/our-story'), '.ds-compare h3').map(textOf)).toEqual([
      'Traditional agencies',
      site.name,
    ]);
    expect(main('/about-us/our-story').querySelectorAll('.ds-stats__item').length).toBeGreaterThanOrEqual(3);
  });
});

describe('/about-us/team', () => {
  const members = all(main('/about-us/team'), '.ds-member');

  it('has a card for each member of team.json, with name, role, bio, specialties, social links and a mailto link', () => {
    /** A member's profiles (team.json "social"), or none: the specification's placeholders. */
    const profilesOf = (index: number) =>
      (team[index] as { social?: { name: string; url: string }[] }).social;
    expect(
      members.map((member) => textOf(member.querySelector('h3'))),
      'the member cards, against pages/_data/team.json',
    ).toEqual(team.map((member) => member.name));
    for (const [index, member] of members.entries()) {
      const name = textOf(member.querySelector('h3'));
      expect(name).not.toBe('');
      expect(textOf(member.querySelector('.ds-member__role')), name).not.toBe('');
      expect(textOf(member.querySelector('.ds-member__bio')), name).not.toBe('');
      expect(member.querySelectorAll('.ds-tags li').length, name).toBeGreaterThan(0);
      expect(member.querySelector('a[href^="mailto:"]'), name).not.toBeNull();
      // Its own profiles, each a link to its address; without any, LinkedIn and Twitter going nowhere.
      const profiles = all(member, '.ds-member__profile');
      const own = profilesOf(index);
      expect(
        profiles.map((link) => [
          link.querySelector('svg[role="img"]')?.getAttribute('aria-label'),
          link.getAttribute('href'),
        ]),
        name,
      ).toEqual(
        own
          ? own.map((profile) => [profile.name, profile.url])
          : [
              ['LinkedIn', null],
              ['Twitter', null],
            ],
      );
    }
  });

  it('links to /careers', () => {
    expect(hrefs('/about-us/team')).toContain('/careers');
  });
});

describe('/about-us/why-us', () => {
  it('has its differentiators, result metrics and the testimonials of testimonials.json', () => {
    expect(main('/about-us/why-us').querySelectorAll('.ds-grid--4 .ds-card')).toHaveLength(4);
    expect(main('/about-us/why-us').querySelectorAll('.ds-stats__item')).toHaveLength(4);
    expect(quotes('/about-us/why-us'), 'against pages/_data/testimonials.json "whyUs"').toEqual(
      testimonials.whyUs.map((testimonial) => testimonial.quote),
    );
  });

  it('has a real comparison table: a caption, a heading row, and a heading cell on every row', () => {
    const table = main('/about-us/why-us').querySelector('table')!;
    expect(table.querySelector('caption')).not.toBeNull();
    expect(all(table, 'thead th[scope="col"]')).toHaveLength(3);
    expect(all(table, 'tbody th[scope="row"]')).toHaveLength(all(table, 'tbody tr').length);
  });
});

describe('/services', () => {
  const categories = all(main('/services'), '.ds-service');

  it('lists the service categories, each with its sub-service links and an Explore All link to the category', () => {
    const expected: Record<string, string[]> = {
      '/services/investor-marketing': [
        '/services/investor-marketing/seo',
        '/services/investor-marketing/paid-ads',
        '/services/investor-marketing/funnels',
      ],
      '/services/branding-websites': [
        '/services/branding-websites/investor-websites',
        '/services/branding-websites/landing-pages',
      ],
      '/services/social-video': ['/services/social-video/social-media', '/services/social-video/youtube'],
      '/services/advanced-advertising': [
        '/services/advanced-advertising/ott-ads',
        '/services/advanced-advertising/retargeting',
      ],
    };
    expect(categories).toHaveLength(4);
    for (const [index, [category, subServices]] of Object.entries(expected).entries()) {
      const card = categories[index]!;
      expect(all(card, '.ds-service__links a').map((a) => a.getAttribute('href'))).toEqual(subServices);
      const explore = all(card, 'a').find((a) => textOf(a).startsWith('Explore All'));
      expect(explore?.getAttribute('href')).toBe(category);
    }
  });

  it('shows the process, step by step', () => {
    expect(all(main('/services'), '.ds-steps__title').map(textOf)).toEqual([
      'Strategy session',
      'Campaign setup',
      'Optimization',
      'Scale and grow',
    ]);
  });
});

describe('/pricing', () => {
  const packages = all(main('/pricing'), '.ds-package');

  it('shows each package of pricing.json with its price and period, in order', () => {
    const shown = packages.map((card) => [
      textOf(card.querySelector('h3')),
      textOf(card.querySelector('.ds-package__amount')),
      textOf(card.querySelector('.ds-package__period')),
    ]);
    expect(shown, 'the package cards, against pages/_data/pricing.json').toEqual(
      pricing.packages.map((pkg) => [pkg.name, pkg.price, pkg.period]),
    );
    for (const card of packages) expect(textOf(card.querySelector('.ds-package__period'))).toBe('/month');
  });

  it('marks as Most Popular exactly the packages pricing.json marks popular', () => {
    const popular = packages.filter((card) => textOf(card).includes('Most Popular'));
    expect(popular.map((card) => textOf(card.querySelector('h3')))).toEqual(
      pricing.packages.filter((pkg) => pkg.popular).map((pkg) => pkg.name),
    );
  });

  it('lists each package’s features from the specification', () => {
    const features = packages.map((card) => textOf(card.querySelector('.ds-checklist')).toLowerCase());
    for (const term of [
      'website',
      'basic seo',
      'google my business',
      'monthly',
      'email support',
      '1 landing page',
    ]) {
      expect(features[0], term).toContain(term);
    }
    for (const term of [
      'google and facebook ads',
      'advanced seo',
      'conversion',
      '3 landing pages',
      'phone and email',
    ]) {
      expect(features[1], term).toContain(term);
    }
    expect(features[1]).toContain('bi-weekly');
    for (const term of ['multi-channel', 'retargeting', 'video', 'social media', 'unlimited landing pages']) {
      expect(features[2], term).toContain(term);
    }
    for (const term of ['dedicated account manager', 'weekly', 'priority support'])
      expect(features[2]).toContain(term);
  });

  it('gives each package a button: the placeholder toast, or with the live calls to action the form with it chosen', () => {
    expect(packages.map((card) => actionOf(card.querySelector('.ds-package__cta')))).toEqual(
      pricing.packages.map((pkg) => expectedAction(actions.packages[pkg.name]!)),
    );
    if (actions.live)
      for (const pkg of pricing.packages)
        expect(actions.packages[pkg.name]).toBe(
          `/contact?package=${encodeURIComponent(pkg.name)}#form-title`,
        );
  });

  it('lists each add-on of pricing.json with its price and what the price is for', () => {
    const addons = all(main('/pricing'), '.ds-addon').map((card) => [
      textOf(card.querySelector('h3')),
      textOf(card.querySelector('.ds-addon__amount')),
      textOf(card.querySelector('.ds-addon__unit')),
    ]);
    expect(addons, 'the add-on cards, against pages/_data/pricing.json').toEqual(
      pricing.addons.map((addon) => [addon.name, addon.price, addon.unit]),
    );
  });

  it('says above a package’s features which package it includes', () => {
    expect(packages.map((card) => textOf(card.querySelector('.ds-package__includes')))).toEqual(
      pricing.packages.map((pkg) => ('includes' in pkg ? `Everything in ${pkg.includes}, plus:` : '')),
    );
  });

  it('links to custom solutions and to /contact', () => {
    expect(hrefs('/pricing')).toEqual(expect.arrayContaining(['/pricing/custom', '/contact']));
  });

  it('answers the FAQs of faqs.json in native <details>, covering every FAQ claim', () => {
    expect(questions('/pricing'), 'against pages/_data/faqs.json "pricing"').toEqual(
      faqs.pricing.map((faq) => faq.question),
    );
    const text = textOf(main('/pricing').querySelector('.ds-faq'));
    for (const claim of [
      /no setup fees/i,
      /ad spend is separate/i,
      /6-month/,
      // The minimum retainer: the entry package's price, as pricing.json has it.
      new RegExp(`minimum retainer is \\${pricing.packages[0]!.price}`),
      /1-2 weeks/,
      /3-6 months/,
    ]) {
      expect(text).toMatch(claim);
    }
  });
});

describe('/case-studies', () => {
  it('has its stats, each case study of case-studies.json complete, and its testimonials', () => {
    expect(main('/case-studies').querySelectorAll('.ds-stats__item')).toHaveLength(4);
    const studies = all(main('/case-studies'), '.ds-case');
    expect(
      studies.map((study) => textOf(study.querySelector('h3'))),
      'the case studies, against pages/_data/case-studies.json',
    ).toEqual(caseStudies.map((study) => study.title));
    for (const study of studies) {
      const title = textOf(study.querySelector('h3'));
      const facts = all(study, '.ds-case__facts dt').map(textOf);
      expect(facts, title).toEqual(['Client', 'Location', 'Timeframe']);
      expect(
        all(study, '.ds-case__facts dd').every((fact) => textOf(fact) !== ''),
        title,
      ).toBe(true);
      expect(all(study, '.ds-case__label').map(textOf), title).toEqual(['Challenge', 'Solution']);
      const results = all(study, '.ds-case__result');
      expect(results.length, title).toBeGreaterThan(0);
      for (const result of results) {
        expect(textOf(result.querySelector('dd')), title).not.toBe('');
        expect(textOf(result.querySelector('dt')), title).not.toBe('');
      }
      expect(textOf(study.querySelector('blockquote')), title).not.toBe('');
      expect(study.querySelectorAll('.ds-tags__tag').length, title).toBeGreaterThan(0);
    }
    expect(quotes('/case-studies'), 'against pages/_data/testimonials.json "caseStudies"').toEqual(
      testimonials.caseStudies.map((testimonial) => testimonial.quote),
    );
  });
});

describe('/contact', () => {
  it('shows contact details with the hours, response time and contact details of site.json', () => {
    const text = textOf(main('/contact'));
    for (const field of ['hours', 'responseTime', 'phone', 'email', 'location'] as const) {
      expect(text, `pages/_data/site.json "${field}"`).toContain(site[field]);
    }
  });

  it('has a Prefer to Talk box with Call Now and Book a Call, placeholders or live', () => {
    const box = all(main('/contact'), 'section').find(
      (section) => textOf(section.querySelector('h2')) === 'Prefer to talk?',
    )!;
    const control = (name: string) => all(box, 'a, button').find((element) => textOf(element) === name);
    expect(actionOf(control('Call Now'))).toBe(expectedAction(actions.callNow));
    expect(actionOf(control('Book a Call'))).toBe(expectedAction(actions.bookCall));
    // Live, Call Now dials the number the page shows.
    if (actions.live) expect(actions.callNow).toBe(`tel:${site.phone.replace(/[^\d+]/g, '')}`);
    else expect(actions.bookCall).toBe('/contact/book-call');
  });

  it('has its testimonials and FAQs as testimonials.json and faqs.json hold them', () => {
    expect(quotes('/contact'), 'against pages/_data/testimonials.json "contact"').toEqual(
      testimonials.contact.map((testimonial) => testimonial.quote),
    );
    expect(questions('/contact'), 'against pages/_data/faqs.json "contact"').toEqual(
      faqs.contact.map((faq) => faq.question),
    );
  });
});

describe('the contact form', () => {
  const form = main('/contact').querySelector('form')!;
  const field = (id: string) => form.querySelector(`#${id}`)!;
  const labelOf = (id: string) => textOf(form.querySelector(`label[for="${id}"]`)).replace(' *', '');

  it('has the contact fields, each with a visible label and the right type', () => {
    expect(
      ['first-name', 'last-name', 'email', 'phone', 'investing-type', 'budget', 'challenge'].map(labelOf),
    ).toEqual([
      'First name',
      'Last name',
      'Email address',
      'Phone number',
      'Type of real estate investing',
      'Current monthly marketing budget',
      'Biggest marketing challenge',
    ]);
    expect(field('email').getAttribute('type')).toBe('email');
    expect(field('phone').getAttribute('type')).toBe('tel');
    expect(field('challenge').tagName).toBe('TEXTAREA');
    expect(field('challenge').getAttribute('rows')).toBe('4');
  });

  it('requires exactly first name, last name, email, phone and investing type (native validation only)', () => {
    const required = all(form, '[required]').map((element) => element.id);
    expect(required).toEqual(['first-name', 'last-name', 'email', 'phone', 'investing-type']);
    expect(form.hasAttribute('novalidate')).toBe(false);
  });

  it('offers the investing types and monthly budgets, each with an empty default', () => {
    const options = (id: string) => all(field(id), 'option').map((option) => option.getAttribute('value'));
    expect(options('investing-type')).toEqual([
      '',
      'wholesaling',
      'flipping',
      'rental',
      'commercial',
      'multiple',
      'other',
    ]);
    expect(textOf(field('investing-type').querySelector('option'))).toBe('Select your focus');
    expect(options('budget')).toEqual(['', 'under-1k', '1k-5k', '5k-10k', '10k-25k', '25k-plus']);
  });

  it('gives autofill its tokens', () => {
    expect(
      ['first-name', 'last-name', 'email', 'phone'].map((id) => field(id).getAttribute('autocomplete')),
    ).toEqual(['given-name', 'family-name', 'email', 'tel']);
  });

  // With a lead endpoint (site.json), the fields are named and POSTed: lead-delivery.test.ts.
  it.skipIf(site.leadEndpoint)(
    'cannot put personal data into a URL without JavaScript: no field has a name',
    () => {
      expect(all(form, 'input, select, textarea').filter((element) => element.hasAttribute('name'))).toEqual(
        [],
      );
      expect(form.getAttribute('action')).toBe('#contact-form-help');
      expect(pageFor('/contact').getElementById('contact-form-help')).not.toBeNull();
    },
  );

  // A package's button links to /contact?package=<name>, which chooses it (scripts/leads/package-choice.ts).
  it('asks which package, one option per package, exactly when the calls to action are live', () => {
    const choice = form.querySelector('select#package');
    expect(Boolean(choice), 'the package field').toBe(actions.live);
    if (!choice) return;
    expect(labelOf('package')).toBe('Package you are interested in');
    expect(all(choice, 'option').map((option) => option.getAttribute('value'))).toEqual([
      '',
      ...pricing.packages.map((pkg) => pkg.name),
    ]);
  });
});

describe('copy agrees with the offer', () => {
  // Every client gets at least the entry package (the first in pricing.json). A cadence of reports
  // or strategy calls that it does not include may only be promised together with the name of a
  // package that does: "weekly calls" alone would promise Starter clients what Scale includes.
  const [entryPackage, ...higherPackages] = pricing.packages;
  const CADENCES = [
    { name: 'weekly', pattern: /(?<!bi-)\bweekly\b|\bevery week\b/i },
    { name: 'bi-weekly', pattern: /\bbi-weekly\b|\bevery two weeks\b/i },
    { name: 'monthly', pattern: /\bmonthly\b|\bevery month\b/i },
  ];
  const SUBJECT = /\b(reports?|reporting|calls?)\b/i;
  const includes = (pkg: (typeof pricing.packages)[number], cadence: RegExp) =>
    pkg.features.some((feature) => cadence.test(feature));
  const beyondEntry = CADENCES.filter(({ pattern }) => entryPackage && !includes(entryPackage, pattern));

  it('knows which cadences only higher packages include', () => {
    expect(beyondEntry.map(({ name }) => name)).toEqual(['weekly', 'bi-weekly']);
  });

  it('no page promises reports or calls more often than the entry package, without naming a package', () => {
    const unqualified: string[] = [];
    for (const route of routes) {
      // The package cards are the offer itself; a table row is one claim (heading and cells).
      const blocks = all(main(route.path), 'p, li, tr').filter((element) => !element.closest('.ds-package'));
      for (const text of blocks.map(textOf).filter((block) => SUBJECT.test(block))) {
        for (const { name, pattern } of beyondEntry) {
          const packages = higherPackages.filter((pkg) => includes(pkg, pattern)).map((pkg) => pkg.name);
          const [phrase] = pattern.exec(text) ?? [];
          if (phrase && !packages.some((pkg) => text.includes(pkg))) {
            unqualified.push(
              `${route.path} promises "${phrase}" (${name}) in "${text}", written in ` +
                `${whereWritten(text, phrase)}. The rule: reports or calls more often than ` +
                `${entryPackage?.name}'s are promised only with a package that includes them ` +
                `(${packages.join(', ')}). Fix: name the package beside the promise.`,
            );
          }
        }
      }
    }
    expect(unqualified).toEqual([]);
  });
});

describe('facts restated in prose agree with the data', () => {
  // Prices live in pricing.json, the office hours and response time in site.json. Prose that
  // repeats them (an FAQ answer, a page's lede or description, the form's note) must agree, on
  // every page and in every route description.
  const texts = [
    ...routes.map((route) => [route.path, textOf(pageFor(route.path).body)] as const),
    ...routes.map((route) => [`${route.path} (description)`, route.description] as const),
  ];
  const mentions = (pattern: RegExp) =>
    texts.flatMap(([where, text]) =>
      [...text.matchAll(pattern)].map((match) => [where, match, text] as const),
    );
  /** Where a restated fact is written, from the page text it was found in. */
  const source = (where: string, match: RegExpMatchArray, text: string) =>
    where.endsWith('(description)') ? 'pages/_data/routes.json' : whereWritten(text, match[0]);

  it('quotes each package at its price', () => {
    const wrong: string[] = [];
    const AMOUNT = String.raw`\$\d{1,3}(?:,\d{3})*`;
    const names = pricing.packages.map((pkg) => pkg.name).join('|');
    for (const pkg of pricing.packages) {
      // "Starter $2,500", or "$2,500 per month, our Starter package": a price that follows no
      // package name, with no other price or package name before this one.
      const near = new RegExp(
        `\\b${pkg.name}\\W{1,3}(${AMOUNT})|(?<!(?:${names})\\W{1,3})(${AMOUNT})(?:(?!\\$|${names})[^.]){0,40}\\b${pkg.name}\\b`,
        'g',
      );
      for (const [where, match, text] of mentions(near)) {
        const amount = match[1] ?? match[2];
        if (amount !== pkg.price) {
          wrong.push(
            `${where}: "${match[0]}", written in ${source(where, match, text)}. The rule: prose ` +
              `quotes a package at its price in pages/_data/pricing.json (${pkg.name} is ${pkg.price}).`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    // The check sees the restatements it is for.
    expect(mentions(/minimum retainer is \$[\d,]+/g).length).toBeGreaterThan(0);
  });

  it('states the response time and the office hours as site.json does', () => {
    const [responseHours] = /\d+ hours/.exec(site.responseTime) ?? [];
    const [officeHours] = /\d+(?::\d\d)?[AP]M-\d+(?::\d\d)?[AP]M/.exec(site.hours) ?? [];
    expect(responseHours && officeHours).toBeTruthy();
    const responses = mentions(/within (\d+ hours)/g);
    const hours = mentions(/\d+(?::\d\d)?\s?[AP]M\s?[-–]\s?\d+(?::\d\d)?\s?[AP]M/g);
    expect(responses.length).toBeGreaterThan(1);
    expect(hours.length).toBeGreaterThan(0);
    const disagree = (
      found: typeof responses,
      expected: string | undefined,
      shown: (match: RegExpMatchArray) => string,
    ) =>
      found
        .filter(([, match]) => shown(match) !== expected)
        .map(
          ([where, match, text]) =>
            `${where}: "${match[0]}", written in ${source(where, match, text)}. The rule: prose ` +
            `states ${expected} as pages/_data/site.json does ("${site.responseTime}", "${site.hours}").`,
        );
    expect(disagree(responses, responseHours, (match) => match[1] ?? '')).toEqual([]);
    expect(disagree(hours, officeHours, (match) => match[0])).toEqual([]);
  });
});

describe('copy a prospect cannot catch out', () => {
  /**
   * Each block of text a visitor reads on every page (a paragraph, an item, a table row, a figure
   * with its label) and each route's description, with where it is shown.
   */
  const blocks = routes.flatMap((route) => [
    ...all(main(route.path), 'p, li, tr, .ds-stats__item, .ds-case__result, dd')
      // A block inside another is read with it (a figure's value with its label).
      .filter((element) => !element.parentElement?.closest('p, li, tr, .ds-stats__item, .ds-case__result'))
      // A table row's cells are read apart: "4-8 weeks | 1-2 weeks".
      .map((element) => ({
        where: route.path,
        text: element.matches('tr') ? [...element.children].map(textOf).join(' | ') : textOf(element),
      })),
    { where: `${route.path} (description)`, text: route.description },
  ]);
  const written = (where: string, text: string, phrase: string) =>
    where.endsWith('(description)') ? 'pages/_data/routes.json' : whereWritten(text, phrase);

  it('denies setup fees only for the packages while an add-on sells a setup', () => {
    const setupAddon = pricing.addons.find((addon) => /\bsetup\b/i.test(addon.name));
    expect(setupAddon, 'pricing.json sells a setup add-on: the rule has something to check').toBeDefined();
    const DENIAL = /\bno setup fees?\b|\bsetup fees?\b.{0,40}\bnone\b/i;
    const unscoped = blocks
      .filter(({ text }) => DENIAL.test(text) && !/\bpackages?\b/i.test(text))
      .map(
        ({ where, text }) =>
          `${where}: "${text}", written in ${written(where, text, DENIAL.exec(text)![0])}. The rule: ` +
          `while pricing.json sells "${setupAddon?.name}" (${setupAddon?.price} ${setupAddon?.unit}), ` +
          `"no setup fees" is said of the packages. Fix: "no setup fees on any package".`,
      );
    expect(unscoped).toEqual([]);
    // The rule sees the denials it is for.
    expect(blocks.filter(({ text }) => DENIAL.test(text)).length).toBeGreaterThan(2);
  });

  it('states every price with whether it is paid once or each month', () => {
    // A dollar amount (not a headline total such as "$50M+"), and the words that say how often it
    // is paid: "per page" alone does not ("$500 per page, one-time" does). A setup fee is paid once.
    const PRICE = /\$\d[\d,]*(?:\.\d\d)?(?![\d,.]*[MKB])/g;
    const UNIT =
      /\/month|\bper month\b|\ba month\b|\beach month\b|\bmonthly\b|\bone-time\b|\bonce\b|\bretainer\b|\bsetup fees?\b/i;
    const bare = blocks.flatMap(({ where, text }) =>
      text
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => PRICE.test(sentence) && !UNIT.test(sentence))
        .map(
          (sentence) =>
            `${where}: "${sentence}", written in ${written(where, text, sentence)}. The rule: a ` +
            `price says whether it is paid once or each month ("/month", "per month", ` +
            `"one-time"). Fix: add it (an add-on's goes in its "unit" in pages/_data/pricing.json: ` +
            `"per page, one-time").`,
        ),
    );
    expect(bare).toEqual([]);
    for (const addon of pricing.addons)
      expect(addon.unit, `pricing.json add-on "${addon.name}"`).toMatch(UNIT);
  });

  it('claims a cadence for a package only when the package includes it', () => {
    const CADENCES = [
      { name: 'weekly', pattern: /(?<!bi-)\bweekly\b|\bevery week\b/i },
      { name: 'bi-weekly', pattern: /\bbi-weekly\b|\bevery two weeks\b/i },
      { name: 'monthly', pattern: /\bmonthly\b|\bevery month\b/i },
    ];
    const byName = new Map(pricing.packages.map((pkg) => [pkg.name, pkg]));
    /** A package's features and those of the packages it includes. */
    const featuresOf = (name: string): string[] => {
      const pkg = byName.get(name);
      return pkg ? [...pkg.features, ...(pkg.includes ? featuresOf(pkg.includes) : [])] : [];
    };
    const names = [...byName.keys()].join('|');
    // "weekly on Scale", "strategy calls every two weeks on Growth", "Bi-weekly on Growth".
    const CLAIM = new RegExp(
      `(${CADENCES.map(({ pattern }) => pattern.source).join('|')})[^.;,]{0,40}?\\b(?:on|in|with) (${names})\\b`,
      'gi',
    );
    const wrong: string[] = [];
    for (const { where, text } of blocks) {
      for (const [claim, phrase, pkg] of text.matchAll(CLAIM)) {
        const cadence = CADENCES.find(({ pattern }) => pattern.test(phrase!))!;
        if (!featuresOf(pkg!).some((feature) => cadence.pattern.test(feature)))
          wrong.push(
            `${where}: "${claim}", written in ${written(where, text, claim)}. The rule: a cadence ` +
              `is claimed for a package whose features (or those of the package it includes) list ` +
              `it; ${pkg} lists no ${cadence.name} one in pages/_data/pricing.json.`,
          );
      }
    }
    expect(wrong).toEqual([]);
    // The rule sees the claims it is for.
    expect(blocks.filter(({ text }) => new RegExp(CLAIM.source, 'i').test(text)).length).toBeGreaterThan(1);
  });

  it('promises a response time only with the days it counts (business days)', () => {
    // Every text a visitor may read: the pages, the form's messages (<template>s), the descriptions.
    const texts = routes.flatMap((route) => [
      { where: route.path, text: textOf(pageFor(route.path).body) },
      ...all(pageFor(route.path), 'template').map((template) => ({
        where: `${route.path} (a message of the form)`,
        text: (template as HTMLTemplateElement).content.textContent.replace(/\s+/g, ' '),
      })),
      { where: `${route.path} (description)`, text: route.description },
    ]);
    const PROMISE =
      /\bwithin \d+ (?:hours|days)\b(?![^.;]{0,40}\b(?:business days?|Monday to Friday|Mon-Fri)\b)/gi;
    const bare = texts.flatMap(({ where, text }) =>
      [...text.matchAll(PROMISE)].map(
        ([promise]) =>
          `${where}: "${promise}" in "…${text.slice(Math.max(0, text.indexOf(promise) - 40), text.indexOf(promise) + 60)}…", ` +
          `written in ${written(where, text, promise)}. The rule: a response time says which days ` +
          `count ("within 24 hours on business days"): a Friday-evening lead is answered on Monday.`,
      ),
    );
    expect(bare).toEqual([]);
    // The rule sees the promises it is for (the lede, the details, the FAQ, the no-JS help).
    const promises = texts.flatMap(({ text }) => [...text.matchAll(/\bwithin \d+ hours\b/gi)]);
    expect(promises.length).toBeGreaterThan(2);
  });

  it('says where a higher package replaces a feature of the one it includes', () => {
    const byName = new Map(pricing.packages.map((pkg) => [pkg.name, pkg]));
    /** The features a package inherits: those of the package it includes, and of that one's. */
    const inherited = (name?: string): string[] => {
      const pkg = name ? byName.get(name) : undefined;
      return pkg ? [...pkg.features, ...inherited('includes' in pkg ? pkg.includes : undefined)] : [];
    };
    // What a feature is of: its last two words, singular ("3 landing pages": "landing page").
    const subject = (feature: string) =>
      feature
        .replace(/\s+(?:instead of|in place of)\b.*$/i, '')
        .toLowerCase()
        .split(/\s+/)
        .slice(-2)
        .map((word) => word.replace(/s$/, ''))
        .join(' ');
    const REPLACES = /\b(?:instead of|in place of)\b/i;
    const pairs = pricing.packages.flatMap((pkg) =>
      pkg.features.flatMap((feature) =>
        inherited('includes' in pkg ? pkg.includes : undefined)
          .filter((old) => subject(old) === subject(feature))
          .map((old) => ({ pkg: pkg.name, feature, old })),
      ),
    );
    const unsaid = pairs
      .filter(({ feature }) => !REPLACES.test(feature))
      .map(
        ({ pkg, feature, old }) =>
          `pages/_data/pricing.json, ${pkg}: "${feature}" replaces "${old}", which its card's ` +
          `"Everything in …, plus:" promises too. The rule: say it ("3 landing pages instead of 1").`,
      );
    expect(unsaid).toEqual([]);
    // The rule sees the replacements it is for.
    expect(pairs.length).toBeGreaterThan(1);
  });

  it('shows the results note next to every set of results: figures, case results, client quotes', () => {
    const RESULTS = '.ds-stats__item, .ds-case__result, .ds-quote';
    const missing = routes.flatMap((route) =>
      all(main(route.path), RESULTS)
        .map((result) => result.closest('section') ?? main(route.path))
        .filter((section, index, sections) => sections.indexOf(section) === index)
        .filter((section) => !all(section, 'p').some((p) => textOf(p) === site.resultsNote))
        .map(
          (section) =>
            `${route.path}: the section "${textOf(section.querySelector('h1, h2')) || 'without a heading'}" ` +
            `shows results without "${site.resultsNote}" (site.json "resultsNote"). The rule: ` +
            `figures, case results and client quotes are shown with it. Fix: include ` +
            `partials/content/results-note.html in that section (the stats and testimonials partials do).`,
        ),
    );
    expect(missing).toEqual([]);
    // The rule sees results on several pages.
    expect(routes.filter((route) => all(main(route.path), RESULTS).length > 0).length).toBeGreaterThan(3);
  });

  it('states a launch time only with its condition (landing pages and ad accounts in place)', () => {
    // The FAQ's own words: campaigns launch within 1-2 weeks "once landing pages and ad accounts
    // are in place". A launch time said without them is a promise the agency cannot keep alone.
    const LAUNCH_TIME = /\b\d+\s*[-–]\s*\d+\s+weeks?\b/i;
    const LAUNCH = /\blaunch|\blive\b/i;
    const CONDITION = /\blanding pages and ad accounts\b/i;
    const sentences = blocks.flatMap(({ where, text }) =>
      text.split(/(?<=[.!?])\s+/).map((sentence) => ({ where, text, sentence })),
    );
    const stated = sentences.filter(({ sentence }) => LAUNCH_TIME.test(sentence) && LAUNCH.test(sentence));
    const bare = stated
      .filter(({ sentence }) => !CONDITION.test(sentence))
      .map(
        ({ where, text, sentence }) =>
          `${where}: "${sentence}", written in ${written(where, text, LAUNCH_TIME.exec(sentence)![0])}. The rule: a ` +
          `launch time says what it waits for, as the FAQ does. Fix: "…, once landing pages and ad accounts are in place".`,
      );
    expect(bare).toEqual([]);
    // The rule sees the launch times it is for (home, /services, why-us, the FAQs).
    expect(stated.length).toBeGreaterThan(3);
  });

  it('quotes a client with the timeframe and figures of its own case study', () => {
    const NUMBERS: Record<string, number> = {
      one: 1,
      two: 2,
      three: 3,
      four: 4,
      five: 5,
      six: 6,
      seven: 7,
      eight: 8,
      nine: 9,
      ten: 10,
      eleven: 11,
      twelve: 12,
      eighteen: 18,
      ninety: 90,
    };
    /** "9 months", "nine months", "90 days" → days, roughly: what a reader compares. */
    const DURATION =
      /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|ninety)[\s-]+(day|week|month|year)s?\b/gi;
    const DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };
    const daysOf = (text: string) =>
      [...text.matchAll(DURATION)].map(
        ([, count, unit]) => (NUMBERS[count!.toLowerCase()] ?? Number(count)) * DAYS[unit!.toLowerCase()]!,
      );
    const percents = (text: string) => [...text.matchAll(/(\d+)\s*%/g)].map(([, value]) => Number(value));
    const quotesOfClients = Object.entries(testimonials)
      .filter(([key]) => key !== '$schema')
      .flatMap(([set, list]) =>
        (list as { quote: string; role: string; name: string }[]).map((quote) => ({ set, ...quote })),
      )
      .flatMap((quote) => {
        const study = caseStudies.find((candidate) => quote.role.includes(candidate.client));
        return study ? [{ quote, study }] : [];
      });
    const differ = quotesOfClients.flatMap(({ quote, study }) => {
      const where = `testimonials.json ${quote.set} (${quote.name}, ${study.client})`;
      const own = daysOf(study.timeframe);
      const metrics = study.results.map((result) => Math.abs(Number.parseFloat(result.metric)));
      return [
        ...daysOf(quote.quote)
          .filter((days) => !own.includes(days))
          .map(
            () =>
              `${where}: the quote states a timeframe other than its case study's ("${study.timeframe}").`,
          ),
        ...percents(quote.quote)
          .filter((value) => !metrics.includes(value))
          .map((value) => `${where}: the quote states ${value}%, which its case study's results do not.`),
      ].map(
        (problem) =>
          `${problem} The rule: a client says what its case study in pages/_data/case-studies.json shows. ` +
          'Fix: the quote or the study, so that both tell one story.',
      );
    });
    expect(differ).toEqual([]);
    // The rule sees a client who has a case study and a quote.
    expect(quotesOfClients.length).toBeGreaterThan(0);
  });

  it('calls the agency by one name, site.json’s, on every page and in its structured data', () => {
    const OTHER = new RegExp(
      `\\b${site.name}\\s+(?:Marketing|Agency|Media|Digital|Group|LLC|Inc|Co)\\b`,
      'g',
    );
    // By name, with the pages it is on: a name from a shared partial is on every page.
    const pagesOf = new Map<string, string[]>();
    let shownIn = '';
    for (const route of routes) {
      const document = pageFor(route.path);
      const data = all(document, 'script[type="application/ld+json"]').map((script) => script.textContent);
      const text = [textOf(document.body), document.title, ...data].join(' ');
      for (const [name] of text.matchAll(OTHER)) {
        pagesOf.set(name, [...(pagesOf.get(name) ?? []), route.path]);
        shownIn ||= textOf(document.body);
      }
    }
    const found = [...pagesOf].map(
      ([name, paths]) =>
        `"${name}" on ${paths.length} page(s) (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}), ` +
        `written in ${whereWritten(shownIn, name)} (or a partial that adds a word to {{ site.name }}). ` +
        `The rule: the agency is "${site.name}" (site.json "name") everywhere, in its structured data too.`,
    );
    expect(found).toEqual([]);
    expect(Object.keys(site)).not.toContain('fullName');
  });
});
