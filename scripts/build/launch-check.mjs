/**
 * `npm run launch-check`: what must change before the site goes live. This build is meant to
 * carry placeholders (the specification asks for {phone} and {email}) and sample content (the
 * case studies, testimonials, team and founder story are invented), so this is not part of
 * `npm test`; it exits non-zero while any of them remain, and says how to fix each.
 *
 *   node scripts/build/launch-check.mjs [root]   (root: the project folder, default this one)
 *
 * Sample content is marked where it is edited: `"sample": true` on an item of a data file in
 * pages/_data/ (a case study, a testimonial, a member, a headline figure of stats.json), or a
 * `<!-- sample: what -->` comment in a page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'),
);
const DATA = path.join(ROOT, 'pages/_data');

/** The values this build ships with that stand for the agency's own (site.json). */
const SAMPLE_SITE = {
  name: (value) => value === 'DealStream',
  url: (value) => new URL(value).hostname.endsWith('.example'),
  email: (value) => value === '{email}',
  phone: (value) => value === '{phone}',
};

const relative = (file) => path.relative(ROOT, file).split(path.sep).join('/');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** A readable name for a data item: its name, title or client, a figure's value and label, or its position. */
const itemName = (item, where) =>
  item.name ??
  item.title ??
  item.client ??
  item.quote?.slice(0, 40) ??
  (item.value && item.label ? `${item.value} ${item.label}` : where);

/** Every `"sample": true` item in a data file, with its JSON path. */
function sampleItems(value, where = '') {
  if (Array.isArray(value)) return value.flatMap((item, index) => sampleItems(item, `${where}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  // Anything but true or false (a typo such as "true") is reported too: better a false alarm.
  if ('sample' in value && value.sample !== false) return [{ where, name: itemName(value, where) }];
  return Object.entries(value).flatMap(([key, item]) => sampleItems(item, `${where}.${key}`));
}

function* htmlFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** Everything still to change, each with where it is and how to fix it. */
export function launchBlockers(root = ROOT) {
  const data = path.join(root, 'pages/_data');
  const blockers = [];
  const rel = (file) => path.relative(root, file).split(path.sep).join('/');

  for (const name of readdirSync(data)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const file = path.join(data, name);
    for (const item of sampleItems(readJson(file))) {
      blockers.push({
        what: `Sample content: "${item.name}"`,
        where: `${rel(file)} ${item.where.replace(/^\./, '')}`,
        fix: 'Replace it with the agency’s own (real names, figures and quotes, with the client’s consent), then delete its "sample": true.',
      });
    }
  }
  for (const file of htmlFiles(path.join(root, 'pages'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const marker = /<!--\s*sample:\s*(.*?)\s*-->/.exec(line);
      if (marker) {
        blockers.push({
          what: `Sample content: ${marker[1]}`,
          where: `${rel(file)}:${index + 1}`,
          fix: 'Replace the marked copy with the agency’s own, then delete the <!-- sample: … --> comment.',
        });
      }
    });
  }

  const siteFile = path.join(data, 'site.json');
  const site = readJson(siteFile);
  for (const [field, isSample] of Object.entries(SAMPLE_SITE)) {
    if (isSample(site[field])) {
      blockers.push({
        what: `Placeholder ${field}: ${JSON.stringify(site[field])}`,
        where: `${rel(siteFile)} "${field}"`,
        fix:
          field === 'url'
            ? 'Set the production address (https://…): canonical links, the sitemap and structured data use it.'
            : field === 'name'
              ? 'Set the agency’s own name ("DealStream" is a sample, and the name of an existing business). Renaming changes every page: re-take the visual references.'
              : `Set the agency’s real ${field === 'email' ? 'e-mail address' : 'phone number'}; every page shows it.`,
      });
    }
  }
  if (!site.leadEndpoint) {
    blockers.push({
      what: 'No lead endpoint: contact-form submissions are answered on the page but sent nowhere',
      where: `${rel(siteFile)} "leadEndpoint"`,
      fix: 'Set it to the form service or API that receives leads (README "Lead delivery"), or accept that the form only shows the placeholder message.',
    });
  }
  return blockers;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const blockers = launchBlockers(ROOT);
  if (blockers.length === 0) {
    console.log(`Launch check: nothing left to replace in ${relative(DATA)} or the pages.`);
  } else {
    console.error(`Launch check: ${blockers.length} thing(s) to change before the site goes live.\n`);
    for (const { what, where, fix } of blockers)
      console.error(`- ${what}\n  where: ${where}\n  fix:   ${fix}\n`);
    process.exit(1);
  }
}
