import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, it } from 'vitest';
import siteTime from '../scripts/build/site-time.cjs';
import { loadSiteData } from '../scripts/build/posthtml-site/site-data.cjs';
import { GROWN_ROOT, grownTree } from '../tests/support/grown-tree.mjs';
import { ROOT } from '../tests/support/site';
import { startNpmServer, type RunningServer } from '../tests/support/server';
import { changedScenarios, digestsOf, recordBuild, recordedBuild } from './built-pages.mjs';
import {
  mismatchWithReferences,
  prepareCaptureBrowser,
  recordCapture,
  unsupportedReason,
} from './capture-browser.cjs';
import { describeFailures, runSuite } from './run-suite';

/**
 * Runs BackstopJS against `npm run serve` with the pinned capture browser. BACKSTOP_COMMAND=reference
 * (npm run test:visual:reference) captures new references instead, and records the browser that
 * took them and the build they show. BACKSTOP_CHANGED_ONLY=1 (npm run test:visual) captures only
 * the shipped site's scenarios whose page differs from that build (backstop/built-pages.mjs);
 * npm test and CI capture every one (npm run test:visual:all).
 */
const command = process.env.BACKSTOP_COMMAND === 'reference' ? 'reference' : 'test';
const changedOnly = command === 'test' && process.env.BACKSTOP_CHANGED_ONLY === '1';
const unsupported = unsupportedReason();
const { configFor } = createRequire(import.meta.url)('./backstop.config.cjs') as {
  configFor: (baseUrl: string, output?: string, grownUrl?: string) => Parameters<typeof runSuite>[1];
};

/** What a build as of `day` publishes: each post, with the day it last changed. */
const published = (day: string) => {
  const { blog } = loadSiteData({ day });
  return JSON.stringify(blog.order.map((slug) => [slug, blog.posts[slug]!.updated]));
};

/**
 * The suite tests the site as of the references' day: when dist/ was built as of another day and
 * publishes other posts (a scheduled post's day has come), it is built again as of theirs, so
 * that the calendar alone changes no capture. A build as of that day that fails (a post updated
 * since) leaves today's build, whose changes then show as such.
 */
function buildAsOfReferences(): void {
  const day = recordedBuild()?.day;
  const built = siteTime.builtDay(ROOT);
  if (!day || !built || day === built || published(day) === published(built)) return;
  console.log(`Building the site as of ${day}, the day the references were taken (dist/ is as of ${built}).`);
  try {
    execFileSync('npm', ['run', '--silent', 'build'], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DAY: day },
      stdio: 'pipe',
    });
  } catch {
    console.log(`The site cannot be built as of ${day}: testing the build as of ${built}.`);
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'pipe' });
  }
}

describe.skipIf(unsupported)('visual regression (BackstopJS)', () => {
  // Unset when the run stops before capturing.
  let server: RunningServer | undefined;
  let grownServer: RunningServer | undefined;
  beforeAll(async () => {
    await prepareCaptureBrowser();
    // A run on another build would report every capture as changed: stop before capturing.
    const mismatch = command === 'test' && mismatchWithReferences();
    if (mismatch) throw new Error(mismatch);
    if (command === 'test') buildAsOfReferences();
    server = await startNpmServer('serve');
    // The grown pages are captured by the full run (npm test, CI), not by an edit's.
    if (!changedOnly) grownServer = await startNpmServer('serve', [], 60_000, await grownTree());
  }, 300_000);
  afterAll(() => Promise.all([server?.stop(), grownServer?.stop()]));

  it(`backstop ${command}: ${changedOnly ? "the pages an edit changed, since the references' build" : 'every page at its widths, the shared parts, interactions, JavaScript off and the grown pages'}`, async () => {
    const config = configFor(server!.url, undefined, grownServer?.url);
    const sites = [
      { url: server!.url, root: ROOT },
      ...(grownServer ? [{ url: grownServer.url, root: GROWN_ROOT }] : []),
    ];
    const digests = digestsOf(config.scenarios as { label: string; url: string }[], sites);
    if (changedOnly) {
      config.scenarios = changedScenarios(
        config.scenarios as { label: string; url: string }[],
        digests,
        recordedBuild(),
      );
      console.log(
        `${config.scenarios.length} scenario(s) whose page differs from the references' build` +
          (config.scenarios.length > 0 ? '' : ': nothing to capture') +
          '. The grown pages and every other capture: npm run test:visual:all (npm test and CI run it).',
      );
      if (config.scenarios.length === 0) return;
    }
    const failed = await runSuite(command, config);
    if (failed.length > 0) throw new Error(describeFailures(failed));
    if (command === 'reference') {
      recordCapture();
      recordBuild({ day: siteTime.builtDay(ROOT), pages: digests });
    }
  }, 900_000);
});

if (unsupported) {
  it('visual regression: not run on this machine', () => {
    console.log(
      `Visual suite not run: ${unsupported}. Run npm run test:visual on Linux x64 or let CI run it; every other check runs here.`,
    );
  });
}
