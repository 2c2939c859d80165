/**
 * Parcel namer: every bundle is named for what it holds, so a network panel or a CDN log says
 * what failed to load.
 *
 * Parcel's default namer calls a bundle after the first entry of its bundle group: every page's
 * stylesheet and entry script came out as `404.<hash>.css` and `404.<hash>.js` (404.html sorts
 * first), and React as `Navigation.<hash>.js`. Here a bundle with a main entry is named after
 * that file (scripts/main.ts → main.<hash>.js, Navigation.tsx → Navigation.<hash>.js), and a
 * manual shared bundle after its name in package.json (`@parcel/bundler-default`: React's runtime
 * is one, `react.<hash>.js`), and any other shared bundle after the largest npm package in it; a
 * photo's variant after its source and width, in images/ (`images/daniel-brooks-192w.<hash>.avif`).
 * A page is named for its route (route-file.cjs): a post's, made from pages/_posts/<slug>.md,
 * blog/<slug>.html; every other page after its file under pages/, a listing's later page
 * (pages/blog/page/2.html, which no file holds) included. Other stable names are left to Parcel's
 * default namer.
 */
const path = require('node:path');
const { Namer } = require('@parcel/plugin');
const { IMAGES_DIR, VARIANTS_FOLDER } = require('../images.cjs');
const { ROOT, PAGES_DIR } = require('../repo-root.cjs');
const { fileOfRoute } = require('../route-file.cjs');
const { POSTS_DIR } = require('../posts/read-posts.cjs');

const PAGES = path.join(ROOT, PAGES_DIR);

/** A page's file in dist/, from the file it is made of; undefined for a file outside pages/. */
function pageFileOf(filePath) {
  if (path.dirname(filePath) === path.join(ROOT, POSTS_DIR)) {
    return fileOfRoute(`/blog/${path.parse(filePath).name}`);
  }
  const relative = path.relative(PAGES, filePath);
  return relative.startsWith('..') ? undefined : relative.split(path.sep).join('/');
}

const isPhoto = (filePath) => path.relative(ROOT, path.dirname(filePath)) === IMAGES_DIR;

function packageOf(filePath) {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(filePath)?.[1];
}

/** The npm package with the most bytes in the bundle, e.g. `react-transition-group`. */
function largestPackage(bundle) {
  const bytes = new Map();
  bundle.traverseAssets((asset) => {
    const name = packageOf(asset.filePath);
    if (name) bytes.set(name, (bytes.get(name) ?? 0) + asset.stats.size);
  });
  const [largest] = [...bytes].sort((a, b) => b[1] - a[1]);
  return largest?.[0].replace(/^@/, '').replace('/', '-');
}

module.exports = new Namer({
  name({ bundle }) {
    const entry = bundle.getMainEntry();
    // A post's share card (its og:image, which Parcel keeps under a stable name): share/<photo>.jpg.
    if (bundle.needsStableName && entry && isPhoto(entry.filePath)) {
      return `share/${path.parse(entry.filePath).name}.${bundle.type}`;
    }
    const page = bundle.type === 'html' && entry ? pageFileOf(entry.filePath) : undefined;
    if (page) return page;
    if (bundle.needsStableName) return null;
    // A photo's variant says its width, in the one folder of variants: images/daniel-brooks-192w.<hash>.avif.
    if (entry && isPhoto(entry.filePath)) {
      const width = entry.query.get('width');
      return `${VARIANTS_FOLDER}/${path.parse(entry.filePath).name}-${width}w.${bundle.hashReference}.${bundle.type}`;
    }
    const name = entry
      ? path.parse(entry.filePath).name
      : (bundle.manualSharedBundle ?? largestPackage(bundle));
    return name ? `${name}.${bundle.hashReference}.${bundle.type}` : null;
  },
});
