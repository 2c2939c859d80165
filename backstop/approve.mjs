/**
 * `npm run test:visual:approve`: BackstopJS's approve (the last run's failed captures become the
 * references), then the record of the build the references now show (built-pages.mjs): its day,
 * and each scenario's page digest, from dist/ and the grown tree's dist/. A run that passed with
 * changed pages is approved the same way, so that the next `npm run test:visual` skips them.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import backstop from 'backstopjs';
import siteTime from '../scripts/build/site-time.cjs';
import { GROWN_ROOT } from '../tests/support/grown-tree.mjs';
import { digestsOf, recordBuild, recordedBuild } from './built-pages.mjs';

const require = createRequire(import.meta.url);
const { configFor } = require('./backstop.config.cjs');
const { ROOT } = require('../scripts/build/repo-root.cjs');

/** Where each site's scenarios point: any URL does, a digest reads the built files. */
const SHIPPED = 'http://shipped.invalid';
const GROWN = 'http://grown.invalid';

await backstop('approve', { config: configFor(SHIPPED) });
const grownBuilt = existsSync(`${GROWN_ROOT}/dist/index.html`);
const { scenarios } = configFor(SHIPPED, undefined, grownBuilt ? GROWN : undefined);
const sites = [
  { url: SHIPPED, root: ROOT },
  { url: GROWN, root: GROWN_ROOT },
];
const earlier = recordedBuild();
recordBuild({
  day: siteTime.builtDay(ROOT),
  // The grown pages as recorded before when the grown tree is not built here.
  pages: { ...(grownBuilt ? {} : earlier?.pages), ...digestsOf(scenarios, sites) },
});
console.log(
  `Recorded the build the references show (backstop/references/built-pages.json), as of ${siteTime.builtDay(ROOT)}.`,
);
