import { defineConfig } from 'vitest/config';

/**
 * In the grown tree (tests/support/grown-tree.mjs), the browser checks of the parts whose markup
 * no content changes (the header's islands, the contact form and its leads, the toast, what a
 * failing chunk does, moving between pages, the header without JavaScript) give the verdict they
 * give on the shipped tree: they run there only. The checks that read what the tree holds (every
 * page, every photo, every post) run on both.
 */
const GROWN_TREE = process.env.GROWN_TREE === '1';
/** The set-up of the projects that test a built site: built first, and a temporary folder of the run's own. */
const BUILT_SITE = ['tests/support/build-first.mjs', 'tests/support/scratch-folder.mjs'];
const FIXED_PARTS = [
  'islands',
  'lead-delivery',
  'lead-receiver',
  'when-code-fails',
  'instant-navigation',
  'no-js-navigation',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'happy-dom',
          // Plus the test tools' own logic (*.unit.test.ts), which needs no browser or build.
          include: ['scripts/**/*.test.{ts,tsx}', 'tests/**/*.unit.test.ts', 'backstop/**/*.unit.test.ts'],
          setupFiles: ['tests/support/unit-setup.ts'],
          // The files share the packages they import (React, Testing Library) instead of loading
          // them per file (docs/performance.md, "The length of npm test"). The set-up file imports
          // the project's own modules afresh for each file.
          isolate: false,
        },
      },
      {
        test: {
          // The built site as it is, whatever the tree holds: run on the shipped tree and on the
          // grown one (tests/support/grown-tree.mjs).
          name: 'build',
          // They test dist/, built first when a source changed (build-first.mjs).
          globalSetup: BUILT_SITE,
          environment: 'node',
          // Files in one worker share the modules they import (happy-dom, Parcel, html-validate)
          // instead of importing them again per file. These files change no global state: no
          // mocks, no environment variables.
          isolate: false,
          include: ['tests/build/**/*.test.ts'],
          // Some tests start real servers and make a request per route: seconds on a busy machine.
          testTimeout: 30_000,
          // Two files at a time (Vitest's default here is one, a core less than the machine's
          // two): many of these wait on a server or a Parcel build, so two overlap.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The build's machinery, on copies of the tree it edits as a maintainer would (a
          // mistake, a recipe, the dev server): run on the shipped tree only, whose content each
          // copy starts from.
          name: 'machinery',
          // The browser editor's session serves the repository's dist/, built first when a source
          // changed (maintainer-edits.test.ts).
          globalSetup: BUILT_SITE,
          environment: 'node',
          isolate: false,
          include: ['tests/machinery/**/*.test.ts'],
          testTimeout: 30_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          // They test dist/, built first when a source changed (build-first.mjs).
          globalSetup: BUILT_SITE,
          environment: 'node',
          // As in the build-output tests: puppeteer-core and the support modules imported once
          // per worker. Each file still starts its own Chromium and server.
          isolate: false,
          include: ['tests/browser/**/*.test.ts'],
          exclude: GROWN_TREE ? FIXED_PARTS.map((name) => `tests/browser/${name}.test.ts`) : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A poll waits for what a visitor waits for (a navigation, an island's mount). Vitest's
          // 1 s default failed a navigation now and then with two files loading Chromium at once
          // on two cores; 5 s still fails a navigation that never comes.
          expect: { poll: { timeout: 5_000 } },
          // Two files at a time, each with its own Chromium and server: much of a browser test is
          // waiting (a toast's 5 s, a late chunk), so two overlap on two cores (docs/testing.md).
          maxWorkers: 2,
        },
      },
      {
        // Firefox and WebKit (tests/support/engines.ts), one file each, side by side: neither
        // keeps two cores busy (most of a test waits on a driver round trip or the toast's 5 s).
        test: {
          name: 'engines',
          // They test dist/, built first when a source changed (build-first.mjs).
          globalSetup: BUILT_SITE,
          environment: 'node',
          include: ['tests/engines/**/*.test.ts'],
          // In the grown tree, what only posts bring: the rest is the shipped tree's (above).
          ...(GROWN_TREE && { testNamePattern: 'the blog' }),
          testTimeout: 30_000,
          hookTimeout: 90_000,
          expect: { poll: { timeout: 5_000 } },
          maxWorkers: 2,
        },
      },
      {
        // npm run screenshots: pages in the three engines, for people to review.
        test: {
          name: 'screenshots',
          // They test dist/, built first when a source changed (build-first.mjs).
          globalSetup: BUILT_SITE,
          environment: 'node',
          include: ['tests/engines/screenshots.review.ts'],
          disableConsoleIntercept: true,
          fileParallelism: false,
        },
      },
      {
        // npm run budget prints its own tables, so its console output is not captured.
        test: {
          name: 'budget',
          // Lighthouse CI's runs, builds and throttled page loads: minutes, not seconds.
          testTimeout: 1_800_000,
          // They test dist/, built first when a source changed (build-first.mjs).
          globalSetup: BUILT_SITE,
          environment: 'node',
          include: ['tests/budget/**/*.test.ts'],
          disableConsoleIntercept: true,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'visual',
          // They test dist/, built first when a source changed (build-first.mjs).
          globalSetup: BUILT_SITE,
          environment: 'node',
          // An edit's run (npm run test:visual, BACKSTOP_CHANGED_ONLY=1) captures its pages only;
          // the suite's tests of itself (one changed digit, determinism) run with every capture.
          include:
            process.env.BACKSTOP_CHANGED_ONLY === '1'
              ? ['backstop/visual.test.ts']
              : ['backstop/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts'],
          hookTimeout: 60_000,
          // Captures are compared pixel for pixel: one browser run at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
