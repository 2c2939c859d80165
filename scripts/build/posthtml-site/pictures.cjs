'use strict';
/**
 * The one way to place a photo: an `<img>` whose src is a file of pages/_images/, in any page or
 * partial (or a post's Markdown), becomes a `<picture>` here:
 *
 *   <img src="/pages/_images/office.jpg" alt="Our office" sizes="(min-width: 64em) 40rem, 100vw">
 *
 *   <picture>
 *     <source type="image/avif" srcset="/pages/_images/office.jpg?as=avif&width=360 360w, …" sizes="…">
 *     <source type="image/webp" srcset="…">
 *     <img src="/pages/_images/office.jpg?as=jpeg&width=960" width="1600" height="1200" alt="Our office"
 *          loading="lazy" decoding="async">
 *   </picture>
 *
 * Parcel then makes each variant (scripts/build/image-variants) and writes its hashed name in.
 * Attributes the markup may give besides the `<img>`'s own:
 *   sizes     how wide the image is shown at each breakpoint (required: the browser picks a width by it)
 *   widths    the widths to offer, "96, 192, 288" (default: 360 to 1920); none wider than the source
 *   aspect    crop every variant to this shape, "1/1", "16/9" (default: the source's own)
 *   fetchpriority="high"   the page's largest image at first paint: loaded at once, not lazily
 * `width` and `height` come from the source's aspect ratio (or `aspect`), so the box is reserved
 * before the image arrives: no layout shift at any width.
 *
 * checkPictures() stops the build on a mistake in the markup as written (a missing image, with the
 * nearest names; a format the build does not take; no alt; no sizes), at the file and line.
 */
const path = require('node:path');
const { IMAGES_URL, HEAVY_BYTES, ImageProblem, sourceImage } = require('../images.cjs');
const { SiteError, ROOT, locateIn } = require('./site-error.cjs');
const { elementsOf } = require('./source-files.cjs');

/** The widths offered when the markup names none: phones to wide screens at 1x and 2x. */
const DEFAULT_WIDTHS = [360, 540, 720, 960, 1280, 1600, 1920];
/** The fallback `<img src>`, for a browser without AVIF or WebP: the widest variant up to this. */
const FALLBACK_MAX = 1024;

/** "96, 192 288" → [96, 192, 288], or undefined when it is not a list of whole widths. */
function parseWidths(text) {
  const widths = String(text)
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  return widths.length > 0 && widths.every((width) => Number.isInteger(width) && width > 0)
    ? [...new Set(widths)].sort((a, b) => a - b)
    : undefined;
}

/** "16/9" → 16 / 9, or undefined. */
function parseAspect(text) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(String(text));
  return match && Number(match[1]) > 0 && Number(match[2]) > 0
    ? Number(match[1]) / Number(match[2])
    : undefined;
}

const isPhoto = (node) =>
  node && node.tag === 'img' && typeof node.attrs?.src === 'string' && node.attrs.src.startsWith(IMAGES_URL);

/**
 * Checks each photo `<img>` of the files a page is made of, as written: the image exists and is a
 * format the build takes (unless its name comes from data, checked with the data), it has an alt
 * and sizes, and its widths and aspect read. Throws a SiteError at the element.
 */
function checkPictures(files) {
  for (const file of files) {
    for (const element of elementsOf(path.join(ROOT, file))) {
      if (!isPhoto(element)) continue;
      const { src, alt, sizes, widths, aspect } = element.attrs;
      const { line, column } = element.location.start;
      const stop = (what, fix) => {
        throw new SiteError({ what, file, line, column, fix });
      };
      const name = src.slice(IMAGES_URL.length);
      if (!name.includes('{{')) {
        try {
          sourceImage(name);
        } catch (error) {
          if (error instanceof ImageProblem) stop(`<img> names ${src}. ${error.what}`, error.fix);
          throw error;
        }
      }
      if (alt === undefined) {
        stop(
          `<img> of ${src} has no alt.`,
          'Say what the photo shows to someone who cannot see it (alt="Our team at the 2024 REIA expo"), ' +
            'or write alt="" when the text beside it already says it (a portrait beside the name): ' +
            'https://www.w3.org/WAI/tutorials/images/decision-tree/',
        );
      }
      if (!sizes || !String(sizes).trim()) {
        stop(
          `<img> of ${src} has no sizes: the browser cannot pick a width without it.`,
          'Say how wide it is shown at each breakpoint, as its CSS lays it out: sizes="(min-width: 64em) 30rem, calc(100vw - 2rem)" (README "Add a photo").',
        );
      }
      if (widths !== undefined && !widths.includes('{{') && !parseWidths(widths)) {
        stop(
          `<img> of ${src} has widths="${widths}", which is not a list of widths.`,
          'Write the widths in pixels: widths="96, 192, 288".',
        );
      }
      if (aspect !== undefined && !aspect.includes('{{') && !parseAspect(aspect)) {
        stop(
          `<img> of ${src} has aspect="${aspect}", which is not a ratio.`,
          'Write width/height: aspect="16/9", or leave it out to keep the photo\'s own shape.',
        );
      }
    }
  }
}

const warned = new Set();
/** Prints a warning once per build process: what it is about, and why it matters. */
function warnOnce(key, message) {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`⚠️  ${message}`);
}

/** The variants a photo offers and the box it reserves, for the markup. */
function variantsOf(image, wanted, aspect) {
  // The largest width a variant can have: the source's, or less where a crop takes the width.
  const shape = aspect ?? image.width / image.height;
  const widest = Math.min(image.width, Math.floor(image.height * shape));
  const widths = wanted.filter((width) => width <= widest);
  if (widths.length < wanted.length) {
    warnOnce(
      `narrow:${image.file}:${wanted.at(-1)}`,
      `${image.file} is ${widest} px wide${aspect ? ' once cropped' : ''}, narrower than the widest variant the page ` +
        `asks for (${wanted.at(-1)} px, for large or sharp screens): it will look soft there. Use a wider original.`,
    );
    widths.push(widest);
  }
  if (image.bytes > HEAVY_BYTES) {
    warnOnce(
      `heavy:${image.file}`,
      `${image.file} is ${(image.bytes / 1024 / 1024).toFixed(1)} MB: every cold build reads it and the repository keeps it. ` +
        'Export it at most 2,400 px wide (a few hundred KB); the pages are not affected.',
    );
  }
  const height = (width) => Math.round(width / shape);
  return { widths, height, cropped: aspect !== undefined };
}

/** The URL of one variant, as the image-variants transformer reads it. */
function variantUrl(image, as, width, height, cropped) {
  return `${image.url}?as=${as}&width=${width}${cropped ? `&height=${height}` : ''}`;
}

/** The variants a photo offers as the markup's `widths` and `aspect` ask (variantsOf). */
function variantsFor(image, { widths, aspect } = {}) {
  return variantsOf(
    image,
    widths ? parseWidths(widths) : DEFAULT_WIDTHS,
    aspect ? parseAspect(aspect) : undefined,
  );
}

/**
 * The variant a picture's `<img>` names, for a browser without AVIF or WebP (and for the feeds,
 * whose readers may not take `<picture>`): the widest offered up to FALLBACK_MAX, as a PNG for a
 * PNG and a JPEG for any other photo. `variants` are the photo's (variantsFor).
 */
function fallbackVariant(image, { widths: offered, height, cropped }) {
  const width = offered.filter((offer) => offer <= FALLBACK_MAX).at(-1) ?? offered[0];
  return variantUrl(image, image.format === 'png' ? 'png' : 'jpeg', width, height(width), cropped);
}

/**
 * PostHTML plugin: turns each photo `<img>` of the page into a `<picture>`. `sources` are the
 * files the page is made of, where a name that comes from data is looked for when it is wrong.
 */
function pictures(sources) {
  return (tree) =>
    tree.walk((node) => {
      if (!isPhoto(node) || node.attrs['data-picture'] !== undefined) return node;
      const { src, sizes, widths, aspect, fetchpriority, ...rest } = node.attrs;
      const name = src.slice(IMAGES_URL.length);
      let image;
      try {
        image = sourceImage(name);
      } catch (error) {
        if (!(error instanceof ImageProblem)) throw error;
        const where = locateIn(sources, name) ?? { file: sources[0] };
        throw new SiteError({ what: error.what, ...where, fix: error.fix });
      }
      // The page shows the photo's size: it is built again when the photo changes.
      tree.messages.push({ type: 'dependency', file: path.join(ROOT, image.file) });
      const variants = variantsFor(image, { widths, aspect });
      const { widths: offered, height, cropped } = variants;
      const srcset = (as) =>
        offered
          .map((width) => `${variantUrl(image, as, width, height(width), cropped)} ${width}w`)
          .join(', ');
      const largest = offered.at(-1);
      const eager = fetchpriority === 'high';
      return {
        tag: 'picture',
        content: [
          { tag: 'source', attrs: { type: 'image/avif', srcset: srcset('avif'), sizes } },
          { tag: 'source', attrs: { type: 'image/webp', srcset: srcset('webp'), sizes } },
          {
            tag: 'img',
            attrs: {
              src: fallbackVariant(image, variants),
              ...rest,
              width: String(largest),
              height: String(height(largest)),
              ...(eager ? { fetchpriority: 'high' } : { loading: 'lazy', decoding: 'async' }),
              'data-picture': '',
            },
          },
        ],
      };
    });
}

/** Removes the marker that keeps a placed picture from being placed twice. */
function unmarkPictures(tree) {
  return tree.walk((node) => {
    if (node && node.tag === 'img' && node.attrs && 'data-picture' in node.attrs)
      delete node.attrs['data-picture'];
    return node;
  });
}

module.exports = {
  checkPictures,
  pictures,
  unmarkPictures,
  variantsFor,
  fallbackVariant,
  parseWidths,
  parseAspect,
  DEFAULT_WIDTHS,
};
