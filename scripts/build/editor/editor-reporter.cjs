/**
 * Parcel reporter: once Parcel has written a build, writes the browser editor beside it
 * (write-editor.mjs: its page at /admin, its configuration, Sveltia CMS and its fonts). `npm run
 * dev` writes it at its first build only: the editor does not change with the site, and the dev
 * server makes its configuration afresh on each request (.proxyrc.cjs). A rewrite of the editor
 * that no longer finds what it replaces fails the build, as a reporter's error does. Listed before
 * Parcel's own reporters (.parcelrc): the dev server answers the requests it held during a build
 * once its reporter hears of the build's end, by when /admin must be written.
 */
const path = require('node:path');
const { Reporter } = require('@parcel/plugin');

let written = false;

module.exports = new Reporter({
  async report({ event, options, logger }) {
    if (event.type !== 'buildSuccess' || (written && options.mode !== 'production')) return;
    const [bundle] = event.bundleGraph.getBundles();
    if (!bundle) return;
    const { writeEditor, EDITOR_PAGE, EDITOR_FOLDER } = await import('./write-editor.mjs');
    const { version, script } = writeEditor(bundle.target.distDir);
    written = true;
    const dist = path.relative(options.projectRoot, bundle.target.distDir);
    logger.info({
      message: `Wrote the editor: ${dist}/${EDITOR_PAGE} and ${dist}/${EDITOR_FOLDER}/ (Sveltia CMS ${version}, ${script})`,
    });
  },
});
