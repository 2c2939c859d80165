'use strict';
/**
 * Turns what goes wrong while a page's expressions are evaluated into a SiteError at the file and
 * line of the expression. posthtml-expressions' own errors name neither ("'title' is not
 * defined"), and it passes the rendered tree on without a path, so the expression is looked for in
 * the files the page is made of (the page, the layout, the partials), in that order.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SiteError, ROOT, locationOf, locateIn } = require('./site-error.cjs');
const { PAGES_DIR } = require('../repo-root.cjs');

/** Where an expression can be: a {{ placeholder }}, or a loop, condition or switch attribute. */
const EXPRESSION = /\{\{\{?([\s\S]*?)\}?\}\}|\b(?:loop|condition|expression)="([^"]*)"/g;

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first expression in `files` that `test` accepts: { file, line, column, text }. */
function findExpression(files, test) {
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(EXPRESSION)) {
      const body = match[1] ?? match[2];
      if (test(body)) return { file, ...locationOf(text, match.index), text: match[0] };
    }
  }
  return undefined;
}

/** "pricing.addons[2]" → "pages/_data/pricing.json" when the root name is a data file's. */
function dataFileOf(owner) {
  const root = /^[A-Za-z_$][\w$]*/.exec(owner)[0];
  const file = `${PAGES_DIR}/_data/${root.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.json`;
  return fs.existsSync(path.join(ROOT, file)) ? file : undefined;
}

/**
 * A property read that found nothing ({ property, owner, has } from strict-data.cjs). The name can
 * be in an expression (`.prise`, `['prise']`) or be data an include passed (`"keys": ["dealz"]`).
 */
function missingPropertyError({ property, owner, has }, files) {
  const named = new RegExp(`\\.${escapeRegExp(property)}\\b|\\[\\s*['"]${escapeRegExp(property)}['"]\\s*\\]`);
  const found = findExpression(files, (body) => named.test(body)) ||
    locateIn(files, `"${property}"`) || { file: files[0] };
  const dataFile = dataFileOf(owner);
  return new SiteError({
    what: `${found.text ? `${found.text} reads` : 'An expression reads'} "${property}", which ${owner} does not have.`,
    file: found.file,
    line: found.line,
    column: found.column,
    fix:
      `${owner} has: ${has.join(', ') || 'nothing'}. Correct the name` +
      (dataFile
        ? `, or add "${property}" to ${dataFile} and its schema (with a default if it may be absent).`
        : '.'),
  });
}

/**
 * An error thrown while rendering: an undefined variable ("'titel' is not defined", "titel is not
 * defined"), or an expression that evaluates to nothing ("'page.url' is not defined"). Anything
 * else is returned as it came.
 */
function renderError(error, files) {
  if (error instanceof SiteError) return error;
  const quoted = /'([^']+)' is not defined/.exec(error.message);
  const bare = /ReferenceError: ([\w$]+) is not defined/.exec(error.message);
  if (!quoted && !bare) return error;
  const expression = quoted ? quoted[1] : bare[1];
  const word = new RegExp(`(^|[^\\w$.])${escapeRegExp(expression)}($|[^\\w$])`);
  const found = findExpression(files, (body) => word.test(body)) || { file: files[0] };
  return new SiteError({
    what: `${found.text || expression} reads "${expression}", which is not defined here.`,
    file: found.file,
    line: found.line,
    column: found.column,
    fix:
      'Correct the name. In a partial, a local must be declared in its first comment and given by every include; ' +
      'the site data is there by file name (site, pricing, team, …), and page for the page being built.',
  });
}

/** Elements whose text is not the page's words. */
const NOT_TEXT = new Set(['script', 'style']);

/** The first element whose text or attributes render the word "undefined", or undefined. */
function elementShowingUndefined(nodes) {
  for (const node of nodes) {
    if (!node || typeof node !== 'object' || NOT_TEXT.has(node.tag)) continue;
    const content = Array.isArray(node.content) ? node.content : [];
    const shows = (text) => typeof text === 'string' && /\bundefined\b/.test(text);
    if (Object.values(node.attrs || {}).some(shows) || content.some(shows)) return node;
    const inner = elementShowingUndefined(content);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Inside <each>, posthtml-expressions evaluates without strictMode: a misspelt loop variable
 * renders the word "undefined" instead of failing. The rendered page is searched for it, and the
 * expression is looked for by the element's class in the files the page is made of.
 */
function undefinedInOutput(tree, files) {
  const element = elementShowingUndefined(tree);
  if (!element) return undefined;
  const [firstClass] = String((element.attrs && element.attrs.class) || '').split(/\s+/);
  const byClass = firstClass && new RegExp(`class="[^"]*\\b${escapeRegExp(firstClass)}\\b`);
  const found = (byClass && locateIn(files, byClass)) || { file: files[0] };
  const tag = `<${element.tag}${firstClass ? ` class="${firstClass}"` : ''}>`;
  return new SiteError({
    what: `The page shows the word "undefined" in ${tag}: an expression there reads a name that does not exist.`,
    ...found,
    fix: 'Correct the name in that element\'s expression. Inside <each> a misspelt loop variable renders "undefined" instead of failing.',
  });
}

module.exports = { missingPropertyError, renderError, undefinedInOutput };
