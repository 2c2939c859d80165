'use strict';
/**
 * Makes reading a missing property of the site data an error, as reading a missing variable
 * already is (posthtml-expressions' strictMode). Without it `{{ addon.prise }}` renders an empty
 * element, or the word "undefined" inside a loop, and the page ships.
 *
 * The data is wrapped in proxies that throw on a missing property, naming it, the object it was
 * read from ("pricing.addons[2]") and the properties it has. posthtml-expressions rethrows every
 * error as a new SyntaxError made from its text, so the first missing read is also kept here for
 * the plugin to turn into a SiteError with the file and line (firstMissingRead).
 *
 * A value meant to be optional is written so: present in the data with an explicit default (the
 * schemas give it), or tested with `'name' in object` before it is read.
 */

/** Properties that JavaScript itself looks up to see whether they exist (JSON.stringify, await). */
const PROBES = new Set(['toJSON', 'then']);

let lastMissing = null;

const proxies = new WeakMap();

/** The property's name as a path segment: "[2]" for an index, ".name" or '["/path"]' otherwise. */
function segment(target, property) {
  if (Array.isArray(target) && /^\d+$/.test(property)) return `[${property}]`;
  return /^[A-Za-z_$][\w$]*$/.test(property) ? `.${property}` : `[${JSON.stringify(property)}]`;
}

/** Wraps `value` (and, as they are read, the objects inside it) under the name `label`. */
function strict(value, label) {
  if (value === null || typeof value !== 'object') return value;
  let byLabel = proxies.get(value);
  if (!byLabel) proxies.set(value, (byLabel = new Map()));
  if (!byLabel.has(label)) {
    byLabel.set(
      label,
      new Proxy(value, {
        get(target, property, receiver) {
          if (typeof property === 'symbol' || PROBES.has(property) || property in target) {
            const found = Reflect.get(target, property, receiver);
            return typeof property === 'symbol' ? found : strict(found, label + segment(target, property));
          }
          // The first miss is the one to report: a loop repeats it for every item.
          lastMissing ??= { property, owner: label, has: Object.keys(target) };
          throw new Error(`${label} has no property "${property}"`);
        },
      }),
    );
  }
  return byLabel.get(label);
}

/** Each top-level local wrapped under its own name. */
function strictLocals(locals) {
  return Object.fromEntries(Object.entries(locals).map(([name, value]) => [name, strict(value, name)]));
}

/** The first missing property read since the previous call, or null; clears it. */
function firstMissingRead() {
  const read = lastMissing;
  lastMissing = null;
  return read;
}

module.exports = { strictLocals, firstMissingRead };
