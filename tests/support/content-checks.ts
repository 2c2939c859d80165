/**
 * The build-output checks an edit of the content can trip, run on a built copy of the tree: every
 * check of the site as it is (tests/build), but those that start the hosts (hosting, the editor's
 * sign-in) or make copies of their own, whose verdict an edit of the content cannot change and
 * whose servers would double the run. The README's recipes and the browser editor's saves are
 * checked with them (tests/machinery/maintainer-edits.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, runIn } from './site';
import type { TreeCopy } from './tree-copy';

const OWN_SERVERS = /from '\.\.\/support\/(?:tree-copy|hosts)'/;
const CONTENT_CHECKS = readdirSync(path.join(ROOT, 'tests/build'))
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => !OWN_SERVERS.test(readFileSync(path.join(ROOT, 'tests/build', file), 'utf8')))
  .map((file) => `tests/build/${file}`);

/** A failed check of the copy: which test, and the first line of what it said. */
export interface Failed {
  test: string;
  cause: string;
}

/**
 * Runs the content checks on a built copy (of the tree, or of the site: runIn), as Vitest's JSON
 * report gives them (never its terminal output).
 */
export function runContentChecks(tree: TreeCopy): Failed[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-checks-'));
  const report = path.join(folder, 'report.json');
  const { cwd, env } = runIn(tree.root);
  try {
    execFileSync(
      'npx',
      ['vitest', 'run', '--project', 'build', '--reporter=json', `--outputFile=${report}`, ...CONTENT_CHECKS],
      { cwd, stdio: 'pipe', encoding: 'utf8', env: { ...env, NO_COLOR: '1' } },
    );
    return [];
  } catch (error) {
    if (!existsSync(report)) {
      const { stderr = '' } = error as { stderr?: string };
      return [{ test: 'the checks', cause: stderr.trim().split('\n')[0] ?? String(error) }];
    }
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: {
        name: string;
        message?: string;
        assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
      }[];
    };
    return testResults.flatMap((file) => {
      const name = path.relative(cwd, file.name);
      const failed = file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => ({
          test: `${name} › ${test.fullName}`,
          cause: test.failureMessages[0]?.split('\n')[0] ?? '',
        }));
      return failed.length > 0 || !file.message
        ? failed
        : [{ test: name, cause: file.message.split('\n')[0]! }];
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
