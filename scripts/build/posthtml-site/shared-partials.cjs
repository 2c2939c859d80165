'use strict';
/**
 * The page's include pass (posthtml-include), with each partial that reads nothing of the page
 * (the header, the footer, a post's card) rendered once per build instead of once per page.
 *
 * posthtml-include and posthtml-expressions re-read, re-parse and re-evaluate every partial for
 * every page, and each evaluation builds a fresh `vm` context: with 500 routes that was over half
 * of the build. The expansion itself is still done by posthtml-include; this only keeps its result.
 *
 * A partial is shared when neither it nor any partial it includes mentions `page` (the only
 * per-page local), so a partial that starts to use the page stops being shared with no other edit.
 * Shared partials are found at every depth: posthtml-include finds the includes of a tree with the
 * tree's `match`, and hands that `match` to the tree of each partial it expands, so the cards a
 * post's page includes (the page reads the page, its cards do not) come from the cache too: with
 * 1,000 posts, each card is rendered once, not once for each page and listing that shows it.
 * A kept result is used while the site data and every file it was made from are unchanged
 * (modification time and size), so a dev rebuild after an edit renders it afresh.
 */
const fs = require('node:fs');
const path = require('node:path');
const posthtml = require('posthtml');
const include = require('posthtml-include');
const { fileStamp, perFile } = require('./source-files.cjs');

/** Whether a file still has the modification time and size it had when it was read. */
function unchanged([file, stamp]) {
  return fileStamp(file) === stamp;
}

/** `page` as a word: conservative, so copy that says "page" only costs the sharing. */
const MENTIONS_PAGE = /\bpage\b/;

/** The `src` of each include a partial's markup names. */
const INCLUDE_SRC = /<include\b[^>]*?\bsrc="([^"]*)"/g;

/**
 * Whether a partial, or one it includes, mentions the page, read from the files alone: a partial
 * that does is expanded by the page's own pass at once, never rendered a first time to find out.
 * A `src` made by an expression cannot be followed, so it counts as reading the page.
 */
function readsPage(file, root, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  if (!fs.existsSync(file)) return true;
  const { mentions, sources } = perFile('page reads', file, () => {
    const markup = fs.readFileSync(file, 'utf8');
    return {
      mentions: MENTIONS_PAGE.test(markup),
      sources: [...markup.matchAll(INCLUDE_SRC)].map((m) => m[1]),
    };
  });
  return (
    mentions || sources.some((src) => src.includes('{{') || readsPage(path.resolve(root, src), root, seen))
  );
}

/**
 * The page's include pass: a PostHTML plugin that expands every `<include>` with posthtml-include,
 * shared ones from a cache kept across pages. `includeOptions` are posthtml-include's options;
 * `siteData` is the object the build's locals come from, and the cache is dropped when it changes.
 */
function sharedPartials(includeOptions, siteData) {
  if (cache.siteData !== siteData) cache = { siteData, entries: new Map() };
  const { entries } = cache;
  const root = includeOptions.root ?? process.cwd();

  /** Expands one include with posthtml-include; `json` null when the result depends on the page. */
  function expand(node) {
    const result = posthtml([include(includeOptions)]).process([JSON.parse(JSON.stringify(node))], {
      sync: true,
      skipParse: true,
    });
    const files = [...new Set(result.messages.filter((m) => m.type === 'dependency').map((m) => m.file))];
    const pageRead = files.some((file) => MENTIONS_PAGE.test(fs.readFileSync(file, 'utf8')));
    return {
      stamps: files.map((file) => [file, fileStamp(file)]),
      // As JSON: posthtml hangs its methods on the arrays of a tree, and each page needs a copy.
      json: pageRead ? null : JSON.stringify(result.tree),
      messages: result.messages,
    };
  }

  /** The cached expansion of a shared include, or null when the include reads the page. */
  function shared(node) {
    const src = node.attrs?.src;
    if (!src || readsPage(path.resolve(root, src), root)) return null;
    const key = JSON.stringify(node);
    let entry = entries.get(key);
    if (!entry || !entry.stamps.every(unchanged)) {
      entry = expand(node);
      entries.set(key, entry);
    }
    return entry.json ? entry : null;
  }

  const includePartials = include(includeOptions);
  return function includeSharedPartials(tree) {
    const { match } = tree;
    tree.match = function matchShared(expression, callback) {
      if (expression?.tag !== 'include') return match.call(this, expression, callback);
      return match.call(this, expression, (node) => {
        const entry = shared(node);
        if (!entry) return callback(node);
        this.messages.push(...entry.messages);
        return { tag: false, content: JSON.parse(entry.json) };
      });
    };
    return includePartials(tree);
  };
}

let cache = { siteData: undefined, entries: new Map() };

module.exports = { sharedPartials };
