'use strict';
/**
 * The blog's posts, read from pages/_posts/<slug>.md: each one's front matter checked against
 * pages/_data/schemas/post.schema.json and against the site (its author a team member, its
 * category a listing, its cover a photo), every link and photo of its Markdown checked, and its
 * Markdown turned into HTML for its page and the feeds (postHtml: CommonMark with GFM tables,
 * anchors on headings, photos through the picture markup), held to an allowlist (post-html.cjs).
 * A mistake stops the build as one SiteError at the file and line.
 *
 * Read by the page plugin's data (site-data.cjs: the templates' `blog`), by the step that writes
 * the posts' index before Parcel (posts-index.cjs) and by the feeds (feeds-reporter.cjs).
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const { distance } = require('fastest-levenshtein');
const MarkdownIt = require('markdown-it');
const anchor = require('markdown-it-anchor');
const YAML = require('yaml');
const { SiteError, SiteErrors, ROOT, locationOf } = require('../posthtml-site/site-error.cjs');
const { PAGES_DIR } = require('../repo-root.cjs');
const { sanitizePostHtml } = require('./post-html.cjs');
const { fileStamp } = require('../posthtml-site/source-files.cjs');
const { ImageProblem, IMAGES_DIR, IMAGES_URL, imageNames, sourceImage } = require('../images.cjs');
const { isCalendarDay, isPublishedOn } = require('../site-time.cjs');

const POSTS_DIR = `${PAGES_DIR}/_posts`;
const SCHEMA_FILE = `${PAGES_DIR}/_data/schemas/post.schema.json`;
/** A post's file name: its slug, lower case words joined by hyphens, then .md. */
const POST_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(md|markdown)$/;
/** Slugs the blog's own URLs take: /blog/page/2 is a listing's second page. */
const RESERVED = new Set(['page']);
/** Words a reader reads a minute, for the reading time. */
const WORDS_PER_MINUTE = 230;
/**
 * How a post shows a photo, its cover and those in its text alike: as wide as the post column
 * (styles/components/_post.scss), 46rem, or the screen less the container's padding below it.
 * The post partial reads it as blog.photo.
 */
const POST_PHOTO = {
  sizes: '(min-width: 49em) 46rem, (min-width: 40em) calc(100vw - 3rem), calc(100vw - 2rem)',
  widths: '360, 540, 720, 1080, 1440',
};
const schema = JSON.parse(fs.readFileSync(path.join(ROOT, SCHEMA_FILE), 'utf8'));
const ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
const validateFrontMatter = ajv.compile(schema);
/** The categories a post may have, as the schema lists them: each is a listing at /blog/<category>. */
const CATEGORIES = schema.properties.category.enum;

/** The nearest of `names` to `name`, if one is near. */
function nearest(name, names) {
  const [best] = names
    .map((candidate) => ({ candidate, distance: distance(name.toLowerCase(), candidate.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance);
  return best && best.distance <= Math.max(2, Math.round(name.length / 4)) ? best.candidate : undefined;
}

/**
 * A mistake in the front matter's YAML, at the file's line (YAML counts from the front matter's
 * first line, so its own "at line 2" is left out). The most common one, a value with ": " in it
 * (`title: Direct mail: a plan`), which YAML reads as a second field, is said as such, with the
 * line quoted as the fix.
 */
function yamlError(file, lines, error) {
  const [position = { line: 1, col: 1 }] = error.linePos ?? [];
  const line = position.line + 1;
  const text = lines[line - 1] ?? '';
  const pair = /^(\s*[\w-]+):\s(.*)$/.exec(text);
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && pair && pair[2].includes(': ')) {
    const [, key, value] = pair;
    const quoted = value.includes('"') ? `'${value.replace(/'/g, "''")}'` : `"${value}"`;
    return new SiteError({
      what: `The value of "${key.trim()}" holds ": ", which YAML reads as the start of another field.`,
      file,
      line,
      column: position.col,
      fix: `Put the value in quotes: ${key}: ${quoted}`,
    });
  }
  return new SiteError({
    what: `The front matter is not valid YAML: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}.`,
    file,
    line,
    column: position.col,
    fix: 'Write each field as `name: value` on its own line; quote a value that holds ": " or starts with a quote.',
  });
}

/**
 * One post file, parsed: its front matter (with the line of each key), its body and the line the
 * body starts on. A YAML mistake stops here, at its line.
 */
function parseFile(file) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const lines = text.split('\n');
  if (lines[0].trim() !== '---') {
    throw new SiteError({
      what: 'This post has no front matter.',
      file,
      line: 1,
      fix: 'Start the file with its front matter between two lines of ---: title, description, date, category and author (README "Publish a post").',
    });
  }
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end === -1) {
    throw new SiteError({
      what: 'The front matter is not closed.',
      file,
      line: 1,
      fix: 'End the front matter with a line of --- before the post’s text.',
    });
  }
  const source = lines.slice(1, end).join('\n');
  // YAML's core schema: dates stay text, as the schema checks them.
  const document = YAML.parseDocument(source, { schema: 'core' });
  if (document.errors.length > 0) throw yamlError(file, lines, document.errors[0]);
  const data = document.toJS() ?? {};
  const keyLines = {};
  for (const pair of document.contents?.items ?? []) {
    const key = String(pair.key?.value ?? pair.key);
    keyLines[key] = locationOf(source, pair.key?.range?.[0] ?? 0).line + 1;
  }
  return { text, data, keyLines, bodyStart: end + 2, body: lines.slice(end + 1).join('\n') };
}

/** Stops the build at a key of the front matter (or its first line). */
function frontMatterError(file, keyLines, key, what, fix) {
  return new SiteError({ what, file, line: keyLines[key] ?? 1, column: 1, fix });
}

/** Checks the front matter against the schema and the site; returns it, its dates as text. */
function checkFrontMatter(file, { data, keyLines }, { team }) {
  const fields = Object.keys(schema.properties);
  if (!validateFrontMatter(data)) {
    const missing = validateFrontMatter.errors.filter((e) => e.keyword === 'required');
    const unknown = validateFrontMatter.errors.find((e) => e.keyword === 'additionalProperties');
    if (unknown) {
      const name = unknown.params.additionalProperty;
      const meant =
        missing.map((e) => e.params.missingProperty).find((field) => nearest(name, [field])) ??
        nearest(name, fields);
      throw frontMatterError(
        file,
        keyLines,
        name,
        `The front matter has "${name}", which is not a field of a post.`,
        `${meant ? `Did you mean "${meant}"? ` : ''}The fields are: ${fields.join(', ')}.`,
      );
    }
    if (missing.length > 0) {
      const name = missing[0].params.missingProperty;
      throw frontMatterError(
        file,
        keyLines,
        undefined,
        `The front matter has no "${name}".`,
        `Add "${name}": ${schema.properties[name].description}.`,
      );
    }
    const [error] = validateFrontMatter.errors;
    const name = error.instancePath.slice(1);
    const described = schema.properties[name]?.description ?? '';
    const what =
      error.keyword === 'enum'
        ? `The category "${data[name]}" is not one of the blog's.`
        : error.keyword === 'pattern'
          ? `"${name}" is ${JSON.stringify(data[name])}, which is not a date written YYYY-MM-DD.`
          : `"${name}" ${error.message}.`;
    const fix =
      error.keyword === 'enum'
        ? `${nearest(String(data[name]), CATEGORIES) ? `Did you mean "${nearest(String(data[name]), CATEGORIES)}"? ` : ''}Use one of: ${CATEGORIES.join(', ')}.`
        : `${name}: ${described}.`;
    throw frontMatterError(file, keyLines, name, what, fix);
  }
  for (const name of ['date', 'updated'].filter((key) => data[key] !== undefined)) {
    if (!isCalendarDay(data[name])) {
      throw frontMatterError(
        file,
        keyLines,
        name,
        `"${name}" is ${data[name]}, which is not a day of the calendar.`,
        'Write the day it was, YYYY-MM-DD: 2026-11-02.',
      );
    }
  }
  if (data.updated !== undefined && data.updated < data.date) {
    throw frontMatterError(
      file,
      keyLines,
      'updated',
      `"updated" (${data.updated}) is before "date" (${data.date}).`,
      'Give the day it last changed, on or after the day it was published.',
    );
  }
  const names = team.map((member) => member.name);
  if (!names.includes(data.author)) {
    const meant = nearest(data.author, names);
    throw frontMatterError(
      file,
      keyLines,
      'author',
      `The author "${data.author}" is not a member of pages/_data/team.json.`,
      `${meant ? `Did you mean "${meant}"? ` : ''}Use a name as team.json writes it: ${names.join(', ')}.`,
    );
  }
  if (data.cover !== undefined) {
    try {
      sourceImage(data.cover);
    } catch (error) {
      if (!(error instanceof ImageProblem)) throw error;
      throw frontMatterError(file, keyLines, 'cover', `The cover: ${error.what}`, error.fix);
    }
    if (data.coverAlt === undefined) {
      throw frontMatterError(
        file,
        keyLines,
        'cover',
        `The cover "${data.cover}" has no coverAlt.`,
        'Add "coverAlt": what the photo shows, for someone who cannot see it (it is the photo’s alt text wherever it is shown).',
      );
    }
  } else if (data.coverAlt !== undefined) {
    throw frontMatterError(
      file,
      keyLines,
      'coverAlt',
      'The post has a coverAlt but no cover.',
      'Add "cover" (a photo in pages/_images/), or remove coverAlt.',
    );
  }
  return data;
}

/** A heading's or cell's text as a reader reads it: typographic quotes and dashes, no markup. */
const plainText = (inline) =>
  inline.children
    .filter((token) => token.type === 'text' || token.type === 'code_inline')
    .map((token) => token.content)
    .join('');

/** A table cell longer than this many characters is prose, and wraps. */
const LONG_CELL = 40;

/** A heading that numbers itself ("1. Pick a list", "2) Write"): the contents do not number it again. */
const NUMBERED = /^\s*\d+[.)]\s/;

/**
 * markdown-it as posts use it: CommonMark, GFM tables, typographic quotes, ids and a permalink on
 * each heading; and what the page needs of the HTML: a table in a labelled region (a named
 * <section>) that scrolls sideways and takes the focus, its columns' alignment as classes (the CSP refuses style=), a captioned photo as a
 * figure of its own (never inside a paragraph), and code that keeps its lines.
 */
function markdown() {
  const md = new MarkdownIt({ html: true, typographer: true });
  md.use(anchor, {
    level: [2, 3],
    // An id starts with a letter ("1. Pick a list" is #section-1-pick-a-list): selectors and
    // html-validate take no other.
    slugify: (text) => {
      const slug = text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^\w\s-]/g, '')
        .trim()
        .replace(/[\s_-]+/g, '-');
      return /^[a-z]/.test(slug) ? slug : `section-${slug}`;
    },
    permalink: anchor.permalink.linkAfterHeader({
      style: 'visually-hidden',
      assistiveText: (title) => `Link to “${title}”`,
      visuallyHiddenClass: 'ds-visually-hidden',
      class: 'ds-post__anchor',
      symbol: '#',
      wrapper: ['<div class="ds-post__heading">', '</div>'],
    }),
  });
  md.core.ruler.push('ds_post_blocks', (state) => {
    let heading = '';
    let tablesUnderHeading = 0;
    let tables = 0;
    state.tokens.forEach((token, index, tokens) => {
      if (token.type === 'heading_open') {
        heading = plainText(tokens[index + 1]);
        tablesUnderHeading = 0;
      }
      // A table's region is named by the section it is in ("Pricing by channel, table 2").
      if (token.type === 'table_open') {
        tables += 1;
        tablesUnderHeading += 1;
        token.meta = {
          label: heading
            ? `${heading}${tablesUnderHeading > 1 ? `, table ${tablesUnderHeading}` : ''}`
            : `Table ${tables}`,
        };
      }
      // markdown-it aligns a column with style="text-align:…", which the CSP refuses.
      if (token.type === 'th_open' || token.type === 'td_open') {
        const align = /text-align:(left|center|right)/.exec(token.attrGet('style') ?? '')?.[1];
        if (align) {
          token.attrs = token.attrs.filter(([name]) => name !== 'style');
          token.attrJoin('class', `ds-post__cell--${align}`);
        }
      }
      // A cell of a few words stays on one line (post.scss); one of prose wraps between words.
      if (token.type === 'td_open' && plainText(tokens[index + 1]).length > LONG_CELL)
        token.attrJoin('class', 'ds-post__cell--prose');
      // A paragraph that is only a captioned photo becomes its figure: a <figure> cannot be in a
      // <p>, and a browser would leave an empty paragraph on each side of it.
      if (token.type === 'paragraph_open' && !token.hidden) {
        const children = tokens[index + 1]?.children ?? [];
        if (children.length === 1 && children[0].type === 'image' && children[0].attrGet('title')) {
          token.hidden = true;
          tokens[index + 2].hidden = true;
        }
      }
    });
  });
  const escape = md.utils.escapeHtml;
  md.renderer.rules.table_open = (tokens, index) =>
    `<section class="ds-post__table" aria-label="${escape(tokens[index].meta.label)}" tabindex="0"><table>\n`;
  md.renderer.rules.table_close = () => '</table></section>\n';
  // Code keeps its lines and scrolls sideways; the keyboard can scroll it once it has the focus.
  for (const rule of ['fence', 'code_block']) {
    const render = md.renderer.rules[rule];
    md.renderer.rules[rule] = (...args) =>
      render(...args).replace(/^<pre>/, '<pre class="ds-post__code" tabindex="0">');
  }
  // Photos are placed as everywhere else: an <img> of pages/_images/ with its sizes, which the
  // page plugin turns into a <picture>; with a title, in a figure with that caption.
  md.renderer.rules.image = (all, index) => {
    const token = all[index];
    const name = token.attrGet('src').replace(/^\/?pages\/_images\//, '');
    const alt = escape(token.children.map((child) => child.content).join(''));
    const title = token.attrGet('title');
    const img = `<img src="${IMAGES_URL}${escape(name)}" alt="${alt}" sizes="${POST_PHOTO.sizes}" widths="${POST_PHOTO.widths}" />`;
    return title
      ? `<figure class="ds-post__figure">${img}<figcaption>${escape(title)}</figcaption></figure>`
      : img;
  };
  return md;
}

/** The line of the file where `needle` is, searched from the block that holds it (markdown-it's map). */
function lineOf(post, token, needle) {
  const first = post.bodyStart + (token?.map?.[0] ?? 0);
  const lines = post.text.split('\n');
  for (let index = first - 1; index < lines.length; index += 1)
    if (lines[index].includes(needle)) return index + 1;
  return first;
}

/** The first line of the post's text, from its body on, that holds one of `needles` (any case). */
function lineIn(post, needles) {
  const lines = post.text.split('\n');
  for (const needle of needles) {
    const index = lines.findIndex(
      (line, at) => at >= post.bodyStart - 1 && line.toLowerCase().includes(needle.toLowerCase()),
    );
    if (index !== -1) return index + 1;
  }
  return post.bodyStart;
}

/** What a post's raw HTML may add to its Markdown, as the fix names it. */
const HTML_TAGS = ['abbr', 'kbd', 'sub', 'sup', 'mark', 'small', 'q', 'time', 'details', 'summary']
  .map((tag) => `<${tag}>`)
  .join(', ')
  .concat(' and the elements Markdown writes');

/**
 * Checks a post's Markdown before any page is built: photos (in pages/_images/, with alt text),
 * links (to a page of the site, or another site) and, where the post writes HTML of its own, all
 * of it against post-html.cjs's allowlist (bodyHtml). `pathExists(path)` says whether an internal
 * path is a page; `scheduledOn` holds the day of each scheduled post, by its path. Returns what
 * the listings and the post's page read of its text: its h2 headings and its words.
 */
function checkBody(file, post, { md, pathExists, scheduledOn }) {
  const tokens = md.parse(post.body, {});
  const stop = (token, needle, what, fix) => {
    throw new SiteError({ what, file, line: lineOf(post, token, needle), fix });
  };
  const checkLink = (token, href) => {
    if (/^(https?:|mailto:|tel:|#)/i.test(href)) return;
    if (/^\s*javascript:/i.test(href)) {
      stop(
        token,
        href,
        'The post links to javascript:, which the Content-Security-Policy refuses to run.',
        'Link to a page instead.',
      );
    }
    if (!href.startsWith('/')) {
      stop(
        token,
        href,
        `The post links to "${href}", a path relative to the post.`,
        'Write a path of the site from its root ("/pricing", "/blog/another-post"), or a whole address of another site (https://…).',
      );
    }
    const pathname = href.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
    if (!pathExists(pathname) && scheduledOn.has(pathname)) {
      stop(
        token,
        href,
        `The post links to "${pathname}", a post scheduled for ${scheduledOn.get(pathname)}: until that day's build, it is no page.`,
        'Link to it once it is published, or date this post on or after that day.',
      );
    }
    if (!pathExists(pathname)) {
      stop(
        token,
        href,
        `The post links to "${pathname}", which is no page of the site.`,
        'Correct the path: a route of pages/_data/routes.json or a published post (/blog/<slug>).',
      );
    }
  };
  const walkInline = (block, children) => {
    for (const token of children ?? []) {
      if (token.type === 'link_open') checkLink(block, token.attrGet('href'));
      if (token.type === 'image') {
        const src = token.attrGet('src');
        const alt = token.children.map((child) => child.content).join('');
        if (/^(https?:)?\/\//i.test(src)) {
          stop(
            block,
            src,
            `The post shows a photo from another site (${src}), which the Content-Security-Policy refuses to load.`,
            'Put the photo in pages/_images/ and name it by its file name: ![What it shows](photo.jpg).',
          );
        }
        const name = src.replace(/^\/?pages\/_images\//, '');
        try {
          sourceImage(name);
        } catch (error) {
          if (!(error instanceof ImageProblem)) throw error;
          stop(block, src, `The post's photo: ${error.what}`, error.fix);
        }
        if (!alt.trim()) {
          stop(
            block,
            src,
            `The photo ${name} has no alt text.`,
            `Say what it shows between the brackets: ![A rowhouse on a Baltimore street](${src}).`,
          );
        }
      }
    }
  };
  for (const token of tokens) {
    if (token.type === 'inline') walkInline(token, token.children);
  }
  // HTML a post writes itself (any "<" before a letter, "/", "!" or "?", code and autolinks too)
  // is held to the allowlist here, so that every post's mistake shows at once; every post's text
  // is held to it again as its page renders it (postHtml, which then finds it made here).
  if (/<[a-z!/?]/i.test(post.body)) fromMemoryCache('html', file, '', () => bodyHtml(file, post, md));
  const headings = tokens
    .map((token, index) => ({ token, inline: tokens[index + 1] }))
    .filter(({ token }) => token.type === 'heading_open' && token.tag === 'h2')
    .map(({ token, inline }) => ({ id: token.attrGet('id'), text: plainText(inline) }));
  const words = post.body
    .replace(/<[^>]*>|[#>*_`|[\]()!-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return { headings, numberedHeadings: headings.some((heading) => NUMBERED.test(heading.text)), words };
}

/**
 * A post's text as HTML: rendered from its Markdown and held to the allowlist of post-html.cjs,
 * parsed as a browser parses it: nothing that runs code. Anything the sanitiser would remove stops
 * the build, at the first line that names it.
 */
function bodyHtml(file, post, md) {
  const { html, refused } = sanitizePostHtml(md.render(post.body));
  if (refused.length > 0) {
    const [{ what, needles }] = refused;
    throw new SiteError({
      what: `The post's HTML has ${what}.`,
      file,
      line: lineIn(post, needles),
      fix: `Remove it: a post is text, photos, links and tables, written in Markdown; its HTML may use only ${HTML_TAGS}, with links to pages of the site or to http:, https:, mailto: and tel: addresses.`,
    });
  }
  return html;
}

/** A post's date as a reader reads it: "November 2, 2026". One formatter: making one costs more than formatting. */
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDate = (text) => LONG_DATE.format(new Date(`${text}T00:00:00Z`));

/**
 * The files of pages/_posts/, each with its slug (its name without .md), or with the mistake in its
 * name (`problem`): a name that is no address, or a second file for one address.
 */
function postFiles() {
  const folder = path.join(ROOT, POSTS_DIR);
  if (!fs.existsSync(folder)) return [];
  const bySlug = new Map();
  const files = [];
  for (const name of fs.readdirSync(folder).sort()) {
    if (name.startsWith('.')) continue;
    const file = `${POSTS_DIR}/${name}`;
    const match = POST_FILE.exec(name);
    if (!match) {
      const problem = new SiteError({
        what: `${file} is not named as a post: its name is its address, /blog/<name>.`,
        file,
        fix: 'Name it in lower case letters and digits joined by hyphens, ending in .md: how-wholesalers-rank-locally.md.',
      });
      files.push({ file, problem });
      continue;
    }
    const slug = match[1];
    if (bySlug.has(slug)) {
      const problem = new SiteError({
        what: `${bySlug.get(slug)} and ${file} are both the post /blog/${slug}.`,
        file,
        fix: 'Give one of them another name (its address), or remove one.',
      });
      files.push({ file, problem });
      continue;
    }
    bySlug.set(slug, file);
    files.push({ slug, file });
  }
  return files;
}

/** A short digest of what a post's result depends on. */
const digest = (value) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * What was read of each post file, held in memory while neither the file nor what its result
 * depends on (`context`) changes: a dev rebuild after an edit to one post reads that post again,
 * not all of them. By purpose ("front matter", "text", "html"), then by file.
 */
const memoryCache = new Map();
function fromMemoryCache(purpose, file, context, read) {
  const stamp = `${fileStamp(path.join(ROOT, file))}:${context}`;
  if (!memoryCache.has(purpose)) memoryCache.set(purpose, new Map());
  const byFile = memoryCache.get(purpose);
  if (byFile.get(file)?.stamp !== stamp) byFile.set(file, { stamp, value: read() });
  return byFile.get(file).value;
}

/** One markdown-it per process: making one costs more than a post's rendering. */
let md;

/**
 * A post's text as HTML, for its own page and the feeds: rendered when first asked for, since a
 * build renders only the posts whose pages Parcel builds again (readPosts() checks them all).
 * @param {{ file: string }} post
 * @returns {string}
 */
function postHtml({ file }) {
  return fromMemoryCache('html', file, '', () => bodyHtml(file, parseFile(file), (md ??= markdown())));
}

/**
 * The photos a post may name, each with its size: reading a post checks that each photo it names is
 * there and is a photo the build reads (images.cjs, sourceImage), so it is read again when they change.
 */
const photosNow = () =>
  imageNames().map((name) => [name, fs.statSync(path.join(ROOT, IMAGES_DIR, name)).size]);

/** The files of static/ a post may link to (its links are checked): a post's result depends on them. */
function staticFilesNow() {
  const folder = path.join(ROOT, 'static');
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
}

/**
 * Every post, newest first, checked (its HTML is postHtml()'s): those published by `day` (the build's day,
 * YYYY-MM-DD), or, with `drafts` (npm run dev), every one, drafts and scheduled posts marked.
 * `routes` are the site's routes (pages/_data/routes.json), `team` its members. Every post with a
 * mistake is reported at once, each at its file and line (SiteErrors), so that fixing one does
 * not only reveal the next.
 */
function readPosts({ drafts = false, routes, team, day }) {
  const routePaths = new Set(routes.map((route) => route.path));
  const photos = photosNow();
  const frontMatterContext = digest([team.map((member) => member.name), photos]);
  const problems = [];
  /** Runs one post's step; a mistake in it is kept for the report, and the post left out. */
  const attempt = (step) => {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      problems.push(error);
      return undefined;
    }
  };
  const parsed = postFiles().flatMap(({ slug, file, problem }) => {
    if (problem) {
      problems.push(problem);
      return [];
    }
    const read = attempt(() => {
      if (routePaths.has(`/blog/${slug}`) || RESERVED.has(slug)) {
        throw new SiteError({
          what: `The post ${file} would be at /blog/${slug}, which is ${RESERVED.has(slug) ? 'an address the blog keeps for its listings' : 'already a page (pages/_data/routes.json)'}.`,
          file,
          fix: 'Give the post another file name: its name is its address.',
        });
      }
      const parsed = fromMemoryCache('front matter', file, frontMatterContext, () => {
        const post = parseFile(file);
        return { slug, file, post, data: checkFrontMatter(file, post, { team }) };
      });
      const { data, post } = parsed;
      // Scheduled: published by the first build on or after its day (the deploy builds daily).
      const scheduled = data.date > day;
      if (!scheduled && data.updated !== undefined && data.updated > day) {
        throw frontMatterError(
          file,
          post.keyLines,
          'updated',
          `"updated" is ${data.updated}, after the build's day (${day}).`,
          'Give the day it last changed, on or before today; a post dated after today is scheduled, but its update cannot be.',
        );
      }
      return { ...parsed, scheduled };
    });
    return read ? [read] : [];
  });
  const published = parsed.filter(({ data }) => drafts || isPublishedOn(data, day));
  const postPaths = new Set(published.map(({ slug }) => `/blog/${slug}`));
  const scheduledOn = new Map(
    parsed.filter(({ scheduled }) => scheduled).map(({ slug, data }) => [`/blog/${slug}`, data.date]),
  );
  const categoryPaths = CATEGORIES.map((category) => `/blog/${category}`);
  const pathExists = (pathname) =>
    routePaths.has(pathname) ||
    postPaths.has(pathname) ||
    /^\/blog(\/[a-z0-9-]+)?\/page\/\d+$/.test(pathname) ||
    categoryPaths.includes(pathname) ||
    fs.existsSync(path.join(ROOT, 'static', pathname));
  // A link's target may be any page or file, a photo any photo: the text is read again when they change.
  const textContext = digest([[...routePaths, ...postPaths, ...scheduledOn], photos, staticFilesNow()]);
  const rendered = published.flatMap(({ slug, file, post, data, scheduled }) => {
    const body = attempt(() =>
      fromMemoryCache('text', file, textContext, () =>
        checkBody(file, post, { md: (md ??= markdown()), pathExists, scheduledOn }),
      ),
    );
    if (!body) return [];
    return [
      {
        slug,
        file,
        path: `/blog/${slug}`,
        title: data.title,
        description: data.description,
        date: data.date,
        dateText: longDate(data.date),
        updated: data.updated ?? '',
        updatedText: data.updated ? longDate(data.updated) : '',
        category: data.category,
        author: data.author,
        cover: data.cover ?? '',
        coverAlt: data.coverAlt ?? '',
        draft: data.draft === true,
        scheduled,
        headings: body.headings,
        numberedHeadings: body.numberedHeadings,
        readingMinutes: Math.max(1, Math.ceil(body.words / WORDS_PER_MINUTE)),
      },
    ];
  });
  if (problems.length > 0) throw SiteErrors.of(problems);
  return rendered.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

module.exports = {
  POSTS_DIR,
  SCHEMA_FILE,
  CATEGORIES,
  POST_PHOTO,
  readPosts,
  postHtml,
  postFiles,
};
