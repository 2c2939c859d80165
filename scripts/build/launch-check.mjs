/**
 * `npm run launch-check`: what must change before the site goes live. This build is meant to
 * carry placeholders (the specification asks for {phone} and {email}) and sample content (the
 * case studies, testimonials, team and founder story are invented), so this is not part of
 * `npm test`; it exits non-zero while any of them remain, and says how to fix each.
 *
 *   node scripts/build/launch-check.mjs [root]   (root: a site's folder, default the site root the
 *                                                build reads: SITE_ROOT, or this project)
 *
 * Sample content is marked where it is edited: `"sample": true` on an item of a data file in
 * pages/_data/ (a case study, a testimonial, a member, a headline figure of stats.json), or a
 * `<!-- sample: what -->` comment in a page. The specification's placeholders a visitor would meet
 * are listed too: the legal pages under construction while the form collects personal data, Book a
 * Call's page, each control that shows the placeholder toast, and the careers links.
 *
 * `npm run release` runs it, and builds only when it passes: the one way to build for a host.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const require = createRequire(import.meta.url);
const { ROOT: PROJECT, SITE_ROOT } = require('./repo-root.cjs');
const { buildDay, isPublishedOn, isTimeZone } = require('./site-time.cjs');
// The site `npm run release` is about to build (repo-root.cjs), unless a folder is named.
const ROOT = path.resolve(process.argv[2] ?? SITE_ROOT);
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

/** A site's partials/: its own, or, for a site root without one, the project's (repo-root.cjs). */
const partialsOf = (root) =>
  existsSync(path.join(root, 'partials')) ? path.join(root, 'partials') : path.join(PROJECT, 'partials');

function* htmlFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** Everything still to change, each with where it is and how to fix it. */
export function launchBlockers(root = ROOT, env = process.env) {
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
  if (/^http:\/\//.test(site.leadEndpoint ?? '')) {
    blockers.push({
      what: `The lead endpoint ${site.leadEndpoint} is on this computer, over plain HTTP: no visitor's lead would reach it`,
      where: `${rel(siteFile)} "leadEndpoint"`,
      fix: 'Set the form service’s https:// address, or a path of this site (/api/leads) (README "Lead delivery").',
    });
  }
  blockers.push(...placeholderBlockers(root, site));
  blockers.push(...unfinishedPageBlockers(root, site, env));
  blockers.push(...socialBlockers(root, site));
  blockers.push(...phoneBlockers(root, site));
  blockers.push(...comparisonBlockers(root));
  blockers.push(...signInBlockers(root, env));
  blockers.push(...leadReceiverBlockers(root, site, env));
  return blockers;
}

/** The site's own receiver of leads (scripts/cloudflare/lead-receiver.js): the path that turns it on. */
const RECEIVER_PATH = '/api/leads';

/**
 * What the site's own lead receiver lacks on Cloudflare Pages while leadEndpoint is its path: its
 * D1 database (lead-receiver.json), and, from the names of the project's secrets (PAGES_SETTINGS,
 * as for the sign-in), an alert to the agency and the inbox's Cloudflare Access team.
 */
function leadReceiverBlockers(root, site, env) {
  if (site.leadEndpoint !== RECEIVER_PATH) return [];
  const file = 'pages/_data/lead-receiver.json';
  const receiver = readJson(path.join(root, file));
  const blockers = [];
  if (!receiver.databaseId) {
    blockers.push({
      what: 'The lead receiver has no D1 database: its leads would be stored nowhere',
      where: `${file} "databaseId"`,
      fix:
        'Create it (npx wrangler d1 create leads), put the id it prints here, build, and apply the schema from ' +
        'hosting/cloudflare (npx wrangler d1 migrations apply LEADS --remote) (README "Lead delivery").',
    });
  }
  if (env.PAGES_SETTINGS === undefined) return blockers;
  const settings = new Set(env.PAGES_SETTINGS.split(/[\s,]+/).filter(Boolean));
  const where = 'the Cloudflare Pages project → Settings → Variables and Secrets (Production)';
  const email = settings.has('LEAD_ALERT_FROM') && settings.has('LEAD_ALERT_TO');
  if (!email && !settings.has('LEAD_WEBHOOK_URL')) {
    blockers.push({
      what: 'The lead receiver alerts no one: a lead would wait in the inbox until someone looks',
      where,
      fix:
        'Add LEAD_ALERT_FROM and LEAD_ALERT_TO (an address of your domain with Email Routing on, and a verified ' +
        'destination), and/or LEAD_WEBHOOK_URL with LEAD_WEBHOOK_SECRET for a CRM, Slack or Zapier (README "Lead delivery").',
    });
  }
  if (settings.has('LEAD_WEBHOOK_URL') && !settings.has('LEAD_WEBHOOK_SECRET')) {
    blockers.push({
      what: 'The lead webhook has no LEAD_WEBHOOK_SECRET: its calls are signed with an empty key, which anyone can forge',
      where,
      fix: 'Add LEAD_WEBHOOK_SECRET, encrypted (openssl rand -base64 32), and check X-Lead-Signature with it at the webhook (docs/leads.md).',
    });
  }
  if (receiver.turnstileSiteKey && !settings.has('TURNSTILE_SECRET_KEY')) {
    blockers.push({
      what: 'Cloudflare Turnstile has a site key but no TURNSTILE_SECRET_KEY: the receiver would refuse every lead',
      where,
      fix: "Add TURNSTILE_SECRET_KEY, encrypted: the widget's secret key, beside its site key in the Turnstile dashboard; or empty turnstileSiteKey in pages/_data/lead-receiver.json.",
    });
  }
  for (const name of ['ACCESS_TEAM_DOMAIN', 'ACCESS_AUD'].filter((setting) => !settings.has(setting))) {
    blockers.push({
      what: `The inbox at /admin/leads has no ${name}: it refuses everyone`,
      where,
      fix:
        'Put /admin/leads behind a Cloudflare Access application, then add ACCESS_TEAM_DOMAIN ' +
        '(https://<team>.cloudflareaccess.com) and ACCESS_AUD (the application\'s audience tag) (README "Lead delivery").',
    });
  }
  return blockers;
}

/**
 * The routes a page under construction is reached from that other blockers already name: the
 * legal pages, Book a Call and the careers pages have blockers of their own (above).
 */
const NAMED_ELSEWHERE = /^\/(privacy-policy|terms-of-service|contact\/book-call|careers)(\/|$)/;

/**
 * Every page under construction that visitors reach from a menu or a content page: each route of
 * routes.json with "template": "placeholder" that the navigation, a page or a partial links to (a
 * quoted path, an href, or the sub-pages a partial lists with `routesUnder[path]` for an include
 * that passes that path), with the first places it is linked from.
 */
function unfinishedPageBlockers(root, site, env) {
  const listings = blogListingsWithPosts(root, site, env);
  const underConstruction = [...placeholderRoutes(root)].filter(
    (route) => !NAMED_ELSEWHERE.test(route) && !listings.has(route),
  );
  const listsSubPages = [...htmlFiles(partialsOf(root))].some((file) =>
    readFileSync(file, 'utf8').includes('routesUnder[path]'),
  );
  const linkedFrom = new Map();
  for (const { file, text, line, offset, where } of sourceLines(root)) {
    // A comment (a partial's declaration of its locals, with an example path) links nowhere.
    if (
      [...text.matchAll(/<!--[\s\S]*?-->/g)].some(
        (comment) => offset >= comment.index && offset < comment.index + comment[0].length,
      )
    )
      continue;
    // The blog's own partials (post-list, post-card, post) are shown only once the blog has posts.
    if (/partials\/content\/post[^/]*\.html$/.test(file)) continue;
    const passed =
      listsSubPages && file.endsWith('.html') ? /"path":\s*"([^"]+)"/.exec(line)?.[1] : undefined;
    for (const route of underConstruction) {
      if (file === path.join(root, 'pages', `${route}.html`)) continue;
      const linked =
        line.includes(`"${route}"`) ||
        line.includes(`href="${route}"`) ||
        (passed !== undefined && route.startsWith(`${passed}/`));
      if (linked) linkedFrom.set(route, [...(linkedFrom.get(route) ?? []), where]);
    }
  }
  return [...linkedFrom].map(([route, places]) => ({
    what: `Visitors reach ${route}, a page under construction, from ${places.slice(0, 3).join(', ')}${places.length > 3 ? ` and ${places.length - 3} more` : ''}`,
    where: routeEntry(root, route),
    fix:
      `Write the page (pages${route}.html, its route's "template": "content" in pages/_data/routes.json), ` +
      'or remove the links to it until it is written (the menus are pages/_data/navigation.json).',
  }));
}

/**
 * The blog's listings that have a published post, and so are no longer under construction (the
 * build makes them listings): /blog once any post is out, a category once one of its posts is.
 * Read from the posts' front matter by the build's own rule (isPublishedOn), on the build's day
 * (in the site's time zone, or BUILD_DAY: site-time.cjs). A post whose front matter does not
 * parse is left out: the build stops on it, with its line and fix.
 */
function blogListingsWithPosts(root, site, env) {
  const folder = path.join(root, 'pages/_posts');
  // A time zone the build refuses stops the build, with its fix: here, the day in UTC.
  const today = buildDay(isTimeZone(site.timeZone) ? site.timeZone : 'UTC', env);
  const listings = new Set();
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    if (!/\.(md|markdown)$/.test(name)) continue;
    const source = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(folder, name), 'utf8'))?.[1] ?? '';
    // YAML's core schema, as the build reads it: dates stay text.
    const document = YAML.parseDocument(source, { schema: 'core' });
    const front = document.errors.length === 0 ? (document.toJS() ?? {}) : {};
    if (!isPublishedOn(front, today)) continue;
    listings.add('/blog');
    if (typeof front.category === 'string') listings.add(`/blog/${front.category}`);
  }
  return listings;
}

/**
 * Every social icon that leads nowhere: the footer's (site.json "social", an entry without "url")
 * and each team member's (team.json, a member without "social", who shows the specification's
 * placeholder LinkedIn and Twitter icons).
 */
function socialBlockers(root, site) {
  const blockers = [];
  const nowhere = site.social.filter((profile) => !profile.url).map((profile) => profile.name);
  if (nowhere.length > 0) {
    blockers.push({
      what: `The footer's ${nowhere.join(', ')} icon${nowhere.length > 1 ? 's lead' : ' leads'} nowhere: no address`,
      where: 'pages/_data/site.json "social"',
      fix: 'Give each the address of the agency\'s profile ("url": "https://www.linkedin.com/company/…"), or remove the networks the agency is not on.',
    });
  }
  const members = readJson(path.join(root, 'pages/_data/team.json')).filter(
    (member) => !('social' in member),
  );
  if (members.length > 0) {
    blockers.push({
      what: `${members.length * 2} social icons on the team page lead nowhere: ${members.map((member) => member.name).join(', ')} show LinkedIn and Twitter without an address`,
      where: 'pages/_data/team.json',
      fix: 'Give each member their own profiles, "social": [{ "name": "LinkedIn", "url": "https://www.linkedin.com/in/…" }] (the icons then link there), or "social": [] to show none.',
    });
  }
  return blockers;
}

/**
 * A phone number visitors cannot call: one in the range the North American numbering plan keeps
 * for fiction and examples (555-0100 to 555-0199, as in "+1 202 555 0147"), whatever its area code.
 */
function phoneBlockers(root, site) {
  const digits = site.phone.replace(/\D/g, '');
  if (!/^1?\d{3}55501\d\d$/.test(digits)) return [];
  return [
    {
      what: `The phone number ${site.phone} is a fictional one (555-01xx is kept for examples): Call Now and every page show it`,
      where: 'pages/_data/site.json "phone"',
      fix: 'Set the agency’s real number, as visitors dial it.',
    },
  ];
}

/**
 * A sentence that says what other agencies do: "Generic agencies sell traffic", "traditional
 * agencies report clicks". Each is a claim about competitors a prospect may check.
 */
const COMPARISON =
  /\b(?:generic|traditional|other|typical|most)\s+(?:marketing\s+)?agenc(?:y|ies)\b[^.<"]{0,40}?\b(?:sells?|learns?|reports?|charges?|uses?|takes?|bundles?|locks?|don't|do not|can't|cannot|fail(?:s|ed)?|ignores?|treats?|chases?|sends?)\b/i;

/**
 * Every comparison with other agencies that names no source, outside what a `<!-- sample: … -->`
 * comment already lists (a whole comparison marked as sample content). A source is a
 * `<!-- source: … -->` comment on the claim's line or the line before it.
 */
function comparisonBlockers(root) {
  const blockers = [];
  for (const { text, line, where } of [...sourceLines(root), ...dataLines(root)]) {
    const sample = /<!--\s*sample:[^>]*other agencies/.test(text);
    if (sample || !COMPARISON.test(line)) continue;
    const lines = text.split('\n');
    const index = lines.indexOf(line);
    if (/<!--\s*source:/.test(line) || /<!--\s*source:/.test(lines[index - 1] ?? '')) continue;
    blockers.push({
      what: `A claim about other agencies without a source: "${COMPARISON.exec(line)[0]}…"`,
      where,
      fix: `Give its source in a <!-- source: … --> comment beside it (a study, a survey, a public price list), or reword it as what the agency itself does.`,
    });
  }
  return blockers;
}

/** The Pages project's settings "Sign in with GitHub" needs, besides the OAuth app's id. */
const SIGN_IN_SECRETS = ['GITHUB_CLIENT_SECRET', 'SIGN_IN_STATE_SECRET'];

/**
 * The secrets "Sign in with GitHub" lacks on this site's Cloudflare Pages project, when it is set
 * up there (the project names the OAuth app's id or secret, and the editor signs in on this site:
 * editor.json names no signInOrigin). The project's settings are never in the repository: the
 * deploy workflow lists the names of its secrets (wrangler pages secret list) in PAGES_SETTINGS;
 * without that list, nothing is said. Without SIGN_IN_STATE_SECRET every sign-in is refused.
 */
function signInBlockers(root, env) {
  if (env.PAGES_SETTINGS === undefined) return [];
  const settings = new Set(env.PAGES_SETTINGS.split(/[\s,]+/).filter(Boolean));
  const editorFile = path.join(root, 'pages/_data/editor.json');
  const editor = readJson(editorFile);
  const setUp = settings.has('GITHUB_CLIENT_ID') || settings.has('GITHUB_CLIENT_SECRET');
  if (!setUp || editor.signInOrigin) return [];
  return SIGN_IN_SECRETS.filter((name) => !settings.has(name)).map((name) => ({
    what: `Sign in with GitHub is set up on the Cloudflare Pages project, but ${name} is not set: every sign-in is refused`,
    where: 'the Cloudflare Pages project → Settings → Variables and Secrets (Production)',
    fix:
      name === 'SIGN_IN_STATE_SECRET'
        ? 'Add SIGN_IN_STATE_SECRET, encrypted: a random value of 32 bytes or more (openssl rand -base64 32). It signs each sign-in\'s state; change it to cut short every sign-in under way (README "Edit in the browser").'
        : 'Add GITHUB_CLIENT_SECRET, encrypted: the OAuth app\'s client secret (README "Edit in the browser").',
  }));
}

/** Each line of the tree's pages, partials and navigation, with where it is. */
function* sourceLines(root) {
  const files = [
    ...htmlFiles(path.join(root, 'pages')),
    ...htmlFiles(partialsOf(root)),
    path.join(root, 'pages/_data/navigation.json'),
  ];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    let offset = 0;
    for (const [index, line] of text.split('\n').entries()) {
      yield {
        file,
        text,
        line,
        offset,
        // The project's partials, under a site root without its own, are named from the project.
        where: `${path
          .relative(file.startsWith(root + path.sep) ? root : PROJECT, file)
          .split(path.sep)
          .join('/')}:${index + 1}`,
      };
      offset += line.length + 1;
    }
  }
}

/** Each line of the data files a page shows (not specification.json, which only the tests read). */
function* dataLines(root) {
  const folder = path.join(root, 'pages/_data');
  for (const name of readdirSync(folder).filter(
    (file) => file.endsWith('.json') && file !== 'specification.json',
  )) {
    const text = readFileSync(path.join(folder, name), 'utf8');
    for (const [index, line] of text.split('\n').entries())
      yield { file: path.join(folder, name), text, line, where: `pages/_data/${name}:${index + 1}` };
  }
}

/**
 * The spans of the markup a setting of site.json turns off: the `<else>` of an `<if condition=
 * "actions.…">`, which the build renders only while the calls to action are placeholders.
 */
function placeholderBranches(text) {
  return [...text.matchAll(/<if condition="actions\.[^"]*">[\s\S]*?<\/if>\s*(<else>[\s\S]*?<\/else>)/g)].map(
    (match) => [match.index + match[0].length - match[1].length, match.index + match[0].length],
  );
}

/** What the contact form asks for: its fields' labels, in order (pages/_data/contact-form.json). */
const formFields = (root) => Object.values(readJson(path.join(root, 'pages/_data/contact-form.json')).labels);

/** The routes still under construction (routes.json "template": "placeholder"), by path. */
function placeholderRoutes(root) {
  return new Set(
    readJson(path.join(root, 'pages/_data/routes.json'))
      .filter((route) => route.template === 'placeholder')
      .map((route) => route.path),
  );
}

/** Where routes.json lists a route: "pages/_data/routes.json:42". */
function routeEntry(root, routePath) {
  const lines = readFileSync(path.join(root, 'pages/_data/routes.json'), 'utf8').split('\n');
  return `pages/_data/routes.json:${lines.findIndex((line) => line.includes(`"path": "${routePath}"`)) + 1}`;
}

const LIVE_ACTIONS_FIX =
  'Set "liveActions": true in pages/_data/site.json (README "Go live"): Get Started then goes to /contact, a package button to the form with that package chosen, Call Now dials "phone", and Book a Call goes to "bookingUrl" (a scheduling service\'s page; empty: /contact).';

/**
 * What the specification leaves as placeholders and a visitor would meet: the legal pages while
 * the form collects personal data, Book a Call's page and the toast while the calls to action
 * are placeholders (site.json `liveActions`), the careers links while those pages are.
 */
function placeholderBlockers(root, site) {
  const blockers = [];
  const underConstruction = placeholderRoutes(root);
  if (underConstruction.has('/privacy-policy')) {
    const receiver =
      site.leadEndpoint === RECEIVER_PATH && readJson(path.join(root, 'pages/_data/lead-receiver.json'));
    const where = receiver
      ? "leads are stored in the site's own Cloudflare D1 database (its location: npx wrangler d1 info leads), " +
        `kept ${receiver.retentionDays} days and then deleted, what looked automated too; seen by the people the ` +
        "inbox's Cloudflare Access application lets in; sent to the agency by e-mail or webhook"
      : site.leadEndpoint
        ? `leads are sent to ${site.leadEndpoint}`
        : 'leads go to "leadEndpoint" (not set yet)';
    blockers.push({
      what: 'The privacy policy (/privacy-policy) is under construction, while the contact form collects personal data',
      where: routeEntry(root, '/privacy-policy'),
      fix:
        'Write it (pages/privacy-policy.html, its route "template": "content"; README "Go live"), with your lawyer. It must say: ' +
        `what the form collects (${formFields(root).join(', ')}); where it goes (${where}) and who processes it there; ` +
        'how long leads are kept, and how to have them deleted; that the page a visit starts on, the page before it ' +
        '(the referrer), its campaign tags (utm_*) and ad click ids (gclid, fbclid) are kept in the browser tab ' +
        '(sessionStorage, no cookie) and sent with a lead (README "Lead delivery"); ' +
        `and whom to contact about it (${site.email}).`,
    });
  }
  if (underConstruction.has('/terms-of-service')) {
    blockers.push({
      what: 'The terms of service (/terms-of-service) are under construction',
      where: routeEntry(root, '/terms-of-service'),
      fix: 'Write them (pages/terms-of-service.html, its route "template": "content"), with your lawyer: every page links to them.',
    });
  }
  const careers = [...underConstruction].filter(
    (route) => route === '/careers' || route.startsWith('/careers/'),
  );
  const { title: toastTitle } = readJson(path.join(root, 'pages/_data/messages.json')).placeholderToast;
  const live = Boolean(site.liveActions);
  for (const { file, text, line, offset, where } of sourceLines(root)) {
    // A link: an href in a page or partial, a path in the navigation's data.
    const linksTo = (route) =>
      file.endsWith('.json') ? line.includes(`"${route}"`) : line.includes(`href="${route}"`);
    const inPlaceholderBranch = (at) =>
      placeholderBranches(text).some(([start, end]) => at >= start && at < end);
    if (
      !live &&
      underConstruction.has('/contact/book-call') &&
      (line.includes('{{ actions.bookCall }}') || linksTo('/contact/book-call'))
    ) {
      blockers.push({
        what: 'Book a Call leads to /contact/book-call, which is under construction',
        where,
        fix: LIVE_ACTIONS_FIX,
      });
    }
    const toast = /\bdata-toast\b/.exec(line);
    if (toast && file.endsWith('.html') && !(live && inPlaceholderBranch(offset + toast.index))) {
      const label = /<button\b[\s\S]*?>([\s\S]*?)<\/button>/
        .exec(text.slice(text.lastIndexOf('<button', offset + toast.index)))?.[1]
        .replace(/<include\b[\s\S]*?<\/include>|<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      blockers.push({
        what: `${label?.includes('{{') ? `Each "${label}" button` : `"${label}"`} shows the placeholder toast ("${toastTitle}")`,
        where,
        fix: live
          ? 'Make it a link to where it should lead, or remove it: "liveActions" turns only the specification\'s placeholders into links.'
          : LIVE_ACTIONS_FIX,
      });
    }
    for (const route of careers) {
      if (linksTo(route)) {
        blockers.push({
          what: `A link to ${route}, which is under construction`,
          where,
          fix: `Write the careers pages (their routes' "template": "content" in pages/_data/routes.json), or remove the link until you hire (pages/_data/navigation.json lists the header's and footer's).`,
        });
      }
    }
  }
  return blockers;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let blockers;
  try {
    blockers = launchBlockers(ROOT);
  } catch (error) {
    // A setting the build refuses too (BUILD_DAY): its own message and fix, as the build prints it.
    console.error(`Launch check: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  if (blockers.length === 0) {
    console.log(`Launch check: nothing left to replace in ${relative(DATA)} or the pages.`);
  } else {
    console.error(`Launch check: ${blockers.length} thing(s) to change before the site goes live.\n`);
    for (const { what, where, fix } of blockers)
      console.error(`- ${what}\n  where: ${where}\n  fix:   ${fix}\n`);
    process.exit(1);
  }
}
