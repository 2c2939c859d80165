/**
 * BackstopJS configuration, generated from the route list: every route and the 404 page at
 * phone, tablet, laptop and desktop width (under-construction pages: fewer, see below), each
 * without the shared header and footer, which are captured on their own; plus the interaction and
 * JavaScript-off scenarios below, and the grown tree's pages (tests/support/grown-tree.mjs).
 * The site's base URL comes from BACKSTOP_BASE_URL (visual.test.ts serves dist/); configFor()
 * gives the same suite for another site and another output folder.
 */
const path = require('node:path');
const routes = require('../pages/_data/routes.json');
const site = require('../pages/_data/site.json');
const { CHROMIUM_ARGS } = require('../scripts/build/chromium.cjs');
const { captureBrowserPaths } = require('./capture-browser.cjs');
const { SHOWCASE } = require('../tests/support/grown-posts.mjs');
const {
  atEveryWidth,
  isPlaceholder,
  longestPlaceholder,
} = require('../tests/support/placeholder-sample.cjs');

const VIEWPORTS = {
  phone: { label: 'phone', width: 375, height: 812 },
  tablet: { label: 'tablet', width: 768, height: 1024 },
  // The band between tablet and desktop, where the one-line header is tightest.
  laptop: { label: 'laptop', width: 1024, height: 768 },
  desktop: { label: 'desktop', width: 1280, height: 800 },
};

/** The suite's scenarios for the site at `baseUrl`. */
function scenariosFor(baseUrl) {
  const url = (pathname) => baseUrl + pathname;

  /**
   * One full-page scenario per route, in the route list's order. Under-construction pages: at phone
   * width, plus desktop for one per section, plus every width for the longest title
   * (tests/support/placeholder-sample.cjs).
   */
  const placeholderViewports = (route) =>
    atEveryWidth(route.path) ? [VIEWPORTS.phone, VIEWPORTS.desktop] : [VIEWPORTS.phone];
  const pageScenarios = routes.map((route) => ({
    label: `page ${route.path}`,
    url: url(route.path),
    removeSelectors: SHARED_PARTS,
    ...(isPlaceholder(route.path) &&
      route.path !== longestPlaceholder?.path && { viewports: placeholderViewports(route) }),
  }));

  const notFoundScenario = {
    label: 'page 404',
    url: url('/no-such-page'),
    expectStatus: 404,
    removeSelectors: SHARED_PARTS,
  };

  /** The shared parts on their own, at every width: a change to one shows here, and in no page. */
  const sharedScenarios = [
    { label: 'shared header', url: url('/about-us/team'), selectors: ['.ds-header'] },
    // On the 404 page, whose content rarely changes: the footer's offset on a longer page moves
    // its anti-aliasing by a fraction of a pixel whenever that page's content changes.
    { label: 'shared footer', url: url('/no-such-page'), expectStatus: 404, selectors: ['.ds-footer'] },
  ];

  /** Interface states; `action` names a step in engine/actions.cjs, run once the page is ready. */
  const interactionScenarios = [
    {
      label: 'header dropdown open (hover)',
      url: url('/about-us/team'),
      action: 'openDropdown',
      selectors: ['viewport'],
      viewports: [VIEWPORTS.desktop, VIEWPORTS.laptop],
    },
    {
      label: 'mobile menu open with one sub-list expanded',
      url: url('/about-us/team'),
      action: 'openMobileMenu',
      selectors: ['viewport'],
      viewports: [VIEWPORTS.phone, VIEWPORTS.tablet],
    },
    // Call Now shows the placeholder toast until the calls to action are live (site.json liveActions).
    ...(site.liveActions
      ? []
      : [
          {
            label: 'toast visible',
            url: url('/contact'),
            action: 'showToast',
            selectors: ['viewport'],
            viewports: [VIEWPORTS.phone, VIEWPORTS.desktop],
          },
        ]),
    {
      label: 'contact form after an invalid submit',
      url: url('/contact'),
      action: 'submitInvalidForm',
      selectors: ['#contact-form'],
    },
    {
      label: 'header without JavaScript, dropdown on hover',
      url: url('/pricing'),
      javascript: false,
      action: 'hoverPricing',
      selectors: ['viewport'],
      viewports: [VIEWPORTS.desktop],
    },
    {
      label: 'header without JavaScript, menu open with one section expanded',
      url: url('/pricing'),
      javascript: false,
      action: 'openStaticMenu',
      selectors: ['viewport'],
      viewports: [VIEWPORTS.phone],
    },
  ];

  return [...pageScenarios, notFoundScenario, ...sharedScenarios, ...interactionScenarios];
}

/**
 * What every page shares, left out of its capture (display: none) and captured on its own
 * (sharedScenarios): a change to the footer changes two captures, not a hundred, and what a page
 * capture shows is that page's own (docs/testing.md). The interaction scenarios show the header
 * as they must.
 */
const SHARED_PARTS = ['.ds-header', '.ds-footer'];

/** Where a run writes its captures and reports, and reads its references. */
const PATHS = {
  bitmaps_reference: path.join(__dirname, 'references'),
  bitmaps_test: path.join(__dirname, 'output/bitmaps_test'),
  engine_scripts: path.join(__dirname, 'engine'),
  html_report: path.join(__dirname, 'output/html_report'),
  ci_report: path.join(__dirname, 'output/ci_report'),
  json_report: path.join(__dirname, 'output/json_report'),
};

/**
 * Pages of the grown tree (tests/support/grown-tree.mjs): what the repository does not ship,
 * captured from its build at phone and desktop width, like the shipped pages without the shared
 * parts. Their references are named "grown …".
 */
function grownScenariosFor(grownUrl) {
  const both = [VIEWPORTS.phone, VIEWPORTS.desktop];
  const scenario = (label, pathname) => ({
    label: `grown ${label}`,
    url: `${grownUrl}${pathname}`,
    viewports: both,
    removeSelectors: SHARED_PARTS,
  });
  return [
    scenario('team with photos', '/about-us/team'),
    scenario('case studies with photos', '/case-studies'),
    scenario('blog listing', SHOWCASE.listing),
    scenario('post with a table', SHOWCASE.post),
  ];
}

/**
 * The suite against the site at `baseUrl`, writing its output under `output` (default output/),
 * and with `grownUrl`, the grown tree's pages too.
 */
const configFor = (baseUrl, output = path.join(__dirname, 'output'), grownUrl = undefined) => ({
  id: 'site',
  viewports: Object.values(VIEWPORTS),
  // A reference is named by its viewport's label only, so a scenario's list of widths can change
  // without renaming the references of the others.
  fileNameTemplate: '{configId}_{scenarioLabel}_{selectorIndex}_{selectorLabel}_{viewportLabel}',
  scenarioDefaults: {
    selectors: ['document'],
    // The footer year changes every January; its box stays, its text is hidden.
    hideSelectors: ['.ds-footer__year'],
    // Any changed pixel fails, and so does a change of size: Backstop's comparison (Resemble.js)
    // rounds its share of changed pixels to 0.01 %, which a changed word on a full page stays
    // under, unless it compares the exact share. (exact-pixels.mjs catches what Resemble.js
    // counts as unchanged: a channel that moved by less than 16.)
    misMatchThreshold: 0,
    requireSameDimensions: true,
  },
  resembleOutputOptions: { usePreciseMatching: true },
  onBeforeScript: 'on-before.cjs',
  onReadyScript: 'on-ready.cjs',
  scenarios: [...scenariosFor(baseUrl), ...(grownUrl ? grownScenariosFor(grownUrl) : [])],
  paths: {
    ...PATHS,
    ...Object.fromEntries(
      ['bitmaps_test', 'html_report', 'ci_report', 'json_report'].map((key) => [
        key,
        path.join(output, path.basename(PATHS[key])),
      ]),
    ),
  },
  // The JSON report feeds the list of failed captures (failures.mjs); the HTML report is
  // always written.
  report: ['CI', 'json'],
  engine: 'puppeteer',
  // The pinned capture browser, whatever Chromium the machine has (capture-browser.cjs), drawing
  // with the fonts listed in its own fontconfig file only.
  engineOptions: {
    executablePath: captureBrowserPaths().executablePath,
    args: CHROMIUM_ARGS,
    env: { ...process.env, FONTCONFIG_FILE: captureBrowserPaths().fontconfigFile },
  },
  asyncCaptureLimit: 2,
  asyncCompareLimit: 20,
  debug: false,
  debugWindow: false,
});

module.exports = configFor(process.env.BACKSTOP_BASE_URL ?? 'http://127.0.0.1:3000');
module.exports.configFor = configFor;
