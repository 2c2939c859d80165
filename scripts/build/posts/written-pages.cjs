/**
 * What generate.mjs writes before Parcel: a page file for each post and each listing's later
 * pages, in pages/blog/ (where Parcel builds every page); and, in the build cache (.cache/blog/),
 * the posts' index (what a listing shows of each post) and the list of the page files it wrote.
 * The generator reads that list to remove pages a post no longer needs, the dev-server middleware
 * (.proxyrc.cjs) to know the posts' routes, and the build's record of its sources
 * (build-sources.mjs) to leave them out. Only while it writes page files is there a
 * pages/blog/.gitignore, naming them, so that none is committed: a tree without published posts
 * keeps its sources as they are. CommonJS, for the middleware.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('../repo-root.cjs');

const FOLDER = 'pages/blog';
const IGNORE_FILE = path.join(ROOT, FOLDER, '.gitignore');
/** Where the generator keeps what it knows, beside the build's other caches. */
const CACHE = '.cache/blog';
/** The list of the page files it wrote, by path from pages/blog/ ("seo/page/2.html"). */
const LIST = `${CACHE}/written-pages.txt`;
/**
 * The posts' index: what listings, related posts and neighbour links show of each post. The pages
 * that show posts depend on it, not on every post file, so that an edit to one post's text
 * rebuilds that post's page alone. From the repo root.
 */
const INDEX = `${CACHE}/posts.json`;

/** The written page files, by path from pages/blog/ ("seo/page/2.html"), of the tree at `root`. */
function writtenFiles(root = ROOT) {
  const list = path.join(root, LIST);
  if (!fs.existsSync(list)) return [];
  return fs.readFileSync(list, 'utf8').split('\n').filter(Boolean);
}

/** The routes of the written pages ("/blog/seo/page/2"). */
function writtenRoutes() {
  return writtenFiles()
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/blog/${file.replace(/\.html$/, '')}`);
}

module.exports = {
  FOLDER,
  IGNORE_FILE,
  INDEX,
  INDEX_FILE: path.join(ROOT, INDEX),
  LIST_FILE: path.join(ROOT, LIST),
  writtenFiles,
  writtenRoutes,
};
