/**
 * The code points a CSS `unicode-range` covers ("U+0-FF", "U+2191", wildcards such as "U+??").
 * @param {string} value
 * @returns {[number, number][]}
 */
function parseUnicodeRange(value) {
  return value.split(',').map((part) => {
    const range = part.trim().replace(/^U\+/i, '');
    if (range.includes('?')) {
      return [Number.parseInt(range.replace(/\?/g, '0'), 16), Number.parseInt(range.replace(/\?/g, 'F'), 16)];
    }
    const [start, end = start] = range.split('-');
    return [Number.parseInt(start, 16), Number.parseInt(end, 16)];
  });
}

module.exports = { parseUnicodeRange };
