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
 * policy (when, how often) belongs to the island loader (scripts/islands/start.ts).
 */
const { Runtime } = require('@parcel/plugin');
const jsRuntime = require('@parcel/runtime-js').default;

const parcelJsRuntime = jsRuntime[Symbol.for('parcel-plugin-config')];
const LOADER = /^module\.exports = ([\s\S]*);$/;

function retriable(asset) {
  const match = typeof asset.code === 'string' && asset.dependency ? LOADER.exec(asset.code) : null;
  if (!match) return asset;
  const code = `let loading;
Object.defineProperty(module, 'exports', {
  get: () => (loading ??= ${match[1]}.catch((error) => { loading = undefined; throw error; })),
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
