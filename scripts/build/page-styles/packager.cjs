/**
 * Parcel packager for the pages: Parcel's own HTML packager, then, in a production build, the
 * text of each stylesheet it links, as Parcel packaged and optimized it once, held for the page's
 * last optimizer (optimizer.cjs), which puts it in place of the link: a first visit paints from
 * the HTML alone (docs/performance.md, "First paint from the HTML"). Put in last, the stylesheets
 * are not read again by Parcel's minifier and the inline-code check, page after page.
 *
 * Only a packager may read another bundle (getInlineBundleContents). Reading one that is not
 * inline, and packaging a page again when a stylesheet it links changes, take @parcel/core's patch
 * (scripts/build/patches/, docs/dependencies.md).
 */
const { Packager } = require('@parcel/plugin');
const htmlPackager = require('@parcel/packager-html').default[Symbol.for('parcel-plugin-config')];
const { textOf } = require('../bundle-text.cjs');
const { facesItDraws, holdStyles, pageStylesheet, stylesheetsOf } = require('./page-styles.cjs');

/** A stylesheet as pages carry it, by its bundle's id and content hash: made once per worker. */
const made = new Map();

module.exports = new Packager({
  async package(args) {
    const packaged = await htmlPackager.package(args);
    // The development server links them, so that a style edit reloads in place.
    if (args.options.mode !== 'production') return packaged;
    const { bundle, bundleGraph, getInlineBundleContents } = args;
    const stylesheets = [...stylesheetsOf(bundle, bundleGraph)];
    const texts = await Promise.all(
      stylesheets.map(([href, stylesheet]) => {
        const key = `${stylesheet.id}:${stylesheet.getContentHash()}`;
        if (!made.has(key)) {
          made.set(
            key,
            getInlineBundleContents(stylesheet, bundleGraph).then(async ({ contents }) =>
              pageStylesheet(await textOf(contents), href),
            ),
          );
        }
        return made.get(key);
      }),
    );
    // Read once, as text: the page goes on as that text (contents Parcel gives as a stream would
    // be spent by the reading).
    const html = await textOf(packaged.contents);
    const faces = facesItDraws(
      html,
      texts.flatMap((text) => text.faces),
    );
    holdStyles(bundle.id, {
      stylesheets: new Map(stylesheets.map(([href], index) => [href, texts[index].css])),
      faces,
    });
    return { ...packaged, contents: html };
  },
});
