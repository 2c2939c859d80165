/** axe-core in a page: the accessibility rules every page is held to, for the browser tests. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

/**
 * Runs axe-core with the WCAG 2.0/2.1/2.2 A and AA rules plus target-size; returns the violations.
 * axe is injected once per document: a page checked at a second width keeps it. The page must
 * bypass the CSP (newPage's `bypassCSP`), which refuses the injected script.
 */
export async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  // Only the violations leave the page: axe's full result, with every passing node, is large.
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<AxeResult> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: { 'target-size': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
  }, WCAG_TAGS);
}
