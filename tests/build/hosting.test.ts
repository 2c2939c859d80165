import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startNpmServer, type RunningServer } from '../support/server';
import { DIST, ROOT, routes, site } from '../support/site';

const UNKNOWN = ['/no-such-page', '/about-us/no-such-page'];
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
];

/** Starts Debian's nginx on loopback with the generated site config over dist/. */
async function startNginx(): Promise<RunningServer> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `user root;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${prefix}/body;
  server {
    listen 127.0.0.1:${port};
    root ${DIST};
    include ${path.join(ROOT, 'hosting/nginx-site.conf')};
  }
}
`,
  );
  const nginx: ChildProcess = spawn(
    '/usr/sbin/nginx',
    ['-p', prefix, '-c', 'nginx.conf', '-g', 'daemon off;'],
    {
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
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

/** The checks every way of serving the site must pass: status codes, pages and headers. */
function servesTheSite(name: string, start: () => Promise<RunningServer>) {
  describe(name, () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await start();
    });
    afterAll(() => server.stop());

    it('answers every route with its page, status 200 and every security header', async () => {
      for (const route of routes) {
        const response = await fetch(server.url + route.path, { redirect: 'manual' });
        expect(response.status, route.path).toBe(200);
        expect(await response.text(), route.path).toContain(`<title>${route.title.replace(/&/g, '&amp;')} |`);
        for (const header of SECURITY_HEADERS)
          expect(response.headers.get(header), `${route.path} ${header}`).toBeTruthy();
        expect(response.headers.get('cache-control'), route.path).toMatch(/max-age=0/);
      }
    });

    it.each(UNKNOWN)('answers %s with the 404 page, status 404 and the same headers', async (pathname) => {
      const response = await fetch(server.url + pathname);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('<title>Page Not Found');
      for (const header of SECURITY_HEADERS) expect(response.headers.get(header), header).toBeTruthy();
    });

    it('caches hashed assets for a year and sends the strict headers', async () => {
      const html = await (await fetch(`${server.url}/`)).text();
      const stylesheet = /<link rel=stylesheet href=(\/[^ >]+\.css)/.exec(html)?.[1];
      expect(stylesheet).toBeDefined();
      const response = await fetch(server.url + stylesheet!);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    });

    it.each(['/og-image.png', '/robots.txt'])(
      'revalidates %s, which keeps its name from build to build',
      async (file) => {
        const response = await fetch(server.url + file);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toMatch(/max-age=0/);
      },
    );
  });
}

servesTheSite('npm start (serve with hosting/serve.json)', () => startNpmServer('serve'));
servesTheSite('nginx with hosting/nginx-site.conf', startNginx);

describe('files for search engines and static hosts', () => {
  it('lists every route in sitemap.xml with absolute URLs from the site URL', () => {
    const sitemap = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(routes.map((route) => `${site.url}${route.path}`));
  });

  it('points robots.txt at the sitemap', () => {
    expect(readFileSync(path.join(DIST, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  it('allows exactly the inline import map in the CSP, by hash', () => {
    const headers = readFileSync(path.join(DIST, '_headers'), 'utf8');
    const csp = /Content-Security-Policy: (.+)/.exec(headers)?.[1] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });
});
