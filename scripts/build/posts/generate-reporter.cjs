/**
 * Parcel reporter, for `npm run dev`: writes the blog's pages again (generate.mjs) when a post is
 * added, removed or changed, so that a new post is a page without restarting the dev server.
 * (An edit to a post's text needs no new page file: the page plugin reads the post while it
 * builds, and Parcel rebuilds its page.) A mistake in a post shows in the pages that read it, as
 * every build error does; here it is left for them.
 */
const fs = require('node:fs');
const path = require('node:path');
const { Reporter } = require('@parcel/plugin');
const { ROOT } = require('../repo-root.cjs');

const WATCHED = ['pages/_posts', 'pages/_data'];
let watchers = [];
let pending;
/** Whether Parcel is building, and whether a post changed meanwhile. */
let building = false;
let changedWhileBuilding = false;

/**
 * Writes the pages again once Parcel is idle. A deleted post's page file is removed here; removed
 * while Parcel rebuilt that page (which depends on the post), Parcel failed to read it and kept
 * that error until a restart. So a change seen during a build waits for its end.
 */
function regenerate() {
  clearTimeout(pending);
  pending = setTimeout(() => {
    if (building) {
      changedWhileBuilding = true;
      return;
    }
    import('./generate.mjs')
      .then(
        ({ generate }) => generate(),
        () => undefined,
      )
      .catch(() => undefined);
  }, 50);
}

module.exports = new Reporter({
  report({ event }) {
    if (event.type === 'watchStart' && watchers.length === 0) {
      watchers = WATCHED.filter((folder) => fs.existsSync(path.join(ROOT, folder))).map((folder) =>
        fs.watch(path.join(ROOT, folder), regenerate),
      );
    }
    if (event.type === 'buildStart') building = true;
    if (event.type === 'buildSuccess' || event.type === 'buildFailure') {
      building = false;
      if (changedWhileBuilding) {
        changedWhileBuilding = false;
        regenerate();
      }
    }
    if (event.type === 'watchEnd') {
      for (const watcher of watchers) watcher.close();
      watchers = [];
    }
  },
});
