/**
 * Parcel runtime: makes a failed dynamic import() retriable.
 *
 * Parcel's JS runtime turns each `import()` into a small module whose exports are the loading
 * promise. Modules are cached for the page's life, so once a chunk fails to download (a dropped
 * connection, a content blocker) every later `import()` of it returns the same rejected promise
 * and never asks the network again. Browsers themselves do retry a failed module fetch.
 *
 * This wraps Parcel's own runtime and changes only that: the promise is kept while it is pending
 * or fulfilled, and forgotten when it rejects, so the next `import()` fetches again. The retry
 * policy (when, how often) belongs to the island loader (scripts/page/island-loader.ts).
 */
const { Runtime } = require('@parcel/plugin');
const jsRuntime = require('@parcel/runtime-js').default;

const parcelJsRuntime = jsRuntime[Symbol.for('parcel-plugin-config')];
const LOADER = /^module\.exports = ([\s\S]*);$/;

/** An import of a chunk by its import-map name: `__parcel__import__("id")`. */
const IMPORT = /__parcel__import__\("([^"]+)"\)/g;

function retriable(asset) {
  const match = typeof asset.code === 'string' && asset.dependency ? LOADER.exec(asset.code) : null;
  if (!match) return asset;
  // A retry asks for the chunk's URL with a query: a browser that keeps a failed module fetch
  // in its module map (Chromium before 154; the HTML standard's rule) answers a second import()
  // of the same URL with the same failure, without the network.
  const load = match[1].replace(
    IMPORT,
    (_, id) =>
      `(retry ? __parcel__import__(__parcel__import__.meta.resolve("${id}") + "?" + retry) : __parcel__import__("${id}"))`,
  );
  const code = `let loading, retry = 0;
Object.defineProperty(module, 'exports', {
  get: () => (loading ??= ${load}.catch((error) => { loading = undefined; retry++; throw error; })),
});`;
  return { ...asset, code };
}

module.exports = new Runtime({
  ...parcelJsRuntime,
  async apply(options) {
    const assets = await parcelJsRuntime.apply(options);
    return Array.isArray(assets) ? assets.map(retriable) : assets && retriable(assets);
  },
});
