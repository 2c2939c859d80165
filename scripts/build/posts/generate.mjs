/**
 * The step before Parcel: writes a page file for each post of pages/_posts/ and for each later
 * page of a listing (/blog/page/2, /blog/seo/page/2), so that Parcel builds them like every page.
 * A written file only names what it shows (`<layout post="slug">`); the page plugin fills it from
 * the post (read-posts.cjs) while it builds, so an edit to a post rebuilds its page without this
 * step. This step runs again whenever a post changes (generate-reporter.cjs, under `npm run dev`),
 * and before every `npm run build`.
 *
 * In the build cache it writes the posts' index, .cache/blog/posts.json: what the pages that show other
 * posts read of them, which those pages depend on (written-pages.cjs). A file is written only when
 * its content changes, so that an edit to a post's text rebuilds no other page.
 *
 * The page files are build output, never committed: while there are any, pages/blog/.gitignore,
 * which it writes beside them, lists them (and itself); the list it keeps in .cache/blog/ tells
 * it which to remove when a post goes. A tree without published posts gets no file in pages/.
 * Drafts are written only with BLOG_DRAFTS=1 (npm run dev).
 *
 *   node scripts/build/posts/generate.mjs
 */
import { existsSync, mkdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { ROOT } = require('../repo-root.cjs');
const { loadSiteData } = require('../posthtml-site/site-data.cjs');
const { forgetOtherReadings } = require('./read-posts.cjs');

const { FOLDER, IGNORE_FILE: IGNORE, INDEX_FILE, LIST_FILE, writtenFiles } = require('./written-pages.cjs');
const NOTE = `# Written by scripts/build/posts/generate.mjs before every build, from pages/_posts/: a page
# for each post and each listing's later pages. Build output: never
# committed, never edited.`;

/** The files the blog needs now, by path from pages/blog/, with their content. */
function wanted({ blog }) {
  const files = new Map();
  for (const slug of blog.order) {
    files.set(
      `${slug}.html`,
      `<layout post="${slug}"><include src="partials/content/post.html"></include></layout>\n`,
    );
  }
  for (const page of Object.values(blog.pages).filter((listed) => listed.number > 1)) {
    files.set(
      `${page.path.slice('/blog/'.length)}.html`,
      `<layout listing="${page.path}"><include src="partials/content/post-list.html" locals='{"listing": "${page.path}"}'></include></layout>\n`,
    );
  }
  // What the pages that show posts read of each (listings, related posts, neighbours): it changes
  // when a post is added, removed or retitled, not when its text changes.
  const index = blog.order.map((slug) =>
    Object.fromEntries(
      Object.entries(blog.posts[slug]).filter(([key]) => !['html', 'headings'].includes(key)),
    ),
  );
  return { files, index: `${JSON.stringify(index, null, 2)}\n` };
}

/** Writes the blog's pages, removes those it no longer has; returns what changed. */
export function generate() {
  // Every post's file checked: this process may be the dev server's, which keeps the data between runs.
  const { files, index } = wanted(loadSiteData({ posts: 'all' }));
  // Every post was read, with no mistake: what .cache/posts/ holds of earlier versions can go.
  forgetOtherReadings({ drafts: process.env.BLOG_DRAFTS === '1' });
  const changed = [];
  for (const old of writtenFiles().filter((file) => !files.has(file))) {
    rmSync(path.join(ROOT, FOLDER, old), { force: true });
    // A listing that lost its later pages leaves no empty folder (pages/blog/seo/page/).
    for (let folder = path.dirname(old); folder !== '.'; folder = path.dirname(folder)) {
      try {
        rmdirSync(path.join(ROOT, FOLDER, folder));
      } catch {
        break;
      }
    }
    changed.push(`removed ${FOLDER}/${old}`);
  }
  for (const [file, content] of files) {
    const full = path.join(ROOT, FOLDER, file);
    if (existsSync(full) && readFileSync(full, 'utf8') === content) continue;
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    changed.push(`wrote ${FOLDER}/${file}`);
  }
  // The index and the list in the build cache; a .gitignore only while there are pages to ignore.
  writeIfChanged(INDEX_FILE, index);
  writeIfChanged(LIST_FILE, [...files.keys()].map((file) => `${file}\n`).join(''));
  if (files.size === 0) rmSync(IGNORE, { force: true });
  else
    writeIfChanged(
      IGNORE,
      `${NOTE}\n/.gitignore\n${[...files.keys()].map((file) => `/${file}`).join('\n')}\n`,
    );
  return changed;
}

/** Writes a file only when its content changes: Parcel rebuilds what depends on it otherwise. */
function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    generate();
  } catch (error) {
    // A maintainer's mistake in a post: its block (file, line, fix) alone, as the build prints it.
    console.error(`🚨 Build failed.\n\n${error.message}`);
    process.exit(1);
  }
}
