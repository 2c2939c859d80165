/** Starts one of the project's servers (as npm scripts run them) on a free port, for tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer } from 'node:net';
import { SITE_ROOT, runIn } from './site';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
  /** What the server has printed so far (an npm script's servers). */
  output?: () => string;
  /** The process id that leads its process group (an npm script's servers). */
  pid?: number;
}

/** Starts a test's own HTTP server on a free loopback port: its address. */
export const listenOnLoopback = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });

/** A request's whole body, as text. */
export async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

/** Whether any process of the group led by `pid` is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a child started with `detached: true` and everything it started: npm or npx exit before
 * the programs they ran (Parcel's workers may still be writing files), so this waits until the
 * whole process group is gone, and kills what is left after 10 s.
 */
export async function stopProcessGroup(child: ChildProcess): Promise<void> {
  const { pid } = child;
  if (!pid || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) process.kill(-pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs `npm run <script> [-- args]` with PORT set, and waits until it answers HTTP. `args` may
 * depend on the chosen port, for servers that take it as a flag. The server runs in its own
 * process group so stop() ends npm and everything it started. `root` is a tree of its own (the
 * project, a copy of it), whose scripts run there, or a site root inside the project (a fixture,
 * the grown site), whose scripts are the project's with SITE_ROOT naming it.
 */
export async function startNpmServer(
  script: string,
  args: string[] | ((port: number) => string[]) = [],
  timeoutMs = 60_000,
  root = SITE_ROOT,
): Promise<RunningServer> {
  const { cwd, env } = runIn(root);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const flags = typeof args === 'function' ? args(port) : args;
  const child = spawn('npm', ['run', '--silent', script, ...(flags.length ? ['--', ...flags] : [])], {
    cwd,
    env: { ...env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = () => stopProcessGroup(child);

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run ${script} exited early:\n${output}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return { url, stop, output: () => output, ...(child.pid !== undefined && { pid: child.pid }) };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await stop();
  throw new Error(`npm run ${script} did not answer on ${url} within ${timeoutMs} ms:\n${output}`);
}

/**
 * A proxy to `origin` that sends each HTML page in two parts, the second `pauseMs` later, as a slow
 * network delivers a page: the first part ends halfway through the page's first `<nav>`. Every
 * other response passes whole. For tests of what a browser paints before the whole page arrives.
 */
export async function startSplittingProxy(origin: string, pauseMs = 500): Promise<RunningServer> {
  const proxy = createHttpServer((request, response) => {
    void (async () => {
      const upstream = await fetch(origin + (request.url ?? '/'));
      // fetch has decoded the body, so the length and encoding headers no longer describe it.
      const headers = [...upstream.headers].filter(
        ([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name),
      );
      response.writeHead(upstream.status, Object.fromEntries(headers));
      const body = Buffer.from(await upstream.arrayBuffer());
      const navStart = body.indexOf('<nav');
      const navEnd = body.indexOf('</nav>', navStart);
      if (!upstream.headers.get('content-type')?.includes('text/html') || navStart < 0 || navEnd < 0) {
        response.end(body);
        return;
      }
      const split = Math.round((navStart + navEnd) / 2);
      response.write(body.subarray(0, split));
      setTimeout(() => response.end(body.subarray(split)), pauseMs);
    })().catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections(); // a browser's keep-alive connections would hold close() open
      }),
  };
}
