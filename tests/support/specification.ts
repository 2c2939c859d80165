/**
 * What the specification fixes, as pages/_data/specification.json records it: each figure and
 * text the product must show. The other build-output tests check each page against the data (as
 * many cards as team.json has members, each price as pricing.json says); specification.test.ts
 * checks the data and the pages against this record.
 *
 * An edit that changes one of these on purpose (a new price, a seventh team member) fails with the
 * figure, the file it came from and the line of specification.json to update. README "Recipes"
 * says which recipe changes which figure; the record lives beside the data, so a recipe never
 * needs a change under tests/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateJSONCodeHighlights } from '@parcel/diagnostic';
import { SITE_ROOT } from '../../scripts/build/repo-root.cjs';

export const SPECIFICATION_FILE = 'pages/_data/specification.json';

type Pair = [string, string];
export interface Specification {
  routes: { content: number; placeholder: number };
  teamMembers: number;
  faqs: { pricing: number; contact: number };
  packages: Pair[];
  popularPackage: string;
  addons: Pair[];
  caseStudies: number;
  testimonials: Record<string, number>;
  stats: Record<string, string>;
  hours: string;
  responseTime: string;
  location: string;
  socialProfiles: string[];
  comparisonRows: number;
  parts: Record<string, number>;
  timeline: string[];
  sections: Record<string, string[]>;
  header: Record<string, string[]>;
  footerLinks: string[];
}

export type Figure = keyof Specification;

/** The record of a site (the project's, a copy's or a fixture's: its root), without its "$schema" note. */
export function readSpecification(root = SITE_ROOT): Specification {
  const record = JSON.parse(readFileSync(path.join(root, SPECIFICATION_FILE), 'utf8')) as Specification & {
    $schema?: string;
  };
  delete record.$schema;
  return record;
}

export const SPECIFICATION = readSpecification();

/** A data file of a site's pages/_data, read as it is now. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the file's shape
export const readData = <T>(name: string, root = SITE_ROOT): T =>
  JSON.parse(readFileSync(path.join(root, 'pages/_data', `${name}.json`), 'utf8')) as T;

interface Package {
  name: string;
  price: string;
  popular?: boolean;
}

/**
 * The figures of the record that the data files alone hold, as a tree's data has them now: what
 * the record must say for the data to pass. A recipe that changes one trips it.
 */
export function figuresOfData(root = SITE_ROOT): Partial<Specification> {
  const routes = readData<{ template: string }[]>('routes', root);
  const faqs = readData<Record<string, unknown[]>>('faqs', root);
  const pricing = readData<{ packages: Package[]; addons: Package[] }>('pricing', root);
  const testimonials = readData<Record<string, unknown[]>>('testimonials', root);
  const stats = readData<Record<string, { value: string }>>('stats', root);
  const site = readData<Record<string, string> & { social: { name: string }[] }>('site', root);
  const { header, footer, legal } = readData<{
    header: { path: string; children?: string[] }[];
    footer: { links: string[] }[];
    legal: string[];
  }>('navigation', root);
  const linked = new Set([...footer.flatMap((column) => column.links), ...legal]);
  const record = readSpecification(root);
  return {
    routes: {
      content: routes.filter((route) => route.template === 'content').length,
      placeholder: routes.filter((route) => route.template === 'placeholder').length,
    },
    teamMembers: readData<unknown[]>('team', root).length,
    faqs: { pricing: faqs.pricing?.length ?? 0, contact: faqs.contact?.length ?? 0 },
    packages: pricing.packages.map((pkg): Pair => [pkg.name, pkg.price]),
    popularPackage: pricing.packages
      .filter((pkg) => pkg.popular)
      .map((pkg) => pkg.name)
      .join(', '),
    addons: pricing.addons.map((addon): Pair => [addon.name, addon.price]),
    caseStudies: readData<unknown[]>('case-studies', root).length,
    testimonials: Object.fromEntries(
      Object.keys(record.testimonials).map((set) => [set, testimonials[set]?.length ?? 0]),
    ),
    stats: Object.fromEntries(Object.keys(record.stats).map((key) => [key, stats[key]?.value ?? ''])),
    hours: site.hours!,
    responseTime: site.responseTime!,
    location: site.location!,
    socialProfiles: site.social.map((profile) => profile.name),
    header: Object.fromEntries(header.map((item) => [item.path, item.children ?? []])),
    // The record's footer links that the footer carries: a missing one trips the figure.
    footerLinks: record.footerLinks.filter((link) => linked.has(link)),
  };
}

/** Where a figure is recorded: "pages/_data/specification.json:7". */
function pinnedAt(figure: Figure): string {
  const text = readFileSync(path.join(SITE_ROOT, SPECIFICATION_FILE), 'utf8');
  const [highlight] = generateJSONCodeHighlights(text, [{ key: `/${figure}`, type: 'key' }]);
  return `${SPECIFICATION_FILE}:${highlight?.start.line ?? 1}`;
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
