import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWorkflow } from './lint-workflows.mjs';

const CI = path.resolve('.github/workflows/ci.yml');
const source = readFileSync(CI, 'utf8');
const lineOf = (text: string) => source.split('\n').findIndex((line) => line.includes(text)) + 1;

describe('workflow lint', () => {
  it('passes the committed workflows', () => {
    expect(lintWorkflow(CI)).toEqual([]);
    expect(lintWorkflow(path.resolve('.github/workflows/visual-references.yml'))).toEqual([]);
  });

  it('names the file and the line of a mistyped key', () => {
    const typo = source.replace('    runs-on:', '    runs_on:');
    expect(lintWorkflow(CI, typo)).toContain(
      `.github/workflows/ci.yml:${lineOf('    runs-on:')}: Additional property 'runs_on' is not allowed (at /jobs/test)`,
    );
  });

  it('names the file and the line of a value of the wrong type', () => {
    const wrong = source.replace(/timeout-minutes: \d+/, 'timeout-minutes: forty');
    expect(lintWorkflow(CI, wrong)).toEqual([
      `.github/workflows/ci.yml:${lineOf('timeout-minutes:')}: The value must be number (at /jobs/test/timeout-minutes)`,
    ]);
  });

  it('names the file and the line of a YAML syntax error', () => {
    const [error] = lintWorkflow(CI, 'on: [push\njobs: {}\n');
    expect(error).toMatch(/^\.github\/workflows\/ci\.yml:2: Parse Error/);
  });
});
