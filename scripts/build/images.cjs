'use strict';
/**
 * The source images a maintainer drops into pages/_images/: what each is (size, format, weight),
 * and what is wrong with a name that data or a page gives. Read by the page plugin (the picture
 * markup and its checks), the data checks and the posts' index; the variants themselves are
 * made by Parcel, through scripts/build/image-variants (docs/images.md).
 *
 * Sizes are read from the file's header (image-size), synchronously, since PostHTML plugins are;
 * each file is read once while its modification time and size are unchanged.
 */
const fs = require('node:fs');
const path = require('node:path');
const { distance } = require('fastest-levenshtein');
const { imageSize } = require('image-size');
const { ROOT, PAGES_DIR } = require('./repo-root.cjs');
const { fileStamp } = require('./posthtml-site/source-files.cjs');

/** Where source images live, from the repo root: the site's pages/_images/. */
const IMAGES_DIR = `${PAGES_DIR}/_images`;
/** How pages and posts name a source image, whatever the site's root: /pages/_images/<name>. */
const IMAGES_URL = '/pages/_images/';
/**
 * Where the variants go in dist/ (bundle-namer): one folder, so that a host caches them all with
 * one rule (Cloudflare Pages reads at most 100 rules, serve at most 50).
 */
const VARIANTS_FOLDER = 'images';

/** The formats the build turns into variants, by what image-size calls them. */
const SUPPORTED = { jpg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' };
const EXTENSIONS = { '.jpg': 'jpg', '.jpeg': 'jpg', '.png': 'png', '.webp': 'webp', '.avif': 'avif' };
/** Names image-size gives formats a maintainer may try, for the message. */
const KNOWN = {
  gif: 'a GIF',
  heif: 'a HEIF/HEIC photo',
  tiff: 'a TIFF',
  svg: 'an SVG',
  bmp: 'a BMP',
  ico: 'an icon',
};

/**
 * How each variant is encoded (sharp's options): docs/images.md says why each, docs/performance.md
 * what AVIF's effort costs a build.
 */
const ENCODINGS = {
  avif: { quality: 50, effort: 3, chromaSubsampling: '4:2:0' },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 76, mozjpeg: true },
  png: { compressionLevel: 9, palette: false },
};

/** Above this, a source slows every cold build and grows the repository (a warning, not an error). */
const HEAVY_BYTES = 5 * 1024 * 1024;

/** The files of pages/_images/, by name. */
function imageNames() {
  const folder = path.join(ROOT, IMAGES_DIR);
  if (!fs.existsSync(folder)) return [];
  return (
    fs
      .readdirSync(folder, { withFileTypes: true })
      // The folder's own README is not a photo.
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && entry.name !== 'README.md')
      .map((entry) => entry.name)
      .sort()
  );
}

/**
 * The names in pages/_images/ nearest to `name` by edit distance, nearest first: those a typo away
 * (`near`), or else the three nearest.
 */
function nearestNames(name) {
  const ranked = imageNames()
    .map((candidate) => ({ candidate, distance: distance(name.toLowerCase(), candidate.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate));
  const typo = Math.max(3, Math.round(name.length / 3));
  const near = ranked.filter(({ distance }) => distance <= typo);
  return Object.assign(
    (near.length > 0 ? near : ranked).slice(0, 3).map(({ candidate }) => candidate),
    {
      near: near.length > 0,
    },
  );
}

/** What is wrong with an image a page or data names; the caller says where it is named. */
class ImageProblem extends Error {
  /** @param {{ what: string, fix: string }} problem */
  constructor({ what, fix }) {
    super(what);
    this.what = what;
    this.fix = fix;
  }
}

const read = new Map();

/**
 * A source image by its name in pages/_images/: { name, file, url, width, height, format, bytes },
 * its width and height as shown (a camera's rotation applied). Throws an ImageProblem when the name
 * is no file there or the file is not a format the build takes; the caller says where.
 */
function sourceImage(name) {
  const file = path.join(IMAGES_DIR, name);
  const full = path.join(ROOT, file);
  if (!name || name.includes('/') || !fs.existsSync(full)) {
    const nearest = nearestNames(name || '');
    const all = imageNames();
    const quoted = nearest.map((candidate) => `"${candidate}"`).join(' or ');
    throw new ImageProblem({
      what: `The image "${name}" is not in ${IMAGES_DIR}/.`,
      fix:
        (nearest.near
          ? `Did you mean ${quoted}? `
          : nearest.length > 0
            ? `The nearest names there: ${nearest.join(', ')}${all.length > nearest.length ? ` (of ${all.length})` : ''}. `
            : '') +
        (all.length > 0
          ? `Correct the name (a file name in ${IMAGES_DIR}/, no folder), or add the photo there.`
          : `Put the photo in ${IMAGES_DIR}/ under that name (${IMAGES_DIR}/ is empty).`),
    });
  }
  const stamp = fileStamp(full);
  const cached = read.get(full);
  if (cached && cached.stamp === stamp) return cached.image;
  let header;
  try {
    header = imageSize(fs.readFileSync(full));
  } catch {
    header = { type: undefined };
  }
  const format = header.type === 'jpg' || header.type === 'jpeg' ? 'jpg' : header.type;
  const extension = EXTENSIONS[path.extname(name).toLowerCase()];
  if (!SUPPORTED[format] || !extension) {
    const kind =
      KNOWN[format] ?? (format ? `a ${format.toUpperCase()} file` : 'not an image the build can read');
    throw new ImageProblem({
      what: `${file} is ${kind}: the build makes sized variants of JPEG, PNG, WebP and AVIF photos only.`,
      fix: `Export it as JPEG (a photo) or PNG (flat colours, transparency), named .jpg or .png, and name that file instead.`,
    });
  }
  if (extension !== format) {
    throw new ImageProblem({
      what: `${file} is a ${SUPPORTED[format]} file named like a ${SUPPORTED[extension]} one.`,
      fix: `Rename it to end in .${format}, and name it so where it is used.`,
    });
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: what is shown is the other way round.
  const turned = header.orientation >= 5;
  const image = {
    name,
    file,
    // As Parcel resolves it: from the repository's root, where the site's root may be a fixture's.
    url: `/${file}`,
    width: turned ? header.height : header.width,
    height: turned ? header.width : header.height,
    format,
    bytes: fs.statSync(full).size,
  };
  read.set(full, { stamp, image });
  return image;
}

module.exports = {
  VARIANTS_FOLDER,
  ENCODINGS,
  ImageProblem,
  IMAGES_DIR,
  IMAGES_URL,
  HEAVY_BYTES,
  imageNames,
  sourceImage,
};
