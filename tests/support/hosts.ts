/**
 * Every way the built site is served, started on loopback for tests: serve (npm start), Debian's
 * nginx with the generated config, and Cloudflare's runtime (wrangler pages dev).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startNpmServer, type RunningServer } from './server';
import { DIST, ROOT } from './site';

/** Debian's ngx_brotli static module (libnginx-mod-http-brotli-static), where installed. */
export const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Waits until a URL answers HTTP at all. */
async function answering(url: string, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${describe()}`);
}

/**
 * Debian's nginx on loopback, with the generated hosting/nginx-site.conf included in a stock
 * server block over dist/, and the brotli module and hosting/nginx-brotli.conf where installed.
 */
export async function startNginx(): Promise<RunningServer> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  const brotli = existsSync(NGINX_BROTLI_MODULE);
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
    listen 127.0.0.1:${port};
    root ${DIST};
    include ${path.join(ROOT, 'hosting/nginx-site.conf')};
    ${brotli ? `include ${path.join(ROOT, 'hosting/nginx-brotli.conf')};` : ''}
  }
}
`,
  );
  const nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', 'nginx.conf', '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  await answering(url, 5_000, () => `nginx exited with ${nginx.exitCode}`);
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

/** `npm run serve` (serve with hosting/serve.json), as `npm start` runs it after a build. */
export const startServe = (): Promise<RunningServer> => startNpmServer('serve');

/**
 * `npm run serve:cloudflare`: Cloudflare's Pages runtime (wrangler pages dev) over dist/, with
 * hosting/cloudflare/ as its project folder; its local state goes to a temporary folder.
 */
export async function startCloudflare(): Promise<RunningServer> {
  const state = mkdtempSync(path.join(tmpdir(), 'wrangler-'));
  const server = await startNpmServer(
    'serve:cloudflare',
    (port) => ['--port', String(port), '--persist-to', state, '--log-level', 'warn'],
    90_000,
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

/** The stylesheet a built page links, as a root-absolute path. */
export const stylesheetOf = (html: string) => /<link rel=stylesheet href=(\/[^ >]+\.css)/.exec(html)?.[1];

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
 * What a page's first paint takes on the wire from a running host: its HTML and the stylesheet
 * it links (scripts are modules and never block the first paint).
 */
export async function firstPaintBytes(pageUrl: string): Promise<number> {
  const stylesheet = stylesheetOf(await (await fetch(pageUrl)).text());
  if (!stylesheet) throw new Error(`${pageUrl} links no stylesheet`);
  const [html, css] = await Promise.all([
    bytesOnTheWire(pageUrl),
    bytesOnTheWire(new URL(stylesheet, pageUrl).href),
  ]);
  return html + css;
}
