/**
 * The failed captures of the last `npm run test:visual`, read from BackstopJS's JSON report: one
 * line each (scenario, width, mismatch, diff image), or a Markdown table for a CI job summary.
 *
 *   node backstop/failed-captures.mjs             the list, as the visual suite prints it
 *   node backstop/failed-captures.mjs --markdown  the table, added to $GITHUB_STEP_SUMMARY when
 *                                                     GitHub Actions sets it, else printed
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { ROOT } = createRequire(import.meta.url)('../scripts/build/repo-root.cjs');
export const JSON_REPORT = path.join(HERE, 'output/json_report/jsonReport.json');
export const HTML_REPORT = path.join(HERE, 'output/html_report/index.html');

/** The viewports' widths by label, as backstop.config.cjs declares them. */
const WIDTHS = { phone: 375, tablet: 768, laptop: 1024, desktop: 1280 };

/**
 * One row per failed capture of a BackstopJS JSON report. Page scenarios are labelled
 * "page <path>"; an interaction scenario's label is its state, and its page is its URL's path.
 * Paths in the report are relative to its own folder; the rows name them from the repo root.
 */
export function failedCaptures(report) {
  const reportFolder = path.dirname(JSON_REPORT);
  return report.tests
    .filter((test) => test.status !== 'pass')
    .map(({ pair }) => {
      const isPage = pair.label.startsWith('page ');
      const mismatch = pair.diff?.misMatchPercentage;
      return {
        page: isPage ? pair.label.slice('page '.length) : new URL(pair.url).pathname,
        state: isPage ? 'page' : pair.label,
        viewport: pair.viewportLabel,
        width: WIDTHS[pair.viewportLabel],
        mismatch:
          mismatch !== undefined
            ? `${mismatch} %`
            : pair.diff?.isSameDimensions === false
              ? 'other size'
              : 'not captured',
        diffImage: pair.diffImage ? path.relative(ROOT, path.resolve(reportFolder, pair.diffImage)) : '',
      };
    });
}

/** The failed captures as lines for a terminal, with where to look next. */
export function failuresAsText(rows) {
  return [
    `${rows.length} capture(s) differ from the references:`,
    ...rows.map(
      (row) =>
        `  ${row.page} · ${row.state} · ${row.viewport} (${row.width}px) · ${row.mismatch}` +
        (row.diffImage ? ` · ${row.diffImage}` : ''),
    ),
    `Report: ${path.relative(ROOT, HTML_REPORT)} (npm run test:visual:report serves it).`,
    'If every difference is intended: npm run test:visual:approve, then commit the references.',
  ].join('\n');
}

/** The failed captures as a Markdown table (page, width, state, mismatch). */
export function failuresAsMarkdown(rows) {
  if (rows.length === 0) return '### Visual regression\n\nEvery capture matches its reference.\n';
  const cell = (text) => String(text).replaceAll('|', '\\|');
  return [
    '### Visual regression: captures that differ',
    '',
    '| Page | Width | State | Mismatch |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${cell(row.page)} | ${row.width}px (${row.viewport}) | ${cell(row.state)} | ${row.mismatch} |`,
    ),
    '',
    'The diff images and the HTML report are in the `visual-report` artifact.',
    '',
  ].join('\n');
}

/** Reads the last run's report; undefined when there is none (no run, or a run stopped before capturing). */
export function readLastReport() {
  return existsSync(JSON_REPORT) ? JSON.parse(readFileSync(JSON_REPORT, 'utf8')) : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = readLastReport();
  const rows = report ? failedCaptures(report) : [];
  if (process.argv.includes('--markdown')) {
    const markdown = report
      ? failuresAsMarkdown(rows)
      : '### Visual regression\n\nNo report: the visual suite did not capture.\n';
    if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown);
    else console.log(markdown);
  } else if (!report) console.log('No visual report: run npm run test:visual first.');
  else console.log(rows.length > 0 ? failuresAsText(rows) : 'Every capture matches its reference.');
}
