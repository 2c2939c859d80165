/**
 * Runs after `parcel build`, before write-hosting-files.mjs. Adds Subresource Integrity to every
 * page's stylesheet and entry script: a file changed on the way (a proxy, a half-written deploy)
 * is refused by the browser instead of applied or run, and the page stays plain HTML. The chunks
 * islands load later are not pinned: an `integrity` map in the import map would add about 400
 * incompressible bytes to every page's first round trip.
 *
 * Pages are compressed here, once their content is final (.gz and .br beside each page, at the
 * settings Parcel's compressors use for every other text asset); `.parcelrc` leaves HTML out of
 * Parcel's compressors so that no page is compressed twice. Compression runs on libuv's thread
 * pool, on every core: at maximum brotli quality it is most of this step's time.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST = path.join(createRequire(import.meta.url)('./repo-root.cjs').ROOT, 'dist');

/** The sha384 integrity value of a built file, by its root-absolute URL. */
const integrityCache = new Map();
function integrityOf(url) {
  if (!integrityCache.has(url)) {
    const digest = createHash('sha384')
      .update(readFileSync(path.join(DIST, url)))
      .digest('base64');
    integrityCache.set(url, `sha384-${digest}`);
  }
  return integrityCache.get(url);
}

/** The page with integrity on its stylesheet and entry script. */
function withIntegrity(html) {
  return html
    .replace(
      /<link rel=stylesheet href=(\/[^ >]+)>/g,
      (_, href) => `<link rel=stylesheet href=${href} integrity=${integrityOf(href)}>`,
    )
    .replace(
      /<script type=module src=(\/[^ >]+)>/g,
      (_, src) => `<script type=module src=${src} integrity=${integrityOf(src)}>`,
    );
}

/** Every built page, as a path under dist/. */
function pages(dir = DIST) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const compressors = {
  gz: (html) => gzipAsync(html, { level: 9 }),
  br: (html) =>
    brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
};

const built = pages();
await Promise.all(
  built.map(async (page) => {
    const html = withIntegrity(readFileSync(page, 'utf8'));
    writeFileSync(page, html);
    await Promise.all(
      Object.entries(compressors).map(async ([extension, compress]) =>
        writeFile(`${page}.${extension}`, await compress(html)),
      ),
    );
  }),
);
console.log(`Added Subresource Integrity to ${built.length} pages and compressed them`);
