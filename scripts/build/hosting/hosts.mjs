/**
 * The hosts a build is made for, and the build's last step (hosting-reporter.cjs): the output's
 * file count, for the host it is built for and the others.
 *
 * DEPLOY_TO names the host: cloudflare (the default: .github/workflows/deploy.yml), netlify or
 * nginx. Only nginx sends precompressed files (`gzip_static`, `brotli_static`:
 * hosting/nginx-site.conf), so only for nginx does Parcel write a `.br` and a `.gz` beside each
 * text bundle, with its compressors, at the highest settings (nginx.parcelrc, chosen by
 * build.mjs); nginx gzips the few files the reporters write as it sends them. Cloudflare and
 * Netlify compress each response themselves and would only upload the copies: three files a page,
 * against Cloudflare's limit of 20,000 files a deploy, which this step enforces. `npm start`
 * (serve) compresses as it sends.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { DIST } = require('../repo-root.cjs');

/** The hosts a build is made for, as DEPLOY_TO names them, and whether each serves precompressed files. */
export const HOSTS = {
  cloudflare: { name: 'Cloudflare Pages', precompressed: false, fileLimit: 20_000 },
  netlify: { name: 'Netlify', precompressed: false },
  nginx: { name: 'nginx', precompressed: true },
};
/** Parcel's configuration for a build whose host sends precompressed files: .parcelrc and compressors. */
export const PRECOMPRESSING_CONFIG = path.join(import.meta.dirname, 'nginx.parcelrc');

/** The host DEPLOY_TO names, or an error that says which are known. */
export function hostOf(value = process.env.DEPLOY_TO) {
  const key = value || 'cloudflare';
  if (Object.hasOwn(HOSTS, key)) return key;
  throw new Error(
    `DEPLOY_TO is "${value}", which is not a host the build knows. Set it to one of ` +
      `${Object.keys(HOSTS).join(', ')} (README "Go live"), or unset it for Cloudflare Pages.`,
  );
}

/** The files under `dir`, as paths relative to it. */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

/**
 * Returns the file count of `dist` for the host DEPLOY_TO names, and the site's for each other
 * host, as a line. Throws, with what to do, for an unknown host or a Cloudflare output over its
 * limit.
 */
export function outputForHost(dist = DIST) {
  const host = hostOf();
  const { name, precompressed, fileLimit } = HOSTS[host];
  const files = filesUnder(dist);
  const copies = files.filter((file) => /\.(?:br|gz)$/.test(file)).length;
  const site = files.length - copies;
  const others = Object.entries(HOSTS)
    .filter(([key]) => key !== host)
    .map(
      ([key, other]) =>
        `${other.name} ${site}${other.precompressed ? ' and its copies' : ''} (DEPLOY_TO=${key})`,
    );
  if (fileLimit && files.length > fileLimit) {
    throw new Error(
      `dist/ holds ${files.length} files, over ${name}'s limit of ${fileLimit.toLocaleString('en-US')} a deploy. ` +
        'Remove what the site no longer links to (photos in pages/_images/, posts), or deploy to another host (README "Go live").',
    );
  }
  const held = precompressed ? `: the site's ${site} and ${copies} precompressed copies` : '';
  return `Built dist/ for ${name}, ${files.length} files${held}. For the other hosts: ${others.join(', ')}.`;
}
