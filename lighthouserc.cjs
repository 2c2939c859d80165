/**
 * Lighthouse CI: the pages Lighthouse audits, how many runs, and the budget each must meet.
 * `npm run budget` (tests/budget/budget.test.ts) serves dist/ from nginx over HTTPS and HTTP/2,
 * makes the runs with this file's settings as `lhci collect` would (tests/budget/lighthouse-runs.ts:
 * in one process, without Lighthouse's start-up for every run), and runs `lhci assert` with it,
 * passing the origin as BUDGET_ORIGIN.
 * docs/performance.md says why each figure is what it is.
 */
const { statSync } = require('node:fs');
const path = require('node:path');
const routes = require('./pages/_data/routes.json');
const { CHROMIUM_ARGS } = require('./scripts/build/chromium.cjs');
const { fileOfRoute } = require('./scripts/build/route-file.cjs');

/** Lighthouse audits no page answered with 404: the budget's nginx serves the 404 page here with 200. */
const NOT_FOUND = '/no-such-page';
const origin = process.env.BUDGET_ORIGIN ?? 'https://127.0.0.1:8443';
/**
 * The grown tree (tests/support/grown-tree.mjs: photos, posts), served by its own nginx: its pages
 * that the shipped site does not have, held to the same budget as every page with content.
 */
const grownOrigin = process.env.BUDGET_GROWN_ORIGIN;
const grownPages = grownOrigin ? (process.env.BUDGET_GROWN_PAGES ?? '').split(',').filter(Boolean) : [];

/**
 * One page of each template, its heaviest by built HTML: the pages of a template ship the same
 * stylesheet and scripts, so what Lighthouse measures differs between them only with the size of
 * their markup, which the heaviest bounds. What differs page by page is checked on every page
 * elsewhere (docs/performance.md). The photos and the blog's templates are audited on the grown
 * tree, which has them.
 */
function bytes(route) {
  const file = path.join('dist', fileOfRoute(route.path));
  try {
    return statSync(path.join(__dirname, file)).size;
  } catch {
    throw new Error(`lighthouserc.cjs: ${file} is not built. Run npm run build, then npm run budget.`);
  }
}
const heaviestOf = (template) =>
  routes
    .filter((route) => route.template === template)
    .reduce((heaviest, route) => (heaviest && bytes(heaviest) >= bytes(route) ? heaviest : route), undefined);
const heaviestContent = heaviestOf('content');
const heaviestPlaceholder = heaviestOf('placeholder');
const indexable = heaviestContent ? [heaviestContent.path] : [];
// Once every page has content (the site's launch), only the 404 page is noindex.
const noindex = [...(heaviestPlaceholder ? [heaviestPlaceholder.path] : []), NOT_FOUND];

/** Matches exactly the given paths on the origin (or another). */
const onlyPaths = (paths, on = origin) =>
  `^${on.replace(/[.]/g, '\\.')}(${paths.map((p) => p.replace(/[.]/g, '\\.')).join('|')})$`;

/**
 * Timing figures are judged by their best run: they are simulated from the tasks timed on this
 * machine, and anything else the machine runs only lengthens a task. A page whose own code blocks
 * too long misses in every run. Every other figure is judged by its worst run, so that a
 * miss is never outvoted.
 */
const best = { aggregationMethod: 'optimistic' };
const median = { aggregationMethod: 'median' };
const worst = { aggregationMethod: 'pessimistic' };
const everyPage = {
  'categories:performance': ['error', { minScore: 1, ...best }],
  'categories:accessibility': ['error', { minScore: 1, ...worst }],
  'categories:best-practices': ['error', { minScore: 1, ...worst }],
  'total-blocking-time': ['error', { maxNumericValue: 65, ...best }],
  'cumulative-layout-shift': ['error', { maxNumericValue: 0, ...worst }],
  // The largest image at first paint is never lazy (its request would wait for layout). A page
  // whose LCP is text has no score here, which only the median accepts.
  'lcp-lazy-loaded': ['error', { minScore: 1, ...median }],
  // A goal, checked only with BUDGET_CHECK_TIMED=1: simulated from this machine's timings.
  'largest-contentful-paint': [
    process.env.BUDGET_CHECK_TIMED === '1' ? 'error' : 'warn',
    { maxNumericValue: 1200, ...best },
  ],
};
/**
 * A noindex page fails "is-crawlable" by design, so the SEO category is asserted audit by audit
 * there (Lighthouse 12's SEO audits but that one). Audits that do not apply have no score, which
 * only the median accepts; none of them depends on timing.
 */
const SEO_AUDITS_BUT_CRAWLABLE = [
  'document-title',
  'meta-description',
  'http-status-code',
  'link-text',
  'crawlable-anchors',
  'robots-txt',
  'image-alt',
  'hreflang',
  'canonical',
];

module.exports = {
  ci: {
    collect: {
      url: [
        ...[...indexable, ...noindex].map((page) => origin + page),
        ...grownPages.map((page) => grownOrigin + page),
      ],
      numberOfRuns: 3,
      settings: {
        // Lighthouse's mobile throttling; `npm run budget` scales its CPU slowdown to the machine
        // (cpuSlowdownFor in tests/budget/lighthouse-runs.ts).
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // No category scores these, and each costs a second or more per run.
        skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot'],
        // Lighthouse waits for a second of quiet network and CPU after load before it stops
        // recording; these pages do nothing late (islands load on a visitor's first touch), so
        // half a second records the same page (docs/performance.md, measured side by side).
        pauseAfterFcpMs: 500,
        pauseAfterLoadMs: 500,
        networkQuietThresholdMs: 500,
        cpuQuietThresholdMs: 500,
        disableFullPageScreenshot: true,
        // nginx's certificate is made for the run, on loopback.
        chromeFlags: [...CHROMIUM_ARGS, '--ignore-certificate-errors'].join(' '),
      },
    },
    assert: {
      assertMatrix: [
        {
          matchingUrlPattern: onlyPaths(indexable),
          assertions: { ...everyPage, 'categories:seo': ['error', { minScore: 1, ...worst }] },
        },
        ...(grownPages.length > 0
          ? [
              {
                matchingUrlPattern: onlyPaths(grownPages, grownOrigin),
                assertions: { ...everyPage, 'categories:seo': ['error', { minScore: 1, ...worst }] },
              },
            ]
          : []),
        {
          matchingUrlPattern: onlyPaths(noindex),
          assertions: {
            ...everyPage,
            ...Object.fromEntries(
              SEO_AUDITS_BUT_CRAWLABLE.map((id) => [id, ['error', { minScore: 1, ...median }]]),
            ),
          },
        },
      ],
    },
  },
};
