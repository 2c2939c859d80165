/**
 * Every way the built site is served, started on loopback for tests: serve (npm start), Debian's
 * nginx with the generated config, and Cloudflare's runtime (wrangler pages dev).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startNpmServer, type RunningServer } from './server';
import { DIST, ROOT } from './site';

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
  /** The tree whose dist/ and hosting/ to serve: the project's, or a built copy's (a fixture site). */
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

/**
 * Debian's nginx on loopback, with the generated hosting/nginx-site.conf included in a stock
 * server block over dist/, and the brotli module and hosting/nginx-brotli.conf where installed.
 */
export async function startNginx({
  tls = false,
  serverDirectives = '',
  root = ROOT,
}: NginxOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-'));
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
    root ${root === ROOT ? DIST : path.join(root, 'dist')};
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
    stop: async () => {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** `npm run serve` (serve with hosting/serve.json), as `npm start` runs it after a build; of a built copy at `root`. */
export const startServe = (root = ROOT): Promise<RunningServer> => startNpmServer('serve', [], 60_000, root);

/**
 * `npm run serve:cloudflare`: Cloudflare's Pages runtime (wrangler pages dev) over dist/, with
 * hosting/cloudflare/ as its project folder; its local state goes to a temporary folder.
 */
export async function startCloudflare(root = ROOT): Promise<RunningServer> {
  const state = mkdtempSync(path.join(tmpdir(), 'wrangler-'));
  const server = await startNpmServer(
    'serve:cloudflare',
    (port) => ['--port', String(port), '--persist-to', state, '--log-level', 'warn'],
    90_000,
    root,
  );
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** One TCP round trip: ten 1,460-byte segments, the most a page's first paint may need. */
export const FIRST_PAINT_BYTES = 14_600;

/** The render-blocking stylesheet a page links, as a root-absolute path (none: it is inlined). */
export const stylesheetOf = (html: string) => /<link rel=stylesheet href=(\/[^ >]+\.css)/.exec(html)?.[1];
/** The entry script a built page loads, as a root-absolute path. */
export const entryScriptOf = (html: string) => /<script type=module src=(\/[^ >]+\.js)/.exec(html)?.[1];

/** Bytes read from the socket for one request (status line, headers and body as the host sent them). */
function bytesOnTheWire(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.socket.bytesRead));
    }).on('error', reject);
  });
}

/**
 * What a page's first paint takes on the wire from a running host: its HTML, which carries its
 * stylesheet, and any stylesheet it still links (scripts are modules and never block the first
 * paint).
 */
export async function firstPaintBytes(pageUrl: string): Promise<number> {
  const stylesheet = stylesheetOf(await (await fetch(pageUrl)).text());
  const [html, css] = await Promise.all([
    bytesOnTheWire(pageUrl),
    stylesheet ? bytesOnTheWire(new URL(stylesheet, pageUrl).href) : 0,
  ]);
  return html + css;
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
