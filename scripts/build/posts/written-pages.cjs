/**
 * What generate.mjs writes into pages/blog/ before Parcel: a page file for each post and each
 * listing's later pages, the posts' index (what a listing shows of each post) and a .gitignore
 * that lists them all, so that none is committed. The generator reads that list to remove pages
 * a post no longer needs, the dev-server middleware (.proxyrc.cjs) to know the posts' routes, and
 * the build's record of its sources (build-sources.mjs) to leave out what is made from the posts.
 * CommonJS, for the middleware.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('../repo-root.cjs');

const FOLDER = 'pages/blog';
const IGNORE_FILE = path.join(ROOT, FOLDER, '.gitignore');
/**
 * The posts' index: what listings, related posts and neighbour links show of each post. The pages
 * that show posts depend on it, not on every post file, so that an edit to one post's text
 * rebuilds that post's page alone.
 */
const INDEX_NAME = '.posts.json';

/** The written files, by path from pages/blog/ ("seo/page/2.html", ".posts.json"), of the tree at `root`. */
function writtenFiles(root = ROOT) {
  const ignore = path.join(root, FOLDER, '.gitignore');
  if (!fs.existsSync(ignore)) return [];
  return fs
    .readFileSync(ignore, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('/') && line !== '/.gitignore')
    .map((line) => line.slice(1));
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
  INDEX_NAME,
  INDEX_FILE: path.join(ROOT, FOLDER, INDEX_NAME),
  writtenFiles,
  writtenRoutes,
};
