/**
 * Every way the built site is served, started on loopback for tests: serve (npm start), Debian's
 * nginx with the generated config, and Cloudflare's runtime (wrangler pages dev).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startNpmServer, type RunningServer } from './server';
import { SITE_ROOT } from './site';

/** Debian's ngx_brotli static module (libnginx-mod-http-brotli-static), where installed. */
export const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Whether something accepts connections on a loopback port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Waits until a server accepts connections on a loopback port (HTTP or HTTPS alike). */
async function listening(port: number, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await accepting(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms:\n${describe()}`);
}

export interface NginxOptions {
  /**
   * HTTPS with HTTP/2, as a production server block serves the site (browsers speak HTTP/2 only
   * over TLS), on a certificate made for 127.0.0.1 at start: a browser must be told to accept it.
   */
  tls?: boolean;
  /** More directives for the server block, for what one test needs beside the site's own. */
  serverDirectives?: string;
  /** The site root whose dist/ and hosting/ to serve: the project's (SITE_ROOT), a built copy's or a fixture's. */
  root?: string;
}

/** A self-signed certificate and its key for 127.0.0.1, written into `folder`, valid for a day. */
function selfSignedCertificate(folder: string): { certificate: string; key: string } {
  const certificate = path.join(folder, 'certificate.pem');
  const key = path.join(folder, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

/** nginx on loopback, and the folder it serves. */
export interface RunningNginx extends RunningServer {
  served: string;
}

/**
 * Debian's nginx on loopback, with the generated hosting/nginx-site.conf included in a stock
 * server block, and the brotli module and hosting/nginx-brotli.conf where installed, serving the
 * dist/ of the site at `root`, which the tests build for nginx, with its precompressed copies
 * (tests/support/build-first.mjs).
 */
export async function startNginx({
  tls = false,
  serverDirectives = '',
  root = SITE_ROOT,
}: NginxOptions = {}): Promise<RunningNginx> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  const served = path.join(root, 'dist');
  const brotli = existsSync(NGINX_BROTLI_MODULE);
  // `listen … ssl http2` is the form Debian's nginx 1.22 knows; 1.25 and later also take `http2 on`.
  let listen = `listen 127.0.0.1:${port};`;
  if (tls) {
    const { certificate, key } = selfSignedCertificate(prefix);
    listen = `listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${certificate};
    ssl_certificate_key ${key};`;
  }
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `user root;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
${brotli ? `load_module ${NGINX_BROTLI_MODULE};` : ''}
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${prefix}/body;
  server {
    ${listen}
    root ${served};
    include ${path.join(root, 'hosting/nginx-site.conf')};
    ${brotli ? `include ${path.join(root, 'hosting/nginx-brotli.conf')};` : ''}
    ${serverDirectives}
  }
}
`,
  );
  const nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', 'nginx.conf', '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  await listening(port, 5_000, () => `nginx exited with ${nginx.exitCode}`);
  return {
    url,
    served,
    stop: async () => {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run serve` (serve with hosting/serve.json), as `npm start` runs it after a build; of the
 * site at `root`.
 */
export const startServe = (root = SITE_ROOT): Promise<RunningServer> =>
  startNpmServer('serve', [], 60_000, root);

/**
 * `npm run serve:cloudflare`: Cloudflare's Pages runtime (wrangler pages dev) over dist/, with
 * hosting/cloudflare/ as its project folder; its local state goes to a temporary folder.
 * `bindings`: the project's variables and secrets, as Cloudflare Pages gives them to its Functions.
 */
export async function startCloudflare(
  root = SITE_ROOT,
  bindings: Record<string, string> = {},
  { logLevel = 'warn' } = {},
): Promise<RunningServer & { inspectorPort: number }> {
  const state = mkdtempSync(path.join(tmpdir(), 'wrangler-'));
  // Its own debugger port too: two runtimes at once (two test files) would both take 9229.
  const inspectorPort = await freePort();
  const server = await startNpmServer(
    'serve:cloudflare',
    (port) => [
      '--port',
      String(port),
      '--persist-to',
      state,
      '--log-level',
      logLevel,
      '--inspector-port',
      String(inspectorPort),
      ...Object.entries(bindings).flatMap(([name, value]) => ['--binding', `${name}=${value}`]),
    ],
    90_000,
    root,
  );
  return {
    ...server,
    inspectorPort,
    stop: async () => {
      await server.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** One TCP round trip: ten 1,460-byte segments, the most a page's first paint may need (firstPaintBytes). */
export const FIRST_PAINT_BYTES = 14_600;

/** The render-blocking stylesheet a page links, as a root-absolute path (none: it is inlined). */
const stylesheetOf = (html: string) => /<link rel=stylesheet href=(\/[^ >]+\.css)/.exec(html)?.[1];
/** The entry script a built page loads, as a root-absolute path. */
export const entryScriptOf = (html: string) => /<script type=module src=(\/[^ >]+\.js)/.exec(html)?.[1];

/** One response as it came over the socket: every byte read, and its body as sent (still compressed). */
function rawResponse(
  url: string,
): Promise<{ bytesRead: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          bytesRead: response.socket.bytesRead,
          body: Buffer.concat(chunks),
          encoding: response.headers['content-encoding'],
        }),
      );
    }).on('error', reject);
  });
}

/**
 * How many bytes of a compressed body deliver the page through `marker`: fed to the decoder 256
 * bytes at a time, as they would arrive, until what it has decoded holds the marker.
 */
async function bytesThrough(body: Buffer, encoding: string | undefined, marker: string): Promise<number> {
  if (!encoding || encoding === 'identity') return body.indexOf(marker) + marker.length;
  const decoder = encoding === 'br' ? createBrotliDecompress() : createGunzip();
  let decoded = '';
  decoder.on('data', (chunk: Buffer) => (decoded += chunk.toString('latin1')));
  for (let fed = 0; fed < body.length;) {
    const slice = body.subarray(fed, fed + 256);
    fed += slice.length;
    await new Promise<void>((resolve) => decoder.write(slice, () => decoder.flush(() => resolve())));
    if (decoded.includes(marker)) {
      decoder.destroy();
      return fed;
    }
  }
  decoder.destroy();
  return body.length;
}

/**
 * What a page's first paint takes on the wire from a running host: the status line and headers,
 * and its HTML, which carries its stylesheet, through its heading (`</h1>`), the largest thing
 * at the top of every page; and any stylesheet it still links (scripts are modules and never block
 * the first paint). The page is held until `<main>` is parsed (partials/head.html), and painted
 * as it arrives from there: what follows the heading (a list of case studies, a post's text) is
 * below it, and its length is the content's, whatever the tree holds.
 */
export async function firstPaintBytes(pageUrl: string): Promise<number> {
  const { bytesRead, body, encoding } = await rawResponse(pageUrl);
  const html = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  const stylesheet = stylesheetOf(html.toString('utf8'));
  const css = stylesheet ? (await rawResponse(new URL(stylesheet, pageUrl).href)).bytesRead : 0;
  const heading = html.includes('</h1>') ? '</h1>' : '</html>';
  return bytesRead - body.length + (await bytesThrough(body, encoding, heading)) + css;
}

/** How many rules each host's generated config of a built tree gives: Cloudflare's _headers, serve's headers. */
export function hostRuleCounts(root: string): { cloudflare: number; serve: number } {
  const headers = readFileSync(path.join(root, 'dist/_headers'), 'utf8');
  const serve = JSON.parse(readFileSync(path.join(root, 'hosting/serve.json'), 'utf8')) as {
    headers: unknown[];
  };
  return {
    cloudflare: headers.split('\n').filter((line) => line.startsWith('/')).length,
    serve: serve.headers.length,
  };
}
