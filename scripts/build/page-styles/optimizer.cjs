/**
 * Parcel optimizer, the pages' last: each stylesheet link the pages' packager (packager.cjs) read
 * the stylesheet of becomes a `<style>` of its text, and the font faces the page draws go before
 * the first, each in a `<style>` of its own (so that the CSP's hashes stay one a face:
 * hosting/inline-code-hashes.cjs). The packager and this optimizer make a page in one worker, one
 * after the other (Parcel's PackagerRunner), which is how the text passes between them.
 */
const { Optimizer } = require('@parcel/plugin');
const { textOf } = require('../bundle-text.cjs');
const { takeStyles } = require('./page-styles.cjs');

module.exports = new Optimizer({
  async optimize({ bundle, contents, map, options }) {
    if (options.mode !== 'production') return { contents, map };
    const { stylesheets, faces } = takeStyles(bundle.id);
    const html = await textOf(contents);
    let first = true;
    const page = html.replace(/<link\b([^>]*)>/g, (link, attributes) => {
      // Its attributes in any order, as written (the minifier drops the quotes it can).
      const attrs = [...attributes.matchAll(/([\w-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)].map(
        ([written, name, value = '']) => ({ written, name, value: value.replace(/^["']|["']$/g, '') }),
      );
      const value = (name) => attrs.find((attr) => attr.name === name)?.value;
      const css = value('rel') === 'stylesheet' ? stylesheets.get(value('href')) : undefined;
      if (css === undefined) return link;
      stylesheets.delete(value('href'));
      const before = first ? faces.map((rule) => `<style>${rule}</style>`).join('') : '';
      first = false;
      // What else the link says (media=print) the <style> says too.
      const rest = attrs
        .filter(({ name }) => !['rel', 'href', '/'].includes(name))
        .map(({ written }) => written);
      return `${before}<style${rest.map((attr) => ` ${attr}`).join('')}>${css}</style>`;
    });
    // Each stylesheet in the page: the hosting reporter hashes each for the CSP and removes its file.
    if (stylesheets.size > 0) {
      throw new Error(
        `${bundle.name} links ${[...stylesheets.keys()].join(', ')} in a way this optimizer does not read`,
      );
    }
    return { contents: page, map };
  },
});
