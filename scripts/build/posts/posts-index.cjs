'use strict';
/**
 * The posts' index, `.cache/blog/posts.json`: what listings, related posts and neighbour links
 * show of each post (its front matter, not its text). The pages that show other posts depend on
 * it rather than on every post's file, so that an edit to one post's text rebuilds that post's
 * page alone. It is written only when it changes, before Parcel starts (`npm run build`, `npm run
 * dev`) and, under `npm run dev`, whenever a post changes (posts-index-reporter.cjs): Parcel
 * decides which pages to rebuild from the files it sees changed when a build starts, so the index
 * must be current by then.
 *
 *   node scripts/build/posts/posts-index.cjs
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, SITE_ROOT, siteRootProblem } = require('../repo-root.cjs');

const INDEX = '.cache/blog/posts.json';
const INDEX_FILE = path.join(SITE_ROOT, INDEX);

/**
 * Until 2026-12, a step wrote a page file per post into pages/blog/, listed in
 * .cache/blog/written-pages.txt. A tree built then still holds them, and Parcel would build them
 * beside the posts' own pages: they go, once.
 */
function removeOldPageFiles() {
  const list = path.join(ROOT, '.cache/blog/written-pages.txt');
  if (!fs.existsSync(list)) return;
  const files = fs.readFileSync(list, 'utf8').split('\n').filter(Boolean);
  for (const file of [...files, '.gitignore'])
    fs.rmSync(path.join(ROOT, 'pages/blog', file), { force: true });
  // Their folders too (pages/blog/page/, pages/blog/seo/page/), once empty.
  for (const file of files) {
    for (let folder = path.dirname(file); folder !== '.'; folder = path.dirname(folder)) {
      try {
        fs.rmdirSync(path.join(ROOT, 'pages/blog', folder));
      } catch {
        break;
      }
    }
  }
  fs.rmSync(list);
}

/** Writes the index when it changed; throws a post's mistake (a SiteError) as the build shows it. */
function writePostsIndex() {
  // Required here: the dev server's middleware requires this file for INDEX alone.
  const { loadSiteData } = require('../posthtml-site/site-data.cjs');
  removeOldPageFiles();
  const { blog } = loadSiteData({ posts: 'all' });
  const index = blog.order.map((slug) =>
    Object.fromEntries(Object.entries(blog.posts[slug]).filter(([key]) => key !== 'headings')),
  );
  const content = `${JSON.stringify(index, null, 2)}\n`;
  if (fs.existsSync(INDEX_FILE) && fs.readFileSync(INDEX_FILE, 'utf8') === content) return false;
  fs.mkdirSync(path.dirname(INDEX_FILE), { recursive: true });
  fs.writeFileSync(INDEX_FILE, content);
  return true;
}

module.exports = { INDEX, INDEX_FILE, writePostsIndex };

if (require.main === module) {
  // `npm run dev`'s first step: a site root that is no site stops it as it stops the build.
  const problem = siteRootProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  try {
    writePostsIndex();
  } catch (error) {
    // A maintainer's mistake in a post: its block (file, line, fix) alone, as the build prints it.
    console.error(`🚨 Build failed.\n\n${error.message}`);
    process.exit(1);
  }
}
