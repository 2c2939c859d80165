/**
 * Runs after `parcel build`, before write-hosting-files.mjs (which hashes the inline import map
 * for the CSP). Adds Subresource Integrity to every page: an `integrity` attribute on its
 * stylesheet and entry script, and an `integrity` map in Parcel's import map for the chunks that
 * islands load later. A file changed on the way (a proxy, a half-written deploy) is then refused
 * by the browser instead of run. Rewrites each page's .gz and .br siblings to match.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

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

/** The page with integrity on its stylesheet, entry script and import map. */
function withIntegrity(html) {
  return html
    .replace(
      /<link rel=stylesheet href=(\/[^ >]+)>/g,
      (_, href) => `<link rel=stylesheet href=${href} integrity=${integrityOf(href)}>`,
    )
    .replace(
      /<script type=module src=(\/[^ >]+)>/g,
      (_, src) => `<script type=module src=${src} integrity=${integrityOf(src)}>`,
    )
    .replace(/<script type=importmap>([^<]+)<\/script>/g, (_, json) => {
      const map = JSON.parse(json);
      map.integrity = Object.fromEntries(Object.values(map.imports).map((url) => [url, integrityOf(url)]));
      return `<script type=importmap>${JSON.stringify(map)}</script>`;
    });
}

/** Every built page, as a path under dist/. */
function pages(dir = DIST) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

for (const page of pages()) {
  const html = withIntegrity(readFileSync(page, 'utf8'));
  writeFileSync(page, html);
  writeFileSync(`${page}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${page}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
console.log(`Added Subresource Integrity to ${pages().length} pages`);
