/**
 * The visual suite sees one changed word at every width. A copy of the built site with one digit
 * of the office hours changed, and nothing else, on the pages that show them; the suite, run on it
 * against the committed references, must fail every full-page capture of every page that shows
 * the hours, naming each, and pass what does not show them.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileOfRoute } from '../scripts/build/route-file.cjs';
import { startNpmServer, type RunningServer } from '../tests/support/server';
import { DIST, ROOT, parseHtml, site as shipped, textOf } from '../tests/support/site';
import { mismatchWithReferences, prepareCaptureBrowser, unsupportedReason } from './capture-browser.cjs';
import { runSuite, type Failure } from './run-suite';

interface Scenario {
  label: string;
  url: string;
  selectors?: string[];
  viewports?: { label: string }[];
}
interface SuiteConfig {
  scenarios: Scenario[];
  viewports: { label: string }[];
  paths: { json_report: string };
}
const { configFor } = createRequire(import.meta.url)('./backstop.config.cjs') as {
  configFor: (baseUrl: string, output: string) => SuiteConfig;
};
/** The hours with their first digit one lower (or one higher for a 0): "Mon-Fri 9AM-6PM EST" → "Mon-Fri 8AM-6PM EST". */
const oneDigitChanged = (text: string) =>
  text.replace(/\d/, (digit) => String(digit === '0' ? 1 : Number(digit) - 1));
const hours = { from: shipped.hours, to: oneDigitChanged(shipped.hours) };

/**
 * A copy of the built site, served by `npm run serve` from its own folder, with the hours changed
 * in every page that shows them: what a build with that one edit would send.
 */
function copyWithChangedHours(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'one-changed-digit-'));
  for (const folder of ['dist', 'hosting'])
    cpSync(path.join(ROOT, folder), path.join(root, folder), { recursive: true });
  cpSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  for (const file of readdirSync(path.join(root, 'dist'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const html = readFileSync(path.join(root, 'dist', file), 'utf8');
    if (html.includes(hours.from))
      writeFileSync(path.join(root, 'dist', file), html.replaceAll(hours.from, hours.to));
  }
  return root;
}

describe.skipIf(unsupportedReason())('the visual suite on a build with one changed digit', () => {
  let copy: string;
  let server: RunningServer | undefined;
  let showingHours: Scenario[];
  let failed: Failure[];
  /** A page of the changed copy, by the URL a scenario captures (the 404 page for any other). */
  const builtPage = (url: string) => {
    const file = path.join(copy, 'dist', fileOfRoute(new URL(url).pathname));
    return parseHtml(readFileSync(existsSync(file) ? file : path.join(copy, 'dist', '404.html'), 'utf8'));
  };

  beforeAll(async () => {
    await prepareCaptureBrowser();
    const mismatch = mismatchWithReferences();
    if (mismatch) throw new Error(mismatch);
    expect(existsSync(path.join(DIST, '_headers')), 'the built site').toBe(true);
    copy = copyWithChangedHours();
    server = await startNpmServer('serve', [], 60_000, copy);
    const config = configFor(server.url, path.join(ROOT, 'backstop/output/one-changed-digit'));
    // The shipped site's scenarios whose page shows the hours, read from the changed copy itself.
    showingHours = config.scenarios.filter((scenario) =>
      textOf(builtPage(scenario.url).body).includes(hours.to),
    );
    // Copies: Backstop fills in each scenario's defaults in place.
    failed = await runSuite('test', {
      ...config,
      scenarios: showingHours.map((scenario) => ({ ...scenario })),
    });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('fails the full-page capture of each page that shows the hours, at every width, naming each', () => {
    const pages = showingHours.filter((scenario) => scenario.label.startsWith('page '));
    expect(pages.length, `pages showing "${hours.to}"`).toBeGreaterThan(0);
    const expected = pages.flatMap((scenario) =>
      (scenario.viewports ?? configFor('', '').viewports).map(
        (viewport) => `${scenario.label} · ${viewport.label}`,
      ),
    );
    const named = failed.map((failure) => failure.capture);
    for (const capture of expected) expect(named, `"${hours.from}" → "${hours.to}"`).toContain(capture);
    // Each is a changed word, not another size: a share of its pixels.
    for (const failure of failed.filter((row) => expected.includes(row.capture)))
      expect(failure.mismatch, failure.capture).toMatch(/^[\d.e-]+ %$/);
  });

  it('passes each capture of an element that does not hold the hours', () => {
    // An element capture (the contact form after a submit) shows the element alone.
    const elementCaptures = showingHours.filter((scenario) =>
      (scenario.selectors ?? ['document']).every((selector) => !['document', 'viewport'].includes(selector)),
    );
    const withoutHours = elementCaptures.filter((scenario) =>
      scenario.selectors!.every(
        (selector) => !textOf(builtPage(scenario.url).querySelector(selector)).includes(hours.to),
      ),
    );
    expect(withoutHours.length, 'element captures on the pages that show the hours').toBeGreaterThan(0);
    const labels = new Set(withoutHours.map((scenario) => scenario.label));
    expect(failed.filter((failure) => labels.has(failure.capture.split(' · ')[0]!))).toEqual([]);
  });
});
