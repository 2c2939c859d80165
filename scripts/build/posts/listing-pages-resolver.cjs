'use strict';
/**
 * Parcel resolver for a listing's later pages (/blog/page/2, /blog/seo/page/2), which no file
 * holds: `listing-page:/blog/page/2` resolves to a page made here, at the path the page would
 * have in pages/ (pages/blog/page/2.html), which the page plugin fills from the listing
 * (partials/content/post-list.html). /blog's page asks for them (post-pages.cjs, linkBlogPages).
 */
const path = require('node:path');
const { Resolver } = require('@parcel/plugin');
const { SITE_ROOT } = require('../repo-root.cjs');
const { fileOfRoute } = require('../route-file.cjs');

const LISTING_PAGE = 'listing-page:';

/** The source of a listing's page: the list partial, under the layout that names the page. */
const listingPageSource = (listing) =>
  `<layout listing="${listing}"><include src="partials/content/post-list.html" locals='{"listing": "${listing}"}'></include></layout>\n`;

module.exports = new Resolver({
  async resolve({ specifier }) {
    if (!specifier.startsWith(LISTING_PAGE)) return null;
    const listing = specifier.slice(LISTING_PAGE.length);
    return {
      filePath: path.join(SITE_ROOT, 'pages', fileOfRoute(listing)),
      code: listingPageSource(listing),
    };
  },
});
module.exports.LISTING_PAGE = LISTING_PAGE;
