/**
 * Parcel reporter, for `npm run dev`: writes the posts' index again (posts-index.cjs) when a post
 * is added, removed or changed, so that the pages that show posts follow: /blog, which links every
 * post's page into the build (post-pages.cjs), the listings, the neighbours. (An edit to a post's
 * text leaves the index as it is: Parcel rebuilds that post's page alone.) A mistake in a post
 * shows in the pages that read it, as every build error does; here it is left for them.
 */
const fs = require('node:fs');
const path = require('node:path');
const { Reporter } = require('@parcel/plugin');
const { SITE_ROOT } = require('../repo-root.cjs');
const { writePostsIndex } = require('./posts-index.cjs');

const WATCHED = ['pages/_posts', 'pages/_data'].map((folder) => path.join(SITE_ROOT, folder));
let watchers = [];
let pending;
/** Whether Parcel is building, and whether a post changed meanwhile. */
let building = false;
let changedWhileBuilding = false;

/**
 * Writes the index again once Parcel is idle: written while Parcel builds, the change would reach
 * only the pages not yet built. So a change seen during a build waits for its end.
 */
function rewriteIndex() {
  clearTimeout(pending);
  pending = setTimeout(() => {
    if (building) {
      changedWhileBuilding = true;
      return;
    }
    try {
      writePostsIndex();
    } catch {
      // The pages that read the post show its mistake.
    }
  }, 50);
}

module.exports = new Reporter({
  report({ event }) {
    if (event.type === 'watchStart' && watchers.length === 0) {
      watchers = WATCHED.filter((folder) => fs.existsSync(folder)).map((folder) =>
        fs.watch(folder, rewriteIndex),
      );
    }
    if (event.type === 'buildStart') building = true;
    if (event.type === 'buildSuccess' || event.type === 'buildFailure') {
      building = false;
      if (changedWhileBuilding) {
        changedWhileBuilding = false;
        rewriteIndex();
      }
    }
    if (event.type === 'watchEnd') {
      for (const watcher of watchers) watcher.close();
      watchers = [];
    }
  },
});
