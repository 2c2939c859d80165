/**
 * Parcel optimizer: each picture offers its lighter format first (docs/images.md), the browser
 * taking the first it can show. Which is lighter is known once the variants are encoded
 * (image-variants records each one's bytes); a page's result is cached on the bundles it names,
 * not on their bytes, so the page's bundle configuration holds the bytes of every variant it
 * shows and depends on their source photos: a photo replaced under the same name orders its
 * pictures afresh in a build from the cache.
 */
const { Optimizer } = require('@parcel/plugin');
const { textOf } = require('../bundle-text.cjs');

module.exports = new Optimizer({
  loadBundleConfig({ bundle, bundleGraph, config }) {
    /** The bytes of each variant the page shows, by its URL as the page names it. */
    const bytes = {};
    bundle.traverse((node) => {
      if (node.type !== 'dependency') return;
      const referenced = bundleGraph.getReferencedBundle(node.value, bundle);
      const variant = referenced?.getMainEntry();
      if (variant?.meta.bytes === undefined) return;
      bytes[`/${referenced.name}`] = variant.meta.bytes;
      config.invalidateOnFileChange(variant.filePath);
    });
    return bytes;
  },
  async optimize({ contents, map, bundleConfig: bytes }) {
    const html = await textOf(contents);
    /** The bytes of every variant a `<source>` offers. */
    const offered = (source) =>
      [.../srcset="([^"]*)"/.exec(source)[1].matchAll(/(\/[^\s,]+)\s+\d+w/g)].reduce(
        (sum, [, url]) => sum + (bytes[url] ?? 0),
        0,
      );
    return {
      contents: html.replace(/<picture>(<source [^>]*>)(<source [^>]*>)/g, (whole, first, second) =>
        offered(second) < offered(first) ? `<picture>${second}${first}` : whole,
      ),
      map,
    };
  },
});
