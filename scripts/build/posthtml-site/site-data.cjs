'use strict';
/**
 * Loads the site's data: every JSON file in pages/_data, the one place for settings, routes,
 * navigation and structured content (prices, FAQs, case studies, team, testimonials, stats).
 * Used by the PostHTML plugin at build time and by the build-output tests.
 *
 * Each file is checked against its JSON Schema (pages/_data/schemas/<file>.schema.json) before
 * anything reads it, so a maintainer's slip stops the build at the file, the line and the field
 * instead of rendering an empty element. The schemas also give optional fields their defaults.
 */
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const { generateJSONCodeHighlights } = require('@parcel/diagnostic');
const { SiteError, ROOT, locate, locationOf } = require('./site-error.cjs');
const { fileStamp } = require('./source-files.cjs');
const { fileOfRoute } = require('../route-file.cjs');
const { ImageProblem, sourceImage } = require('../images.cjs');
const posts = require('../posts/read-posts.cjs');
const { blogData, memberId } = require('../posts/blog-data.cjs');
const { INDEX_FILE: POSTS_INDEX } = require('../posts/posts-index.cjs');
const { PAGES_DIR, PARTIALS_DIR } = require('../repo-root.cjs');
const { buildDay, isTimeZone } = require('../site-time.cjs');

const DATA_DIR = `${PAGES_DIR}/_data`;
const SCHEMA_DIR = `${PAGES_DIR}/_data/schemas`;
const LAYOUT_FILE = `${PARTIALS_DIR}/layout.html`;

/** "case-studies.json" → "caseStudies": the name a data file has in templates. */
function localName(file) {
  return path.basename(file, '.json').replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}

/** The data files, relative to the project root. */
function dataFiles() {
  return fs
    .readdirSync(path.join(ROOT, DATA_DIR))
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(DATA_DIR, file));
}

/** The schema that describes a data file. */
function schemaFile(file) {
  return path.join(SCHEMA_DIR, path.basename(file, '.json') + '.schema.json');
}

/** The files every page is made from: the data, its schemas and the layout. */
function sourceFiles() {
  const data = dataFiles();
  return [
    ...data,
    ...data.map(schemaFile).filter((file) => fs.existsSync(path.join(ROOT, file))),
    LAYOUT_FILE,
  ];
}

/** Drafts are shown by npm run dev (BLOG_DRAFTS=1), never by npm run build. */
const withDrafts = () => process.env.BLOG_DRAFTS === '1';

/** The stamp of a file named from the repo root (or by its full path). */
const stampOf = (file) => fileStamp(path.resolve(ROOT, file));

/**
 * What every page's data is read from, each file with its stamp: the data files, their schemas,
 * the layout, the posts' schema, the posts' folder (whose modification time changes when a post is
 * added, removed or renamed, or saved whole as editors save) and the posts' index, rewritten
 * when a post's title, date or category changes (posts-index.cjs).
 *
 * Not every post's file: stamping each post for every page would make a build O(pages × posts).
 * A post's own page checks its own file (`loadSiteData({ posts })`).
 */
function sourcesStamp() {
  return [...sourceFiles(), posts.SCHEMA_FILE, posts.POSTS_DIR, POSTS_INDEX]
    .map((file) => `${file}:${stampOf(file)}`)
    .join('|');
}

let cached = { stamp: '', data: undefined, postStamps: new Map() };

/** Whether a post file the cached data was read from has changed since: by slug, or every one ("all"). */
function postsChanged(checked) {
  const files =
    checked === 'all'
      ? [...cached.postStamps.keys()]
      : checked.map((slug) => cached.data.blog.posts[slug]?.file);
  return files.some((file) => !file || cached.postStamps.get(file) !== stampOf(file));
}

/**
 * The site data. Every page of a build reads the same data, so it is read and shaped once and
 * kept while no data file nor the layout changes; a dev rebuild after an edit reads it afresh.
 *
 * `posts`: the slugs of the posts whose files must also be unchanged (a post's page, which is
 * rebuilt when its file changes), or "all" (posts-index.cjs, which writes the posts' index).
 * `day`: the day to publish up to, for a build made on another day (the tests read the day the
 * build they check was made on); the build's own day otherwise.
 */
function loadSiteData({ posts: checked = [], day } = {}) {
  // The build's day decides which posts are published: a dev server that runs past midnight reads
  // the data again within the hour.
  const when = day ?? (process.env.BUILD_DAY || Math.floor(Date.now() / 3_600_000));
  const stamp = `${withDrafts()}|${when}|${sourcesStamp()}`;
  if (cached.stamp !== stamp || postsChanged(checked)) {
    // Stamped before they are read: a post saved meanwhile is read again next time.
    const postStamps = new Map(posts.postFiles().map(({ file }) => [file, stampOf(file)]));
    cached = { stamp, data: readSiteData(day), postStamps };
  }
  return cached.data;
}

/** A data file parsed, or a SiteError at the line and column of the syntax error. */
function parseJson(file, text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(error.message);
    const { line, column } = position ? locationOf(text, Number(position[1])) : {};
    throw new SiteError({
      what: `This file is not valid JSON: ${error.message.replace(/ in JSON at position.*$/, '')}.`,
      file,
      line,
      column,
      fix: 'Look at the end of the line before too: a missing or extra comma, a missing quote or bracket. Names and strings take double quotes.',
    });
  }
}

const ajv = new Ajv({ useDefaults: true, strict: true, verbose: true, allErrors: true });
const validators = new Map();

/** Checks a data file against its schema (filling in defaults), or throws at the field. */
function validate(file, text, value) {
  const schema = schemaFile(file);
  if (!fs.existsSync(path.join(ROOT, schema))) {
    throw new SiteError({
      what: 'This data file has no schema.',
      file,
      fix: `Describe what it holds in ${schema} (copy a neighbour), so that the build can check it.`,
    });
  }
  const key = `${schema}:${fs.statSync(path.join(ROOT, schema)).mtimeMs}`;
  if (!validators.has(key))
    validators.set(key, ajv.compile(parseJson(schema, fs.readFileSync(path.join(ROOT, schema), 'utf8'))));
  const check = validators.get(key);
  if (check(value)) return;
  // A misspelt field shows as two errors on one object: the field it should be is missing, and an
  // unknown one is there. The unknown one is reported, at its own line, with the missing one as
  // the likely fix; otherwise, the first error.
  const missingAt = new Map(
    check.errors
      .filter((e) => e.keyword === 'required')
      .map((e) => [e.instancePath, e.params.missingProperty]),
  );
  const misspelt = check.errors.find(
    (e) => e.keyword === 'additionalProperties' && missingAt.has(e.instancePath),
  );
  const error = misspelt ?? check.errors[0];
  const meant = misspelt && missingAt.get(misspelt.instancePath);
  // "/2/results/0" → "[2].results[0]"
  const field =
    error.instancePath
      .split('/')
      .slice(1)
      .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
      .join('')
      .replace(/^\./, '') || 'The file';
  const missing = !misspelt && error.keyword === 'required' ? error.params.missingProperty : undefined;
  const unknown = error.keyword === 'additionalProperties' ? error.params.additionalProperty : undefined;
  const name = path.basename(file);
  const what = missing
    ? `In ${name}, ${field} has no "${missing}".`
    : unknown
      ? `In ${name}, ${field} has "${unknown}", which is not a field of ${name}.`
      : `In ${name}, ${field} ${error.message}.`;
  const [highlight] = generateJSONCodeHighlights(text, [
    {
      key: unknown ? `${error.instancePath}/${unknown}` : error.instancePath,
      type: unknown ? 'key' : 'value',
    },
  ]);
  const purpose = (name) => {
    const property = error.parentSchema.properties && error.parentSchema.properties[name];
    return property && property.description ? ` (${property.description})` : '';
  };
  throw new SiteError({
    what,
    file,
    line: highlight && highlight.start.line,
    column: highlight && highlight.start.column,
    fix: missing
      ? `Add "${missing}"${purpose(missing)}.`
      : unknown
        ? `${meant ? `Did you mean "${meant}"${purpose(meant)}? ` : ''}Correct the name; the fields are: ${Object.keys(error.parentSchema.properties).join(', ')}.`
        : `See ${schema} for what this field holds${error.parentSchema.description ? `: ${error.parentSchema.description}` : ''}.`,
  });
}

/**
 * The fields that name a photo of pages/_images/, by data file (entries of a list), each with the
 * field that describes it where the photo says something the page does not (an alt text).
 */
const IMAGE_FIELDS = {
  'team.json': [{ field: 'photo' }],
  'case-studies.json': [{ field: 'image', alt: 'imageAlt' }],
};

/**
 * Each photo a data file names is in pages/_images/, of a format the build takes, and has its alt
 * text where one is needed. (Optional fields default to "" in the schemas: an empty one is none.)
 */
function checkImages(file, text, value) {
  if (!Array.isArray(value)) return;
  const name = path.basename(file);
  const at = (pointer) => {
    const [highlight] = generateJSONCodeHighlights(text, [{ key: pointer, type: 'value' }]);
    return { file, line: highlight && highlight.start.line, column: highlight && highlight.start.column };
  };
  value.forEach((entry, index) => {
    for (const { field, alt } of IMAGE_FIELDS[name] ?? []) {
      if (!entry[field]) continue;
      try {
        sourceImage(entry[field]);
      } catch (error) {
        if (!(error instanceof ImageProblem)) throw error;
        throw new SiteError({
          what: `In ${name}, [${index}].${field}: ${error.what}`,
          ...at(`/${index}/${field}`),
          fix: error.fix,
        });
      }
      if (alt && !entry[alt]) {
        throw new SiteError({
          what: `In ${name}, [${index}] has the image "${entry[field]}" but no "${alt}".`,
          ...at(`/${index}/${field}`),
          fix:
            `Add "${alt}": what the photo shows, for someone who cannot see it ` +
            '("A renovated rowhouse on a Baltimore street"; https://www.w3.org/WAI/tutorials/images/informative/).',
        });
      }
    }
  });
}

/** Reads one data file: parsed, checked against its schema, without its "$schema" note. */
function readDataFile(file) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const value = parseJson(file, text);
  validate(file, text, value);
  checkImages(file, text, value);
  if (value && !Array.isArray(value)) delete value.$schema;
  return value;
}

/**
 * Each path is one route. An entry copied to add a page, its path not yet changed, would
 * otherwise build: the second entry's title and description would never be used.
 */
function checkUniquePaths(routes) {
  const first = new Map();
  routes.forEach((route, index) => {
    if (!first.has(route.path)) {
      first.set(route.path, index);
      return;
    }
    const file = `${DATA_DIR}/routes.json`;
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const [highlight] = generateJSONCodeHighlights(text, [{ key: `/${index}/path`, type: 'value' }]);
    throw new SiteError({
      what: `Entries [${first.get(route.path)}] and [${index}] both have the path "${route.path}".`,
      file,
      line: highlight && highlight.start.line,
      column: highlight && highlight.start.column,
      fix: `Give entry [${index}] its own path (and its page file), or remove one of the two.`,
    });
  });
}

/** Every route needs its page file. */
function checkRoutePages(routes) {
  for (const route of routes) {
    const page = path.posix.join(PAGES_DIR, fileOfRoute(route.path));
    if (fs.existsSync(path.join(ROOT, page))) continue;
    throw new SiteError({
      what: `The route "${route.path}" has no page: ${page} does not exist.`,
      file: `${DATA_DIR}/routes.json`,
      ...locate(`${DATA_DIR}/routes.json`, `"path": "${route.path}"`),
      fix: `Create ${page} (<layout>…</layout>, copy a neighbour), or remove the route.`,
    });
  }
}

/**
 * A package's "includes" names a package before it: its card says "Everything in <name>, plus:",
 * and the content rules count that package's features as its own.
 */
function checkPackageIncludes(packages) {
  packages.forEach((pkg, index) => {
    const before = packages.slice(0, index).map((earlier) => earlier.name);
    if (!pkg.includes || before.includes(pkg.includes)) return;
    const file = `${DATA_DIR}/pricing.json`;
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const [highlight] = generateJSONCodeHighlights(text, [
      { key: `/packages/${index}/includes`, type: 'value' },
    ]);
    const nearest = before.find((name) => name.toLowerCase() === pkg.includes.toLowerCase());
    throw new SiteError({
      what: `In pricing.json, packages[${index}] (${pkg.name}) includes "${pkg.includes}", which is not a package before it.`,
      file,
      line: highlight && highlight.start.line,
      column: highlight && highlight.start.column,
      fix:
        (nearest ? `Did you mean "${nearest}"? ` : '') +
        (before.length > 0
          ? `Name one of: ${before.join(', ')}, or remove "includes".`
          : 'The first package includes no other: remove "includes".'),
    });
  });
}

/** The route the specification's Book a Call links go to (under construction). */
const BOOK_CALL = '/contact/book-call';

/**
 * Where each call to action leads, by site.json's `liveActions`: the specification's placeholders
 * (the toast, /contact/book-call), or the real thing (/contact, the package chosen in the form, the
 * phone, the booking page). The partials and the navigation read it, so that one setting turns
 * every placeholder into its live counterpart; each is a plain link, which works without
 * JavaScript. An empty href: the placeholder (a button that shows the toast).
 */
function actionsOf(site, packages) {
  if (!site.liveActions) {
    const none = Object.fromEntries(packages.map((pkg) => [pkg.name, '']));
    return { live: false, getStarted: '', callNow: '', bookCall: BOOK_CALL, packages: none };
  }
  const digits = site.phone.replace(/[^\d+]/g, '');
  if (!/\d{4,}/.test(digits)) {
    const file = `${DATA_DIR}/site.json`;
    throw new SiteError({
      what: `"liveActions" is true, and Call Now would dial "${site.phone}", which is no phone number.`,
      file,
      ...locate(file, '"phone"'),
      fix: 'Set the agency’s phone number in "phone", as visitors dial it ("+1 202 555 0147" is the form: that number is a fictional one, which npm run launch-check refuses), or keep "liveActions": false until there is one.',
    });
  }
  return {
    live: true,
    getStarted: '/contact',
    callNow: `tel:${digits}`,
    bookCall: site.bookingUrl || '/contact',
    // The form's package field is chosen from the address (scripts/leads/package-choice.ts); the
    // link lands on the form's heading, which the page's scroll padding keeps below the sticky
    // header (on the form itself, its heading was under the header).
    packages: Object.fromEntries(
      packages.map((pkg) => [pkg.name, `/contact?package=${encodeURIComponent(pkg.name)}#form-title`]),
    ),
  };
}

/** The site's time zone, if the platform knows it; otherwise the build stops at the field. */
function checkTimeZone(timeZone) {
  if (isTimeZone(timeZone)) return timeZone;
  const file = `${DATA_DIR}/site.json`;
  throw new SiteError({
    what: `In site.json, "timeZone" is "${timeZone}", which is not a time zone.`,
    file,
    ...locate(file, '"timeZone"'),
    fix: 'Write the zone as its IANA name, a region and a city: "America/New_York", "America/Chicago", "America/Los_Angeles".',
  });
}

/** Reads the data files and shapes what templates use, publishing the posts dated up to `publishUpTo` (default: the build's day). */
function readSiteData(publishUpTo) {
  const data = Object.fromEntries(dataFiles().map((file) => [localName(file), readDataFile(file)]));
  // A deployment may name its own lead endpoint (a staging form service, say) for one build.
  if (process.env.LEAD_ENDPOINT !== undefined) {
    const { pattern } = JSON.parse(
      fs.readFileSync(path.join(ROOT, schemaFile(`${DATA_DIR}/site.json`)), 'utf8'),
    ).properties.leadEndpoint;
    if (!new RegExp(pattern, 'u').test(process.env.LEAD_ENDPOINT)) {
      throw new SiteError({
        what: `LEAD_ENDPOINT is "${process.env.LEAD_ENDPOINT}", which is neither an https:// address (http:// only on this computer) nor a path of the site.`,
        file: `${DATA_DIR}/site.json`,
        fix: 'Set LEAD_ENDPOINT to a form service’s https:// address or a path of this site (/api/leads), as "leadEndpoint" in site.json takes.',
      });
    }
    data.site.leadEndpoint = process.env.LEAD_ENDPOINT;
  }
  const { routes, navigation } = data;
  checkUniquePaths(routes);
  checkRoutePages(routes);
  checkPackageIncludes(data.pricing.packages);
  const routeByPath = Object.fromEntries(routes.map((route) => [route.path, route]));
  const actions = actionsOf(data.site, data.pricing.packages);
  const link = (routePath) => {
    const route = routeByPath[routePath];
    if (!route) {
      const file = `${DATA_DIR}/navigation.json`;
      throw new SiteError({
        what: `The navigation links to "${routePath}", which is not a route.`,
        file,
        ...locate(file, `"${routePath}"`),
        fix: `Correct the path to one in ${DATA_DIR}/routes.json, or add the route there (and its page).`,
      });
    }
    // Book a Call leads where the calls to action say (actionsOf); every other link to its route.
    return { href: route.path === BOOK_CALL ? actions.bookCall : route.path, label: route.label };
  };
  const nav = {
    header: navigation.header.map((item) => ({
      ...link(item.path),
      children: (item.children || []).map(link),
    })),
    footer: navigation.footer.map((column) => ({ heading: column.heading, links: column.links.map(link) })),
    legal: navigation.legal.map(link),
  };
  // Each member's anchor on /about-us/team, where a post's author card links.
  for (const member of data.team) member.id = memberId(member.name);
  const timeZone = checkTimeZone(data.site.timeZone);
  const day = publishUpTo ?? buildDay(timeZone);
  const blog = blogData(
    posts.readPosts({ drafts: withDrafts(), routes, team: data.team, day }),
    routeByPath,
    data.team,
    data.site.timeZone,
  );
  // The routes under each route, in route-list order, so that a template lists a section's
  // sub-pages by name (routesUnder["/services/social-video"]) instead of filtering the list.
  const routesUnder = Object.fromEntries(
    routes.map((route) => [route.path, routes.filter((other) => other.path.startsWith(`${route.path}/`))]),
  );
  return {
    routes,
    routeByPath,
    files: sourceFiles(),
    /** What the pages that show posts are made from besides those: the posts' schema (and the posts' index, posts-index.cjs). */
    blogFiles: [posts.SCHEMA_FILE],
    layoutSource: fs.readFileSync(path.join(ROOT, LAYOUT_FILE), 'utf8'),
    blog,
    day,
    actions,
    locals: { ...data, nav, actions, routes: routeByPath, routesUnder, blog, year: new Date().getFullYear() },
  };
}

module.exports = { ROOT, LAYOUT_FILE, loadSiteData };
