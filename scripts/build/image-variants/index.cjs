/**
 * Parcel transformer for the photos in pages/_images/: each `<source>` and `<img>` the picture
 * markup writes (posthtml-site/pictures.cjs) asks for one variant, `name.jpg?as=avif&width=480`
 * (and `&height=` to crop), which sharp makes here:
 *
 * - resized, never enlarged, cropped to the asked shape around what draws the eye (sharp's
 *   "attention" strategy: a face rather than the middle of a portrait);
 * - turned as the camera said, then stripped of metadata: a phone photo's EXIF can hold where it
 *   was taken, and it only adds bytes;
 * - encoded with the settings of scripts/build/images.cjs (ENCODINGS).
 *
 * Parcel caches each variant as it caches every transformer's result, and makes it again when the
 * photo, the request or this code (with images.cjs) changes: an edit elsewhere encodes nothing.
 * One encode at a time per Parcel worker, libvips on one thread each, so that AVIF, the slow one,
 * never takes more than the workers' share of a small machine.
 *
 * A source named without a variant (`<img src="/pages/_images/x.jpg">` outside the picture markup)
 * stops the build: sources are never served as they are.
 */
const path = require('node:path');
const { Transformer } = require('@parcel/plugin');
const sharp = require('sharp');
const { imageSize } = require('image-size');
const { ENCODINGS, IMAGES_DIR } = require('../images.cjs');
const { ROOT } = require('../repo-root.cjs');

sharp.concurrency(1);
let queue = Promise.resolve();
/** Runs `task` after every encode this worker has already started. */
function oneAtATime(task) {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

/** A variant's bytes, encoded after the ones this worker has started. */
function variant(source, { as, width, height }) {
  return oneAtATime(() => {
    let image = sharp(source).rotate();
    image = image.resize({
      width,
      height,
      fit: 'cover',
      position: sharp.strategy.attention,
      withoutEnlargement: true,
    });
    // JPEG has no transparency: what was transparent becomes the page's white, not black.
    if (as === 'jpeg') image = image.flatten({ background: '#ffffff' });
    return image.toFormat(as, ENCODINGS[as]).toBuffer();
  });
}

module.exports = new Transformer({
  async transform({ asset }) {
    const source = path.relative(ROOT, asset.filePath);
    const as = asset.query.get('as');
    const width = Number(asset.query.get('width'));
    const height = asset.query.has('height') ? Number(asset.query.get('height')) : undefined;
    if (!ENCODINGS[as] || !(width > 0) || (height !== undefined && !(height > 0))) {
      throw new Error(
        `${source} is named as it is (${asset.query.toString() || 'no variant'}): a photo in ${IMAGES_DIR}/ ` +
          'is placed with <img src="/pages/_images/…" alt="…" sizes="…">, which the build turns into ' +
          'sized variants (README "Add a photo").',
      );
    }
    asset.bundleBehavior = 'isolated';
    const bytes = await variant(await asset.getBuffer(), { as, width, height });
    // Its own size, which a photo's readers outside a page need (the feeds:
    // posts/feeds-reporter.cjs), and its bytes, which set the order of a picture's formats
    // (picture-order).
    const size = imageSize(bytes);
    asset.meta.width = size.width;
    asset.meta.height = size.height;
    asset.meta.bytes = bytes.length;
    asset.setBuffer(bytes);
    asset.type = as === 'jpeg' ? 'jpg' : as;
    return [asset];
  },
});
