/**
 * What the specification fixes, in one place: each figure and text the product must show, beside
 * the file where a maintainer changes it. The other build-output tests check each page against
 * the data (as many cards as team.json has members, each price as pricing.json says); this file,
 * through specification.test.ts, checks the data and the pages against the specification.
 *
 * An edit that changes one of these on purpose (a new price, a seventh team member) fails with
 * the figure, the file it came from and the line here to update; update it, and say so in the
 * commit. README "Recipes" says which recipe changes which.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/build/repo-root.cjs';

export const SPECIFICATION = {
  /** pages/_data/routes.json: every route, content pages and under-construction ones. */
  routes: { content: 9, placeholder: 40 },
  /** pages/_data/team.json */
  teamMembers: 6,
  /** pages/_data/faqs.json, by the set each page shows. */
  faqs: { pricing: 6, contact: 6 },
  /** pages/_data/pricing.json: name, price (per month), in order; the popular one. */
  packages: [
    ['Starter', '$2,500'],
    ['Growth', '$5,000'],
    ['Scale', '$10,000'],
  ],
  popularPackage: 'Growth',
  /** pages/_data/pricing.json */
  addons: [
    ['Additional landing pages', '$500'],
    ['Video marketing package', '$2,000'],
    ['Advanced analytics setup', '$1,000'],
    ['Social media management', '$1,500'],
  ],
  /** pages/_data/case-studies.json */
  caseStudies: 4,
  /** pages/_data/testimonials.json, by the set each page shows. */
  testimonials: { whyUs: 1, contact: 1, caseStudies: 3 },
  /** pages/_data/stats.json: the marketing claims. */
  stats: { investors: '500+', leads: '2.5M+', deals: '$50M+', roi: '150%', retention: '98%' },
  /** pages/_data/site.json */
  hours: 'Mon-Fri 9AM-6PM EST',
  responseTime: 'Response within 24 hours',
  location: 'DMV Area, United States',
  /** pages/about-us/why-us.html: the comparison table's rows. */
  comparisonRows: 6,
  /** How many of each part a page shows, in its own file (pages/…). */
  parts: {
    'home feature cards': 3,
    'about-us values': 4,
    'why-us differentiators': 4,
    'why-us result metrics': 4,
    'service categories': 4,
    'process steps': 4,
    'case-studies stats': 4,
    'contact form fields': 7,
    'footer columns': 4,
  } as Record<string, number>,
  /** pages/about-us/our-story.html: the timeline's years. */
  timeline: ['2018', '2020', '2022', '2024'],
  /**
   * The sections each content page must have (its h2 headings), in this order; a page may have
   * more. In each page's own file.
   */
  sections: {
    '/': ['Marketing built for real estate investors', 'Your growth partner, not just another vendor'],
    '/about-us': [
      'We started where you are',
      'What we stand for',
      'Marketers who understand deals',
      'No learning curve on your dime',
      'Ready to grow your investing business?',
    ],
    '/about-us/our-story': [
      'It started with an empty pipeline',
      'Four milestones',
      'Traditional agencies vs. DealStream',
      'Every investor deserves a marketing team that gets it',
      'Write the next chapter with us',
    ],
    '/about-us/team': [
      'The specialists behind our campaigns',
      'What makes our team different',
      'Join our team',
    ],
    '/about-us/why-us': [
      'What sets us apart',
      'DealStream vs. traditional agencies',
      'Results that speak for themselves',
      'What our clients say',
      'The bottom line',
    ],
    '/services': ['Our services', 'Our process', 'Not sure where to start?'],
    '/pricing': [
      'Choose your growth plan',
      'Add what your market needs',
      'Need something different?',
      'Frequently asked questions',
      'Ready to get started?',
    ],
    '/case-studies': [
      'Results at a glance',
      'Client success stories',
      'What our clients say',
      'Your market could be next',
    ],
    '/contact': [
      'Tell us about your business',
      'Contact details',
      'Prefer to talk?',
      'What our clients say',
      'Frequently asked questions',
    ],
  } as Record<string, string[]>,
  /** pages/_data/navigation.json: the header's sections and their sub-pages. */
  header: {
    '/about-us': ['/about-us/our-story', '/about-us/team', '/about-us/why-us'],
    '/services': [
      '/services/investor-marketing',
      '/services/branding-websites',
      '/services/social-video',
      '/services/advanced-advertising',
    ],
    '/who-we-serve': ['/who-we-serve/investors', '/who-we-serve/professionals', '/who-we-serve/reia'],
    '/pricing': ['/pricing/retainers', '/pricing/custom'],
    '/case-studies': [],
    '/blog': [],
    '/careers': [],
    '/contact': [],
  } as Record<string, string[]>,
  /** pages/_data/navigation.json: links the footer must carry besides its columns' own. */
  footerLinks: [
    '/services/investor-marketing/seo',
    '/services/investor-marketing/paid-ads',
    '/who-we-serve/investors/wholesalers',
    '/who-we-serve/investors/flippers',
    '/who-we-serve/investors/landlords',
    '/privacy-policy',
    '/terms-of-service',
  ],
};

export type Figure = keyof typeof SPECIFICATION;

/** Where a figure is pinned: "tests/build/specification.ts:21". */
export function pinnedAt(figure: Figure): string {
  const file = 'tests/build/specification.ts';
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const line = lines.findIndex((text) => text.startsWith(`  ${figure}:`)) + 1;
  return `${file}:${line}`;
}

/**
 * The message of a figure that differs from the specification: which figure, what the data or
 * page says, where that is changed, and the line to update if the change was meant.
 */
export function differs(figure: Figure, source: string, found: unknown): string {
  return (
    `The specification's ${figure} is ${JSON.stringify(SPECIFICATION[figure])}; ${source} has ` +
    `${JSON.stringify(found)}. If that change was meant, update "${figure}" at ${pinnedAt(figure)}; ` +
    `if not, correct ${source}.`
  );
}
