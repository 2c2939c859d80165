import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { islandState, useBrowserAndSite } from '../support/browser';
import { routes } from '../support/site';

const site = useBrowserAndSite();

/** Records CSP violations (from the page) and console errors for one page. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return problems;
}

describe('Content-Security-Policy in Chromium (npm start)', () => {
  it('every page loads with no CSP violation and no console error', async () => {
    const problemsOf = new Map<Page, string[]>();
    const found = await site.checkEveryPath(
      routes.map((route) => route.path),
      [1280],
      // What this path's load recorded, taken out so that the tab's next path starts empty.
      (page) => Promise.resolve(problemsOf.get(page)!.splice(0)),
      {
        prepare: async (page) => void problemsOf.set(page, await watch(page)),
        // Errors after the load event count too: a page is read once its network is quiet.
        load: (page, url) => page.goto(url, { waitUntil: 'networkidle' }),
      },
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('the islands (with their import map) run under the CSP', async () => {
    const page = await site.newPage(1280);
    const problems = await watch(page);
    await page.goto(site.url('/contact'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Services', exact: true }).hover();
    await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
    await nav.getByRole('button', { name: 'Get Started' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('implemented');
    await page.getByLabel('First name').focus();
    await expect.poll(() => islandState(page, 'contact-form')).toBe('mounted');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
