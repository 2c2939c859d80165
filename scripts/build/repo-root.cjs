/**
 * The repository's root folder, the one place that knows where it is: build scripts, the page
 * plugin, the screenshot suite and the tests find every other file from it.
 */
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

module.exports = { ROOT };
