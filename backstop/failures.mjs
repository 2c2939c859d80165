/**
 * What BackstopJS's own reports leave out: its failed captures as a few lines. Its HTML report
 * (`npm run test:visual:report`), its JSON report and its JUnit report (output/ci_report/, for a
 * CI service that reads JUnit) are its own, and CI uploads them as the `visual-report` artifact.
 *   node backstop/failures.mjs             the failed captures of the last run
 *   node backstop/failures.mjs --markdown  as a table, into $GITHUB_STEP_SUMMARY when it is set
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const JSON_REPORT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'output/json_report/jsonReport.json',
);

/**
 * A failed capture's share of changed pixels: the exact one where the comparison gave it (a changed
 * word is under 0.005 % of a full page, which Backstop's rounded figure shows as 0.00 %).
 */
function mismatchOf(diff) {
  if (!diff) return 'not compared (its reference or capture is missing)';
  if (diff.isSameDimensions === false) return 'another size';
  const share = Number(diff.rawMisMatchPercentage ?? diff.misMatchPercentage);
  return `${share >= 0.01 ? share.toFixed(2) : share.toPrecision(2)} %`;
}

/**
 * The failed captures of a report (by default the last run's): label, width, mismatch, diff image.
 * `reportFile` is where the report was written, which its paths are relative to.
 */
export function failures(
  report = existsSync(JSON_REPORT) ? JSON.parse(readFileSync(JSON_REPORT, 'utf8')) : { tests: [] },
  reportFile = JSON_REPORT,
) {
  return report.tests
    .filter((test) => test.status !== 'pass')
    .map(({ pair }) => ({
      capture: `${pair.label} · ${pair.viewportLabel}`,
      mismatch: mismatchOf(pair.diff),
      diff: pair.diffImage
        ? path.relative(process.cwd(), path.resolve(path.dirname(reportFile), pair.diffImage))
        : '',
    }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = failures();
  const markdown = process.argv.includes('--markdown');
  const lines = rows.map(({ capture, mismatch, diff }) =>
    markdown ? `| ${capture} | ${mismatch} |` : `${capture} · ${mismatch} · ${diff}`,
  );
  const text = markdown
    ? `### Visual regression\n\n${rows.length ? ['| Capture | Mismatch |', '| --- | --- |', ...lines].join('\n') : 'No capture differs.'}\n`
    : lines.join('\n') || 'No capture differs.';
  if (markdown && process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, text);
  else console.log(text);
}
