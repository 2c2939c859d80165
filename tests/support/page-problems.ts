/** What a page reports that a visitor never should: CSP violations, console errors, uncaught errors. */
import type { Page } from 'puppeteer-core';

/** Records CSP violations (from the page) and console errors for one page. */
export async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`error: ${String(error)}`));
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return problems;
}
