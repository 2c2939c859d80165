/**
 * Parcel transformer: Parcel's own PostHTML transformer, which runs scripts/build/posthtml-site
 * on every page, plus four things.
 *
 * The page plugin learns which file it builds from here (Parcel passes PostHTML no file path): a
 * page's route is its file's path.
 *
 * /blog's page brings the blog's other pages into the build: each post and each later listing
 * page (scripts/build/posts/post-pages.cjs).
 *
 * A page read from Parcel's cache (scripts/build/build.mjs) must be what the page would be
 * now: it is rebuilt when the environment it was built in changes (the build's day, drafts shown
 * or not, the footer's year), not only when a file it is made of does.
 *
 * When a page fails to build because of a file it is made of (a
 * partial, a data file: the SiteError names it), the dev server must rebuild the page once that
 * file is fixed. Parcel learns which files a page is made of only from a successful run, so a
 * failed page would otherwise show its error until the page file itself is saved again.
 */
const path = require('node:path');
const { Transformer } = require('@parcel/plugin');
const posthtmlTransformer = require('@parcel/transformer-posthtml').default;
const { ROOT } = require('../posthtml-site/site-error.cjs');
const { IMAGES_DIR } = require('../images.cjs');
const { loadSiteData } = require('../posthtml-site/site-data.cjs');
const { linkBlogPages } = require('../posts/post-pages.cjs');
const { withPageFile } = require('../posthtml-site/index.cjs');

const parcelPosthtml = posthtmlTransformer[Symbol.for('parcel-plugin-config')];

module.exports = new Transformer({
  ...parcelPosthtml,
  async transform(options) {
    // What the site's data reads from the environment (site-data.cjs): a page built with other
    // values is another page.
    for (const name of ['BUILD_DAY', 'BLOG_DRAFTS', 'BUILD_YEAR', 'LEAD_ENDPOINT']) {
      options.asset.invalidateOnEnvChange(name);
    }
    const file = path.relative(ROOT, options.asset.filePath).split(path.sep).join('/');
    options.asset.setCode(withPageFile(await options.asset.getCode(), file));
    try {
      const assets = await parcelPosthtml.transform(options);
      linkBlogPages(options.asset, () => loadSiteData().blog);
      return assets;
    } catch (error) {
      // Every file named, when several have a mistake (the posts, reported at once).
      for (const file of error?.files ?? (typeof error?.file === 'string' ? [error.file] : []))
        options.asset.invalidateOnFileChange(path.resolve(ROOT, file));
      // A photo named before it was added: adding it fixes the page too.
      options.asset.invalidateOnFileCreate({ glob: path.join(ROOT, IMAGES_DIR, '*') });
      throw error;
    }
  },
});
