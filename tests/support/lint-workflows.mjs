/**
 * Checks every GitHub Actions workflow in .github/workflows against GitHub's workflow schema
 * (@action-validator/core), and prints each error as `file:line: what is wrong`. The validator
 * names a JSON path; the line comes from the YAML file itself.
 *
 *   node tests/support/lint-workflows.mjs [files…]   (default: every workflow)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateWorkflow } from '@action-validator/core';
import { LineCounter, parseDocument } from 'yaml';

const { ROOT } = createRequire(import.meta.url)('../../scripts/build/repo-root.cjs');
const WORKFLOWS = path.join(ROOT, '.github/workflows');

/**
 * The innermost errors of a validation result. Where the schema allows one of several shapes
 * (a job that runs steps, or one that calls a reusable workflow), the shape the file came
 * closest to, the one with the fewest errors, is the one the author meant.
 */
function leafErrors(errors) {
  return errors.flatMap((error) => {
    if (!error.states?.length) return [error];
    const closest = error.states.reduce((best, state) =>
      state.errors.length < best.errors.length ? state : best,
    );
    return leafErrors(closest.errors);
  });
}

/** The line of the deepest node of `jsonPath` the document has (a missing key: its parent's line). */
function lineOf(document, lineCounter, jsonPath) {
  const keys = jsonPath
    .split('/')
    .slice(1)
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  for (let depth = keys.length; depth >= 0; depth -= 1) {
    const node = depth === 0 ? document.contents : document.getIn(keys.slice(0, depth), true);
    if (node?.range) return lineCounter.linePos(node.range[0]).line;
  }
  return 1;
}

/**
 * Every error of one workflow file, as `file:line: message` lines.
 * @param {string} file
 * @returns {string[]}
 */
export function lintWorkflow(file, source = readFileSync(file, 'utf8')) {
  const where = path.relative(ROOT, file);
  const { errors } = validateWorkflow(source);
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { lineCounter });
  return leafErrors(errors).map((error) => {
    if (error.location) return `${where}:${error.location.line}: ${error.title}: ${error.detail}`;
    // "Additional property 'runs_on' is not allowed": point at that key, not at its parent.
    const extra = /Additional property '([^']+)'/.exec(error.detail ?? '')?.[1];
    const line = lineOf(document, lineCounter, extra ? `${error.path}/${extra}` : error.path);
    const message =
      error.code === 'required'
        ? `'${error.path.split('/').pop()}' is required`
        : (error.detail ?? error.title);
    return `${where}:${line}: ${message} (at ${error.path})`;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files =
    process.argv.length > 2
      ? process.argv.slice(2)
      : readdirSync(WORKFLOWS)
          .filter((name) => /\.ya?ml$/.test(name))
          .map((name) => path.join(WORKFLOWS, name));
  const problems = files.flatMap((file) => lintWorkflow(file));
  if (problems.length > 0) {
    console.error(
      [
        ...problems,
        `Fix the workflow file(s) above; the schema is GitHub's (docs: "Workflow syntax for GitHub Actions").`,
      ].join('\n'),
    );
    process.exit(1);
  }
  console.log(`Workflows valid: ${files.map((file) => path.relative(ROOT, file)).join(', ')}`);
}
