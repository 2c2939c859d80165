/**
 * What the suites need to know of the grown tree's posts (grown-tree.mjs), which are files in
 * tests/fixtures/grown/pages/_posts/: a dozen published posts across the blog's categories,
 * written as an owner writes them, with every kind of formatting a post can use. Between them:
 * a seven-column table with aligned columns, code, a quote, nested lists, photos in the text with
 * and without a caption, numbered headings, a heading with an apostrophe, titles with an
 * ampersand, quotes and accented letters, three covers, internal and external links, raw <abbr>
 * and <kbd>; and, beside them, a post scheduled far ahead and a draft, which no build publishes.
 * (A module without the grown tree's code, so that backstop.config.cjs can require it.)
 */

/**
 * The grown tree's pages the visual suite captures (backstop/backstop.config.cjs) and the budget
 * audits, besides the team and case studies with their photos: a listing, and the post with the
 * most in it (a cover, a wide table with aligned columns, contents).
 */
export const SHOWCASE = { listing: '/blog', post: '/blog/what-a-seller-lead-costs' };

/** The grown tree's photos for posts: covers and a photo in the text (made by fixture-images.mjs). */
export const POST_PHOTOS = [
  { name: 'grown-cover-costs.jpg', width: 2000, height: 1250 },
  { name: 'grown-cover-mail.jpg', width: 1800, height: 1100 },
  { name: 'grown-cover-cities.jpg', width: 1920, height: 1280 },
  { name: 'grown-photo-postcards.jpg', width: 1600, height: 1000 },
  { name: 'grown-photo-desk.png', width: 1200, height: 800 },
];
