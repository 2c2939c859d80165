'use strict';
/**
 * Checks every `<include>` against the locals its partial declares, before anything is rendered.
 *
 * A partial declares its locals in its first comment, one line each (as GOV.UK's component yaml
 * or Astro's Props do):
 *
 *     title  string, required  the page's h1
 *     tone   string, optional  "alt" for the tinted background
 *
 * posthtml-include ignores `locals` that are not valid JSON, and a missing or misspelt local only
 * shows later as "'title' is not defined" with no file, or as an empty element. Here each of those
 * stops the build at the include's own file and line, naming the partial, the local and what the
 * partial expects. The files are read from disk with their source locations, which is also why a
 * page's own file is checked here (Parcel hands the plugin the page's markup but not its path).
 */
const fs = require('node:fs');
const path = require('node:path');
const { distance } = require('fastest-levenshtein');
const { elementsOf, perFile } = require('./source-files.cjs');
const { SiteError, ROOT, fromRoot } = require('./site-error.cjs');
const { PARTIALS_ROOT } = require('../repo-root.cjs');

/** An expression inside a locals value: checked as the string it will become. */
const PLACEHOLDER = /\{\{[\s\S]*?\}\}/g;
/** What a placeholder becomes for the check: text no maintainer writes. */
const EXPRESSION = '\u{E000}';

const ICON_PARTIAL = path.join(PARTIALS_ROOT, 'partials/icon.html');

/**
 * The names partials/icon.html draws: its `<case n="'…'">` values, and the aliases its `<switch>`
 * maps onto them (`name === 'x' ? 'close' : name`).
 */
function iconNames() {
  return perFile('icon names', ICON_PARTIAL, () => {
    const text = fs.readFileSync(ICON_PARTIAL, 'utf8');
    const cases = [...text.matchAll(/<case n="'([^']+)'">/g)].map(([, name]) => name);
    const switchExpression = /<switch expression="([^"]*)"/.exec(text)?.[1] ?? '';
    const aliases = [...switchExpression.matchAll(/name === '([^']+)'/g)].map(([, name]) => name);
    return [...cases, ...aliases];
  });
}

/**
 * The types a declaration may name: each checks a value, and names what it holds (and, where the
 * purpose cannot say it, how to fix it) for a message.
 * An `icon` that comes from an expression is checked where it is written, at the include that
 * gives it a name.
 */
const TYPES = {
  string: { check: (value) => typeof value === 'string', noun: 'a string' },
  'string[]': {
    check: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
    noun: 'a string[]',
  },
  'object[]': {
    check: (value) =>
      Array.isArray(value) &&
      value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item)),
    noun: 'an object[] (a list of {…}, each with the fields the declaration names)',
  },
  number: { check: (value) => typeof value === 'number', noun: 'a number' },
  boolean: { check: (value) => typeof value === 'boolean', noun: 'a boolean' },
  icon: {
    check: (value) =>
      typeof value === 'string' && (value.includes(EXPRESSION) || iconNames().includes(value)),
    noun: 'an icon partials/icon.html draws',
    fix: () => `Use one of: ${iconNames().join(', ')}.`,
  },
};

/** "name  type, required|optional  purpose" */
const DECLARATION = /^\s*([A-Za-z_$][\w$]*)\s+(\S+?)\s*,\s*(required|optional)\s+(.+?)\s*$/;

/** The locals a partial declares, by name: { type, required, purpose, line }. */
function declaredLocals(partial) {
  return perFile('declarations', partial, () => {
    const text = fs.readFileSync(partial, 'utf8');
    const comment = /<!--([\s\S]*?)-->/.exec(text);
    const declared = {};
    if (!comment) return declared;
    const firstLine = text.slice(0, comment.index).split('\n').length;
    comment[1].split('\n').forEach((line, index) => {
      const match = DECLARATION.exec(line);
      if (!match) return;
      const [, name, type, presence, purpose] = match;
      if (!TYPES[type]) {
        throw new SiteError({
          what: `The local "${name}" is declared with the type "${type}", which the build does not know.`,
          file: partial,
          line: firstLine + index,
          fix: `Use one of: ${Object.keys(TYPES).join(', ')}.`,
        });
      }
      declared[name] = { type, required: presence === 'required', purpose };
    });
    return declared;
  });
}

/** How a partial's declaration reads in a message: "title (string, required)". */
function describe(declared) {
  const names = Object.entries(declared).map(
    ([name, { type, required }]) => `${name} (${type}, ${required ? 'required' : 'optional'})`,
  );
  return names.length ? `It declares ${names.join(', ')}.` : 'It declares no locals.';
}

/** The existing partial whose path is nearest to a misspelt one, if any is near. */
function nearestPartial(src) {
  const partials = fs
    .readdirSync(path.join(PARTIALS_ROOT, 'partials'), { recursive: true })
    .filter((file) => file.endsWith('.html'))
    .map((file) => `partials/${file.split(path.sep).join('/')}`);
  const [best] = partials
    .map((file) => ({ file, distance: distance(src, file) }))
    .sort((a, b) => a.distance - b.distance);
  // Near: a typo or two, not a different name.
  return best && best.distance <= Math.max(3, Math.round(src.length / 5)) ? best.file : undefined;
}

/** Checks one include of `file`; returns the partial's absolute path. */
function checkInclude(file, node) {
  const { line, column } = node.location.start;
  const where = { file, line, column };
  const src = node.attrs && node.attrs.src;
  if (!src) {
    throw new SiteError({
      ...where,
      what: 'This <include> has no src.',
      fix: 'Name the partial: <include src="partials/…">.',
    });
  }
  const partial = path.join(PARTIALS_ROOT, src);
  if (!fs.existsSync(partial)) {
    const nearest = nearestPartial(src);
    throw new SiteError({
      ...where,
      what: `This <include> names ${src}, which does not exist.`,
      fix:
        (nearest ? `Did you mean "${nearest}"? ` : '') +
        'Correct the path (it is read from the site root, e.g. "partials/content/cta.html"), or create the partial.',
    });
  }
  const declared = declaredLocals(partial);
  const raw = node.attrs.locals;
  let locals = {};
  if (raw !== undefined) {
    try {
      locals = JSON.parse(raw.replace(PLACEHOLDER, EXPRESSION));
    } catch (error) {
      throw new SiteError({
        ...where,
        what: `The locals of this include of ${src} are not valid JSON (${error.message}).`,
        fix: `Write them as a JSON object in single quotes, names and strings in double quotes, no trailing comma: locals='{"title": "…"}'.`,
      });
    }
    if (locals === null || typeof locals !== 'object' || Array.isArray(locals)) {
      throw new SiteError({
        ...where,
        what: `The locals of this include of ${src} are not a JSON object.`,
        fix: `Write them as {"name": value, …}. ${describe(declared)}`,
      });
    }
  }
  for (const [name, value] of Object.entries(locals)) {
    const declaration = declared[name];
    if (!declaration) {
      throw new SiteError({
        ...where,
        what: `${src} has no local "${name}".`,
        fix: `Correct the name, or declare it in the partial's first comment. ${describe(declared)}`,
      });
    }
    const type = TYPES[declaration.type];
    if (!type.check(value)) {
      throw new SiteError({
        ...where,
        what: `The local "${name}" of ${src} is ${JSON.stringify(value)}, not ${type.noun}.`,
        fix: type.fix ? type.fix() : `Give ${type.noun}: ${declaration.purpose}.`,
      });
    }
  }
  for (const [name, declaration] of Object.entries(declared)) {
    if (declaration.required && !(name in locals)) {
      throw new SiteError({
        ...where,
        what: `This include of ${src} does not give the required local "${name}".`,
        fix: `Add "${name}" (${declaration.type}: ${declaration.purpose}) to its locals.`,
      });
    }
  }
  return partial;
}

/**
 * Checks the includes of `files` and of every partial they include, each file once; returns every
 * file visited, the given ones first (the files a page is made of).
 */
function checkIncludes(files) {
  const visited = new Set();
  const visit = (file) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const node of elementsOf(file)) if (node.tag === 'include') visit(checkInclude(file, node));
  };
  files.map((file) => path.resolve(ROOT, file)).forEach(visit);
  return [...visited].map(fromRoot);
}

module.exports = { checkIncludes };
