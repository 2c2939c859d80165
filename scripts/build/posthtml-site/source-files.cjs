'use strict';
/**
 * The page and partial files as the checks read them: from disk, parsed with their source
 * locations (line and column of every element). What is read from a file is cached while the file's
 * modification time and size are unchanged, so a build reads each file once and a dev rebuild
 * re-reads only what changed.
 */
const fs = require('node:fs');
const { parser } = require('posthtml-parser');

/** What was computed from each file, by kind and file, with the file's stamp then. */
const computed = new Map();

/**
 * A file's modification time and size, which change whenever it is saved ("-" when it is not
 * there): what every cache of the build compares to tell a changed file.
 */
function fileStamp(file) {
  const stats = fs.statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.mtimeMs}:${stats.size}` : '-';
}

/** `compute()` for this file, cached under `kind` until the file changes. */
function perFile(kind, file, compute) {
  const stamp = fileStamp(file);
  const key = `${kind}:${file}`;
  const hit = computed.get(key);
  if (hit && hit.stamp === stamp) return hit.value;
  const value = compute();
  computed.set(key, { stamp, value });
  return value;
}

/** The elements of a file, depth first, each with `location.start` { line, column }. */
function elementsOf(file) {
  return perFile('elements', file, () => {
    const elements = [];
    const walk = (nodes) =>
      nodes.forEach((node) => {
        if (!node || typeof node !== 'object') return;
        elements.push(node);
        if (Array.isArray(node.content)) walk(node.content);
      });
    walk(parser(fs.readFileSync(file, 'utf8'), { sourceLocations: true }));
    return elements;
  });
}

module.exports = { fileStamp, perFile, elementsOf };
