/**
 * Parcel optimizer: the site font's extra faces (styles/base/_fonts.scss: every face but the first,
 * which every page draws) only in the pages that draw a character they cover, as a `<style>` of
 * their own before the page's stylesheet (docs/performance.md, "First paint from the HTML"). The
 * stylesheet is the page's own `<style>` by now (page-transformer/inline-stylesheets.cjs).
 */
const { Optimizer } = require('@parcel/plugin');
const { textOf } = require('../bundle-text.cjs');
const { parseUnicodeRange } = require('../unicode-range.cjs');

/**
 * The site font's faces in a stylesheet but its first: each rule, and a pattern that matches a
 * character it covers.
 */
function extraFacesOf(css) {
  const faces = [...css.matchAll(/@font-face\{[^}]*\}/g)].flatMap(([rule]) => {
    const range = /unicode-range:([^;}]+)/.exec(rule)?.[1];
    if (!/src:url\([^)]+\.woff2\)/.test(rule) || !range) return [];
    // Its code points as one character class: one pass of the regular expression engine over a
    // page's text, rather than each character tested against each range in JavaScript.
    const hex = (codePoint) => `\\u{${codePoint.toString(16)}}`;
    const classes = parseUnicodeRange(range).map(([from, to]) =>
      from === to ? hex(from) : `${hex(from)}-${hex(to)}`,
    );
    return [{ rule, characters: new RegExp(`[${classes.join('')}]`, 'u') }];
  });
  return faces.slice(1);
}

/** The characters a page draws: its text outside scripts and styles. */
const drawnText = (html) =>
  html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, '');

module.exports = new Optimizer({
  async optimize({ contents, map }) {
    const html = await textOf(contents);
    const faces = [];
    let page = html.replace(/<style>([\s\S]*?)<\/style>/g, (_, css) => {
      const extra = extraFacesOf(css);
      faces.push(...extra);
      return `<style>${extra.reduce((text, { rule }) => text.replace(rule, ''), css)}</style>`;
    });
    const text = drawnText(html);
    const drawn = faces
      .filter(({ characters }) => characters.test(text))
      .map(({ rule }) => rule)
      .join('');
    // Before the first stylesheet (the minified page has no </head> to put it before).
    if (drawn) page = page.replace('<style>', `<style>${drawn}</style><style>`);
    return { contents: page, map };
  },
});
