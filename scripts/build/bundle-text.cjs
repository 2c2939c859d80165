/**
 * A bundle's contents as text, for the HTML optimizers (picture-order, share-card,
 * inline-code-check): the HTML packager and minifier give a string or a Buffer, another optimizer
 * may give a stream.
 */
async function textOf(contents) {
  if (typeof contents === 'string') return contents;
  if (Buffer.isBuffer(contents)) return contents.toString('utf8');
  return Buffer.concat(await contents.toArray()).toString('utf8');
}

module.exports = { textOf };
