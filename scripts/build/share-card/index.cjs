/**
 * Parcel optimizer: a post's share card made absolute (a social network resolves no path). Parcel
 * writes the card's URL from the site's root in the og:image and twitter:image, and leaves the
 * JSON-LD naming the same card by its source, as the page wrote it: both become the site's URL
 * (site.json's `url`) followed by the card's stable name (bundle-namer: share/<photo>.jpg).
 */
const fs = require('node:fs');
const path = require('node:path');
const { Optimizer } = require('@parcel/plugin');
const { textOf } = require('../bundle-text.cjs');
const { IMAGES_DIR } = require('../images.cjs');
const { SITE_ROOT } = require('../repo-root.cjs');

module.exports = new Optimizer({
  loadConfig({ config }) {
    const settings = path.join(SITE_ROOT, 'pages/_data/site.json');
    config.invalidateOnFileChange(settings);
    return JSON.parse(fs.readFileSync(settings, 'utf8')).url;
  },
  async optimize({ contents, map, config: siteUrl }) {
    const html = await textOf(contents);
    const card = /<meta property=og:image content=(\/[^ >]+)>/.exec(html)?.[1];
    if (!card) return { contents: html, map };
    const url = `${siteUrl}${card}`;
    return {
      contents: html
        .replace(/(<meta (?:property=og:image|name=twitter:image) content=)\/[^ >]+>/g, `$1${url}>`)
        .replace(new RegExp(`"image":"/${IMAGES_DIR}/[^"]*"`), `"image":"${url}"`),
      map,
    };
  },
});
