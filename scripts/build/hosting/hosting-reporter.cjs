/**
 * Parcel reporter, listed last (.parcelrc): once a production build has written every bundle, makes
 * dist/ what a host receives, in three steps that need the whole build (docs/architecture.md): the
 * hashes of the heads' inline code recorded from the bundle graph (inline-code-hashes.cjs), the
 * hosts' files from those hashes (write-hosting-files.mjs), then the output for the host DEPLOY_TO
 * names (hosts.mjs). One reporter in that order, since Parcel runs the next reporter after
 * one that failed.
 */
const path = require('node:path');
const { default: ThrowableDiagnostic, escapeMarkdown } = require('@parcel/diagnostic');
const { Reporter } = require('@parcel/plugin');
const { DIST } = require('../repo-root.cjs');

module.exports = new Reporter({
  async report({ event, options, logger }) {
    if (event.type !== 'buildSuccess' || options.mode !== 'production') return;
    const [bundle] = event.bundleGraph.getBundles();
    if (!bundle) return;
    // A build into another folder (a test's few pages) is left as Parcel wrote it: the hosts'
    // files describe the site root's dist/, beside which they are written.
    if (path.resolve(bundle.target.distDir) !== DIST) {
      logger.info({ message: escapeMarkdown(`Not finished for the hosts: only ${DIST} is (npm run build)`) });
      return;
    }
    const started = performance.now();
    const { recordInlineCode } = require('./inline-code-hashes.cjs');
    const { writeHostingFiles } = await import('./write-hosting-files.mjs');
    const { outputForHost } = await import('./hosts.mjs');
    // Parcel's report reads messages as Markdown, in which DEPLOY_TO's underscore would be lost.
    for (const step of [() => recordInlineCode(event.bundleGraph), writeHostingFiles, outputForHost]) {
      try {
        logger.info({ message: escapeMarkdown(await step()) });
      } catch (error) {
        // A step's own stop (a plain Error: what is wrong and what to do) without the stack
        // trace Parcel prints under a thrown error; anything else, a bug, with it.
        if (error?.constructor !== Error) throw error;
        throw new ThrowableDiagnostic({
          diagnostic: { message: escapeMarkdown(error.message), origin: 'hosting-reporter' },
        });
      }
    }
    // Short enough for one line of the report (npm run budget reads it: tests/budget/blog.ts).
    logger.info({
      message: `Finished for the hosts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    });
  },
});
