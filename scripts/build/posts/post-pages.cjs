'use strict';
/**
 * Parcel transformer for pages/_posts/*.md: a post becomes the page that shows it. The Markdown
 * file turns into an HTML asset that names the post (`<layout post="slug">`); Parcel then runs the
 * pipeline of every page on it (page-transformer, which runs posthtml-site, then the HTML transformer), and the page
 * plugin fills it from the post (read-posts.cjs), so that it depends on the post's file.
 *
 * Parcel builds a post because /blog links it: `linkBlogPages` adds a dependency from /blog's page
 * to each published post (every post, drafts included, under `npm run dev`) and to each later page
 * of a listing (listing-pages-resolver.cjs). Nothing is written into pages/: which posts exist is
 * read from the posts, where a draft or a post dated after the build's day has no page.
 */
const path = require('node:path');
const { Transformer } = require('@parcel/plugin');
const { SITE_ROOT } = require('../repo-root.cjs');
const { LISTING_PAGE } = require('./listing-pages-resolver.cjs');

/** The page of /blog, which links every other page of the blog into the build. */
const BLOG_PAGE = path.join(SITE_ROOT, 'pages/blog.html');

/** The source of a post's page: the post partial, under the layout that names the post. */
const postPageSource = (slug) =>
  `<layout post="${slug}"><include src="partials/content/post.html"></include></layout>\n`;

/**
 * Adds the blog's generated pages to the build, from /blog's page: each post (its Markdown file,
 * which this transformer makes a page) and each listing page after the first. `blogData` is read
 * for /blog's page alone. /blog's page depends on the posts' index, so it is built again, with
 * these, when a post comes, goes or is retitled.
 */
function linkBlogPages(asset, blogData) {
  if (asset.filePath !== BLOG_PAGE) return;
  const blog = blogData();
  for (const slug of blog.order) {
    asset.addURLDependency(`/${blog.posts[slug].file}`, { needsStableName: true });
  }
  for (const page of Object.values(blog.pages).filter((listed) => listed.number > 1)) {
    asset.addURLDependency(`${LISTING_PAGE}${page.path}`, { needsStableName: true });
  }
}

module.exports = new Transformer({
  async transform({ asset }) {
    asset.type = 'html';
    asset.setCode(postPageSource(path.basename(asset.filePath).replace(/\.(md|markdown)$/, '')));
    return [asset];
  },
});
module.exports.linkBlogPages = linkBlogPages;
