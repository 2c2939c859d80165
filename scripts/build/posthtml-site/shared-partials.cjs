'use strict';
/**
 * Renders each partial that reads nothing of the page (the header, the footer) once per build
 * instead of once per page.
 *
 * posthtml-include and posthtml-expressions re-read, re-parse and re-evaluate every partial for
 * every page, and each evaluation builds a fresh `vm` context: with 500 routes that was over half
 * of the build. The expansion itself is still done by posthtml-include; this only keeps its result.
 *
 * A partial is shared when neither it nor any partial it includes mentions `page` (the only
 * per-page local), so a partial that starts to use the page stops being shared with no other edit.
 * A kept result is used while the site data and every file it was made from are unchanged
 * (modification time and size), so a dev rebuild after an edit renders it afresh.
 */
const fs = require('node:fs');
const posthtml = require('posthtml');
const include = require('posthtml-include');
const { fileStamp } = require('./source-files.cjs');

/** Whether a file still has the modification time and size it had when it was read. */
function unchanged([file, stamp]) {
  return fileStamp(file) === stamp;
}

/** `page` as a word: conservative, so copy that says "page" only costs the sharing. */
const MENTIONS_PAGE = /\bpage\b/;

/**
 * A PostHTML plugin that expands shared `<include>`s from a cache kept across pages and leaves
 * the others for the page's own posthtml-include pass. `includeOptions` are that pass's options;
 * `siteData` is the object the build's locals come from, and the cache is dropped when it changes.
 */
function sharedPartials(includeOptions, siteData) {
  if (cache.siteData !== siteData) cache = { siteData, entries: new Map() };
  const { entries } = cache;

  /** Expands one include with posthtml-include; null when the result depends on the page. */
  function expand(node) {
    const result = posthtml([include(includeOptions)]).process([JSON.parse(JSON.stringify(node))], {
      sync: true,
      skipParse: true,
    });
    const files = [...new Set(result.messages.filter((m) => m.type === 'dependency').map((m) => m.file))];
    const readsPage = files.some((file) => MENTIONS_PAGE.test(fs.readFileSync(file, 'utf8')));
    return {
      stamps: files.map((file) => [file, fileStamp(file)]),
      // As JSON: posthtml hangs its methods on the arrays of a tree, and each page needs a copy.
      json: readsPage ? null : JSON.stringify(result.tree),
      messages: result.messages,
    };
  }

  return (tree) =>
    tree.match({ tag: 'include' }, (node) => {
      const key = JSON.stringify(node);
      let entry = entries.get(key);
      if (!entry || !entry.stamps.every(unchanged)) {
        entry = expand(node);
        entries.set(key, entry);
      }
      if (!entry.json) return node;
      tree.messages.push(...entry.messages);
      return { tag: false, content: JSON.parse(entry.json) };
    });
}

let cache = { siteData: undefined, entries: new Map() };

module.exports = { sharedPartials };
