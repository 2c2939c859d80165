/**
 * One run of the visual suite: BackstopJS with a config of backstop.config.cjs, then every capture
 * it passed compared pixel for pixel (exact-pixels.mjs). Returns the captures that differ from
 * their references, each named; visual.test.ts runs the suite on dist/, one-changed-digit.test.ts
 * on a copy of the built site with one changed digit.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import backstop from 'backstopjs';
import { failNearMisses } from './exact-pixels.mjs';
import { failures } from './failures.mjs';

export type Failure = ReturnType<typeof failures>[number];

/**
 * Closes the browser the run's captures shared: BackstopJS as patched launches one for the run,
 * not one per capture (docs/dependencies.md, "Patched").
 */
const { closeBrowsers } = createRequire(import.meta.url)('backstopjs/core/util/runPuppet.js') as {
  closeBrowsers: () => Promise<void>;
};

export interface SuiteConfig {
  scenarios: object[];
  paths: { json_report: string };
}

/** Runs `backstop test` (or `reference`) with `config`. Resolves with the captures that differ (none for `reference`). */
export async function runSuite(command: 'test' | 'reference', config: SuiteConfig): Promise<Failure[]> {
  const reportFile = path.join(config.paths.json_report, 'jsonReport.json');
  // A report left by an earlier run must not be read as this run's.
  rmSync(config.paths.json_report, { recursive: true, force: true });
  let error: Error | undefined;
  try {
    await backstop(command, { config });
  } catch (caught) {
    error = caught instanceof Error ? caught : new Error(String(caught));
  } finally {
    await closeBrowsers();
  }
  if (command === 'reference') {
    if (error) throw error;
    return [];
  }
  if (!existsSync(reportFile)) throw error ?? new Error(`BackstopJS wrote no report (${reportFile})`);
  await failNearMisses(reportFile);
  const rows = failures(
    JSON.parse(readFileSync(reportFile, 'utf8')) as Parameters<typeof failures>[0],
    reportFile,
  );
  // Backstop's own error says only how many failed: without a listed capture, it is another error.
  if (error && rows.length === 0) throw error;
  return rows;
}

/** The message of a failed run: each capture, then how to look at them and accept them. */
export function describeFailures(rows: Failure[]): string {
  return [
    `${rows.length} capture(s) differ from the references:`,
    ...rows.map(({ capture, mismatch, diff }) => `  ${capture} · ${mismatch} · ${diff}`),
    'npm run test:visual:report shows each beside its reference; if every one is meant: npm run test:visual:approve.',
  ].join('\n');
}
