// @vitest-environment node
/**
 * BackstopJS as scripts/build/patches/ leaves it (docs/dependencies.md, "Patched"): the captures
 * of a run share one browser, each in a context of its own, and the run closes it
 * (backstop/run-suite.ts). Fails when the package runs unpatched: a launch per capture, and no
 * closeBrowsers.
 */
import { createRequire } from 'node:module';
import { afterEach, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
// The puppeteer BackstopJS requires, and its capture of one scenario at one viewport.
const puppeteer = require('puppeteer') as { launch: (options: object) => Promise<unknown> };
const runPuppet = require('backstopjs/core/util/runPuppet.js') as ((job: object) => Promise<unknown>) & {
  closeBrowsers?: () => Promise<void>;
};

afterEach(() => {
  vi.restoreAllMocks();
});

it('launches one browser for every capture of a run, a context each, and closes it when told', async () => {
  const context = {
    // Where this test stops each capture: what comes after is BackstopJS's own.
    newPage: vi.fn(() => Promise.reject(new Error('no page in this test'))),
    close: vi.fn(),
  };
  const browser = { createBrowserContext: vi.fn(() => Promise.resolve(context)), close: vi.fn() };
  const launch = vi.spyOn(puppeteer, 'launch').mockResolvedValue(browser);
  const capture = (label: string) =>
    runPuppet({
      scenario: { label, url: 'about:blank' },
      viewport: { label: 'phone', width: 375, height: 667 },
      config: { paths: {}, env: {}, engineOptions: { args: ['--no-sandbox'] } },
    });
  for (const label of ['one', 'two', 'three']) await expect(capture(label)).rejects.toThrow('no page');
  expect(launch).toHaveBeenCalledTimes(1);
  expect(browser.createBrowserContext).toHaveBeenCalledTimes(3);
  expect(runPuppet.closeBrowsers, 'closeBrowsers, which the patch adds').toBeTypeOf('function');
  await runPuppet.closeBrowsers!();
  expect(browser.close).toHaveBeenCalledTimes(1);
});
