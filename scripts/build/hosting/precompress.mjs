/**
 * The build's last step (hosting-reporter.cjs): the output for the host it is built for, and its
 * file count.
 *
 * DEPLOY_TO names the host: cloudflare (the default: .github/workflows/deploy.yml), netlify or
 * nginx. Only nginx sends precompressed files (`gzip_static`, `brotli_static`:
 * hosting/nginx-site.conf), so only for nginx is a `.br` and a `.gz` written beside each text file,
 * at the highest settings, once its bytes are final. Cloudflare and Netlify compress each response
 * themselves and would only upload the copies: three files a page, against Cloudflare's limit of
 * 20,000 files a deploy, which this step enforces. `npm start` (serve) compresses as it sends.
 *
 * Compressing is most of a page's cost at brotli's highest quality, so it runs on a worker per
 * core. Nothing is cached: only an nginx build compresses, and no figure of the build is one
 * (docs/performance.md, "Build time at scale").
 *
 * Also run by the tests, on a copy of dist/, to serve the nginx output (tests/support/hosts.ts).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { DIST } = require('../repo-root.cjs');

/** The hosts a build is made for, as DEPLOY_TO names them, and whether each serves precompressed files. */
export const HOSTS = {
  cloudflare: { name: 'Cloudflare Pages', precompressed: false, fileLimit: 20_000 },
  netlify: { name: 'Netlify', precompressed: false },
  nginx: { name: 'nginx', precompressed: true },
};
/** What a host receives: the text files, whose copies it may send compressed. */
const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
const COPIES = ['.br', '.gz'];

/** The host DEPLOY_TO names, or an error that says which are known. */
export function hostOf(value = process.env.DEPLOY_TO) {
  const key = value || 'cloudflare';
  if (Object.hasOwn(HOSTS, key)) return key;
  throw new Error(
    `DEPLOY_TO is "${value}", which is not a host the build knows. Set it to one of ` +
      `${Object.keys(HOSTS).join(', ')} (README "Go live"), or unset it for Cloudflare Pages.`,
  );
}

/** Every file under `dir`, as a full path. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const compress = {
  '.br': (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  '.gz': (bytes) => gzipSync(bytes, { level: 9 }),
};

/** A worker: compresses what it is sent, one file at a time. */
if (!isMainThread) {
  parentPort.on('message', ({ id, bytes }) => {
    const copies = Object.fromEntries(COPIES.map((extension) => [extension, compress[extension](bytes)]));
    parentPort.postMessage({ id, copies });
  });
}

/**
 * Writes a `.br` and a `.gz` beside each text file under `dir`, compressed on a worker per core; a
 * copy no smaller than its file is left out (the host sends the file). Copies left from an earlier
 * run are replaced. Returns how many text files there are, and how many copies it wrote.
 */
export async function precompress(dir) {
  for (const file of filesUnder(dir)) if (COPIES.some((extension) => file.endsWith(extension))) rmSync(file);
  const texts = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file));
  const pending = new Map();
  const workers = Array.from(
    { length: Math.max(1, Math.min(availableParallelism(), texts.length)) },
    () => new Worker(fileURLToPath(import.meta.url)),
  );
  for (const worker of workers) {
    worker.on('message', ({ id, copies }) => pending.get(id).resolve(copies));
    // A worker that dies (out of memory, say) fails the build rather than leaving it waiting.
    worker.on('error', (error) => {
      for (const { reject } of pending.values()) reject(error);
    });
  }
  let written = 0;
  try {
    await Promise.all(
      texts.map(async (file, index) => {
        const bytes = readFileSync(file);
        const copies = await new Promise((resolve, reject) => {
          pending.set(index, { resolve, reject });
          workers[index % workers.length].postMessage({ id: index, bytes });
        });
        for (const extension of COPIES) {
          if (copies[extension].length >= bytes.length) continue;
          writeFileSync(`${file}${extension}`, copies[extension]);
          written += 1;
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return { texts: texts.length, written };
}

/** The number of files under `dir`. */
const fileCount = (dir) => filesUnder(dir).length;

/**
 * Makes `dist` the output for the host DEPLOY_TO names, and returns its file count and each other
 * host's, as a line. Throws, with what to do, for an unknown host or a Cloudflare output over its
 * limit.
 */
export async function outputForHost(dist = DIST) {
  const host = hostOf();
  const { name, precompressed, fileLimit } = HOSTS[host];
  const site = fileCount(dist);
  const texts = filesUnder(dist).filter((file) => COMPRESSIBLE.test(file)).length;
  let copies = '';
  if (precompressed) {
    const { written } = await precompress(dist);
    copies = `: the site's ${site} and ${written} precompressed copies`;
  }
  const total = fileCount(dist);
  const others = Object.entries(HOSTS)
    .filter(([key]) => key !== host)
    .map(
      ([key, other]) =>
        `${other.name} ${other.precompressed ? `${site} and up to ${2 * texts} copies` : site} (DEPLOY_TO=${key})`,
    );
  if (fileLimit && total > fileLimit) {
    throw new Error(
      `dist/ holds ${total} files, over ${name}'s limit of ${fileLimit.toLocaleString('en-US')} a deploy. ` +
        'Remove what the site no longer links to (photos in pages/_images/, posts), or deploy to another host (README "Go live").',
    );
  }
  return `Built dist/ for ${name}, ${total} files${copies}. For the other hosts: ${others.join(', ')}.`;
}
