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

function regenerate() {
  clearTimeout(pending);
  pending = setTimeout(() => {
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
    if (event.type === 'watchEnd') {
      for (const watcher of watchers) watcher.close();
      watchers = [];
    }
  },
});
