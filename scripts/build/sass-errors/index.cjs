/**
 * Parcel transformer: Parcel's own Sass transformer, with a Sass error reported as one block (the
 * file from the repo root, its line, Sass's message, the fix) instead of a stack trace through
 * node_modules. Everything else is @parcel/transformer-sass's, unchanged.
 */
const { fileURLToPath } = require('node:url');
const { Transformer } = require('@parcel/plugin');
const sassTransformer = require('@parcel/transformer-sass').default;
const { SiteError } = require('../posthtml-site/site-error.cjs');

const parcelSass = sassTransformer[Symbol.for('parcel-plugin-config')];

/** A Sass exception (it carries the span it is about) as a SiteError; anything else as it is. */
function sassError(error) {
  const { span, sassMessage } = error;
  if (!span || !span.url || !sassMessage) return error;
  return new SiteError({
    what: `Sass: ${sassMessage}`,
    file: fileURLToPath(span.url),
    line: span.start.line + 1,
    column: span.start.column + 1,
    fix: 'Correct the Sass at that line (a missing ";", "{" or "}" is often reported on the next line). npm run lint runs Stylelint over every file.',
  });
}

module.exports = new Transformer({
  ...parcelSass,
  async transform(options) {
    try {
      return await parcelSass.transform(options);
    } catch (error) {
      // Parcel records the stylesheet's imports only when it compiles; without this, fixing the
      // partial the error is in would not rebuild, and the dev server would show the error on.
      if (error.span && error.span.url) options.asset.invalidateOnFileChange(fileURLToPath(error.span.url));
      throw sassError(error);
    }
  },
});
