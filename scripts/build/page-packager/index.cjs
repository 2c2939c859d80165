/**
 * Parcel packager for the pages: Parcel's own HTML packager, then, in a production build, each
 * stylesheet it links put into the page (page-styles.cjs): a first visit paints from the HTML
 * alone (docs/performance.md, "First paint from the HTML"). Parcel's minifier and the other HTML
 * optimizers then see the page as it ships.
 *
 * A stylesheet's text is its bundle's, as Parcel packages and optimizes it once. Reading a bundle
 * that is not inline, and packaging a page again when a stylesheet it links changes, take
 * @parcel/core's patch (scripts/build/patches/, docs/dependencies.md).
 */
const { Packager } = require('@parcel/plugin');
const htmlPackager = require('@parcel/packager-html').default[Symbol.for('parcel-plugin-config')];
const { textOf } = require('../bundle-text.cjs');
const { strayCodeError } = require('../inline-code-check/index.cjs');
const { facesItDraws, pageStylesheet, stylesheetsOf } = require('./page-styles.cjs');

/** A stylesheet as pages carry it, by its bundle's id and content hash: made once per worker. */
const made = new Map();

module.exports = new Packager({
  async package(args) {
    const packaged = await htmlPackager.package(args);
    // The development server links them, so that a style edit reloads in place.
    if (args.options.mode !== 'production') return packaged;
    const { bundle, bundleGraph, getInlineBundleContents } = args;
    const stylesheets = stylesheetsOf(bundle, bundleGraph);
    const html = await textOf(packaged.contents);
    // Before the stylesheets go in, a head has no <style>: one written into a partial or page
    // would have no hash in the CSP, which hashes the stylesheets (hosting/inline-code-hashes.cjs).
    if (/<style\b/i.test(html)) {
      const { inlineCodeOf } = await import('../hosting/headers.mjs');
      const [code] = inlineCodeOf(html).headStyles;
      if (code !== undefined) {
        throw strayCodeError(
          bundle,
          { what: `a <style> in its head (${code.trim().slice(0, 60)}…)`, code },
          "Move its rules into a stylesheet under styles/ (styles/main.scss imports the site's): the build puts the " +
            'stylesheets into every page, and the CSP allows them by their hashes.',
        );
      }
    }
    const links = [...html.matchAll(/<link rel="?stylesheet"? href="?([^"\s>]+)"?\s*\/?>/g)].filter(
      ([, href]) => stylesheets.has(href),
    );
    // Every stylesheet goes into the page: the hosting reporter hashes each for the CSP and
    // removes its file.
    const unlinked = [...stylesheets.keys()].filter((href) => !links.some(([, linked]) => linked === href));
    if (unlinked.length > 0)
      throw new Error(
        `${bundle.name} references ${unlinked.join(', ')} without a <link> this packager reads`,
      );
    const texts = await Promise.all(
      links.map(([, href]) => {
        const stylesheet = stylesheets.get(href);
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
    const faces = facesItDraws(
      html,
      texts.flatMap((text) => text.faces),
    );
    let page = html;
    links.forEach(([link], index) => {
      // The faces a page draws, each in a `<style>` of its own (so that the CSP's hashes stay one
      // a face), before the first stylesheet.
      const before = index === 0 ? faces.map((rule) => `<style>${rule}</style>`).join('') : '';
      page = page.replace(link, () => `${before}<style>${texts[index].css}</style>`);
    });
    return { contents: page };
  },
});
