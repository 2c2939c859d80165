'use strict';
/**
 * The one shape of every build error a maintainer can cause: what is wrong, where (the path from
 * the repo root, and the line where there is one) and how to fix it.
 *
 * A SiteError is a Parcel diagnostic, so `npm run build` prints it as one block with a code frame
 * and `npm run dev` shows the same in its overlay; it carries no stack trace, which would only lead
 * into node_modules (`DEBUG=1` adds it back). Outside Parcel (the build-output tests, scripts) its
 * message is the same block as plain text.
 */
const fs = require('node:fs');
const path = require('node:path');
const { default: ThrowableDiagnostic, escapeMarkdown } = require('@parcel/diagnostic');

const { ROOT } = require('../repo-root.cjs');

/** "/abs/…/pages/pricing.html" or "pages/pricing.html" → "pages/pricing.html". */
function fromRoot(file) {
  return path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep).join('/');
}

/** The 1-based line and column of a character offset in a text. */
function locationOf(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** The location of the first occurrence of `needle` in a file, or undefined. */
function locate(file, needle) {
  const text = fs.readFileSync(path.resolve(ROOT, file), 'utf8');
  const offset = typeof needle === 'string' ? text.indexOf(needle) : text.search(needle);
  return offset === -1 ? undefined : locationOf(text, offset);
}

/** The first of `files` that contains `needle`, with where: { file, line, column }, or undefined. */
function locateIn(files, needle) {
  for (const file of files) {
    const found = locate(file, needle);
    if (found) return { file, ...found };
  }
  return undefined;
}

class SiteError extends ThrowableDiagnostic {
  /**
   * @param {{ what: string, file: string, line?: number, column?: number, fix: string }} details
   *   `file` is any path to the file to edit; line and column are 1-based.
   */
  constructor({ what, file, line, column = 1, fix }) {
    const relative = fromRoot(file);
    const where = line ? `${relative}:${line}:${column}` : relative;
    const start = { line, column };
    super({
      diagnostic: {
        origin: 'site',
        // Parcel prints the code frame under an absolute path; the message leads with the short one.
        message: escapeMarkdown(`${where}: ${what}`),
        codeFrames: [
          {
            filePath: path.resolve(ROOT, file),
            codeHighlights: line ? [{ start, end: start }] : [],
          },
        ],
        hints: [escapeMarkdown(fix)],
        ...(process.env.DEBUG ? { stack: new Error().stack } : {}),
      },
    });
    this.name = 'SiteError';
    this.message = `${where}\n  ${what}\n  Fix: ${fix}`;
    // Printed as is where Parcel does not print it (Node, the test runner): the block, no trace.
    if (!process.env.DEBUG) this.stack = `${this.name}: ${this.message}`;
    this.file = relative;
    this.line = line;
  }
}

/**
 * Mistakes found at once, in several files (every post with a mistake, in one run): one block
 * each, under a line that counts them, so that fixing one does not only reveal the next. Parcel
 * prints each as its own diagnostic.
 */
class SiteErrors extends ThrowableDiagnostic {
  /** @param {SiteError[]} errors */
  constructor(errors) {
    super({ diagnostic: errors.flatMap((error) => error.diagnostics) });
    this.name = 'SiteError';
    this.message = [
      `${errors.length} files have a mistake, each below with its fix:`,
      ...errors.map((error) => error.message),
    ].join('\n\n');
    if (!process.env.DEBUG) this.stack = `${this.name}: ${this.message}`;
    this.errors = errors;
    this.files = errors.map((error) => error.file);
    this.file = errors[0].file;
    this.line = errors[0].line;
  }

  /** One error as itself, several as one SiteErrors. */
  static of(errors) {
    return errors.length === 1 ? errors[0] : new SiteErrors(errors);
  }
}

module.exports = { SiteError, SiteErrors, ROOT, fromRoot, locationOf, locate, locateIn };
