/**
 * The built site for the cross-engine tests: `npm run serve` behind a small proxy that can refuse
 * requests (scripts: JavaScript off, or island code blocked, in any engine, since Firefox's BiDi
 * driver cannot switch JavaScript off and classic WebDriver cannot block requests; the fonts: a
 * first visit that paints before they arrive) and that records every page error, whatever the
 * engine reports to its driver.
 */
import { createServer, request, type Server } from 'node:http';
import { freePort, startNpmServer, type RunningServer } from './server';

/**
 * Served by the proxy and loaded first by every page: records errors, and everything the live
 * region said (a toast shows for 5 s: a driver that stalls longer could miss it), for the test to read.
 * Not an error: "ResizeObserver loop completed with undelivered notifications", which the browser
 * reports as an ErrorEvent when resize notifications wait for the next frame (the ResizeObserver
 * specification; the open dropdown's, Floating UI's autoUpdate). No script failed, and WebKit
 * reported it once in a busy run.
 */
const RECORDER_PATH = '/__test-recorder.js';
const RECORDER = `window.__pageErrors = [];
const record = (text) => window.__pageErrors.push(String(text));
const NO_FAILURE = /^ResizeObserver loop completed with undelivered notifications/;
addEventListener('error', (event) => { if (event instanceof ErrorEvent && !NO_FAILURE.test(event.message)) record(event.message); });
addEventListener('unhandledrejection', (event) => record('unhandled rejection: ' + event.reason));
addEventListener('securitypolicyviolation', (event) => record('CSP: ' + event.violatedDirective + ' ' + event.blockedURI));
const consoleError = console.error.bind(console);
console.error = (...args) => { record(args.join(' ')); consoleError(...args); };
window.__statusSaid = [];
new MutationObserver(() => {
  const said = document.querySelector('[role="status"]')?.textContent.trim();
  if (said && window.__statusSaid.at(-1) !== said) window.__statusSaid.push(said);
}).observe(document, { childList: true, subtree: true, characterData: true });`;

export interface EngineSite {
  url: (path: string) => string;
  /** The site as `npm run serve` sends it, without the proxy (for the preview's own headers). */
  serveUrl: () => string;
  /** Refuses the requests whose path matches (null: none), until changed. */
  block: (pattern: RegExp | null) => void;
  stop: () => Promise<void>;
}

/** The site built in `root` (the tree's own by default). */
export async function startEngineSite(root?: string): Promise<EngineSite> {
  const server: RunningServer = await startNpmServer('serve', [], 60_000, root);
  const upstream = new URL(server.url);
  let blocked: RegExp | null = null;
  const proxy: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', server.url).pathname;
    if (pathname === RECORDER_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(RECORDER);
      return;
    }
    if (blocked?.test(pathname)) {
      res.writeHead(503).end();
      return;
    }
    // Uncompressed, so a page can be read and given the recorder.
    const headers = { ...req.headers, 'accept-encoding': 'identity' };
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const isPage = /^text\/html/.test(answer.headers['content-type'] ?? '');
        // Nothing is cached, so a blocked script is blocked even if an earlier test loaded it.
        answer.headers['cache-control'] = 'no-store';
        if (!isPage) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<html[^>]*>/, (html) => `${html}<script src="${RECORDER_PATH}"></script>`);
          // The page is longer now.
          delete answer.headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(html);
        });
      },
    );
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serveUrl: () => server.url,
    block: (pattern) => {
      blocked = pattern;
    },
    stop: async () => {
      await new Promise((resolve) => proxy.close(resolve));
      await server.stop();
    },
  };
}
