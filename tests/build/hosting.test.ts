import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_BYTES,
  NGINX_BROTLI_MODULE,
  firstPaintBytes,
  startCloudflare,
  startNginx,
  startServe,
  entryScriptOf,
  hostRuleCounts,
  type RunningNginx,
} from '../support/hosts';
import {
  ATOM_TYPE,
  FEED_FILE,
  SPECULATION_RULES_URL,
  editorContentSecurityPolicy,
} from '../../scripts/build/hosting/headers.mjs';
import type { RunningServer } from '../support/server';
import {
  DIST,
  SITE_ROOT,
  blogPaths,
  builtFileFor,
  documentTitleOf,
  exercised,
  pageFor,
  pages,
  routes,
  site,
} from '../support/site';

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
];
const UNKNOWN = ['/no-such-page', '/about-us/no-such-page', '/404', '/wp-login.php', '/x.html'];
/** The blog's feeds in dist/ (none before the first post). */
const FEEDS = readdirSync(DIST, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => FEED_FILE.test(file));
/** A photo's variants, one of each format (none while the tree has no photo): the first PNG-sourced picture's, or the first picture's. */
const PHOTO_VARIANTS = (() => {
  const pictures = pages.flatMap((page) => [...pageFor(page.path).querySelectorAll('picture')]);
  const picture =
    pictures.find((candidate) => candidate.querySelector('img')!.getAttribute('src')!.endsWith('.png')) ??
    pictures[0];
  if (!picture) return [];
  return [
    ...[...picture.querySelectorAll('source')].map(
      (source) => source.getAttribute('srcset')!.split(/[\s,]+/)[0]!,
    ),
    picture.querySelector('img')!.getAttribute('src')!,
  ];
})();
/** A Speculation Rules pattern ("/blog/:slug") as a regular expression. */
const patternOf = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/:[a-z]+/g, '[^/]+')}$`);
/** Other spellings of a page's URL, each redirected to the one URL (the canonical). */
const ALIASES: [string, string][] = [
  ['/about-us/', '/about-us'],
  ['/about-us.html', '/about-us'],
  ['/about-us/team/', '/about-us/team'],
  ['/index.html', '/'],
];
interface Target {
  name: string;
  start: () => Promise<RunningServer>;
  /** Error responses the host makes itself, each of which must carry every header once. */
  errors: { status: number; method: string; path: string }[];
  /** Whether the host compresses by itself here (Cloudflare's edge does; its local runtime not). */
  compresses: boolean;
  /** A preview over plain HTTP: it must not send the HTTPS-only directives (headers.mjs). */
  plainHttpPreview: boolean;
}

const TARGETS: Target[] = [
  {
    name: 'npm start (serve with hosting/serve.json)',
    start: startServe,
    // serve answers any method like GET, and a path the OS refuses with a 500 (README "Deploy").
    errors: [{ status: 400, method: 'GET', path: '/%' }],
    compresses: true,
    plainHttpPreview: true,
  },
  {
    name: 'nginx with hosting/nginx-site.conf',
    start: startNginx,
    errors: [
      { status: 400, method: 'GET', path: '/%' },
      { status: 405, method: 'POST', path: '/about-us' },
      { status: 414, method: 'GET', path: `/${'a'.repeat(9_000)}` },
    ],
    compresses: true,
    plainHttpPreview: false,
  },
  {
    name: 'Cloudflare Pages runtime (wrangler pages dev)',
    start: startCloudflare,
    // The local runtime answers an over-long URL with its own bare 431, before the site's rules.
    errors: [{ status: 405, method: 'DELETE', path: '/about-us' }],
    compresses: false,
    // Its local runtime serves dist/_headers, production's file: it cannot differ (README "Browsers").
    plainHttpPreview: false,
  },
];

/** The security headers of a response, by lower-case name (a header sent twice reads "a, a"). */
const securityOf = (headers: Headers | IncomingHttpHeaders) =>
  Object.fromEntries(
    SECURITY_HEADERS.map((name) => {
      const value = headers instanceof Headers ? headers.get(name) : headers[name];
      return [name, Array.isArray(value) ? value.join(', ') : (value ?? null)];
    }),
  );

/** Text as the minified HTML writes it. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const HTTPS_ONLY_HEADER = 'strict-transport-security';
const HTTPS_ONLY_DIRECTIVE = /; upgrade-insecure-requests$/;
/** Production's security headers as a plain-HTTP preview must send them: without the HTTPS-only two. */
const withoutHttpsOnly = (headers: Record<string, string | null>) => ({
  ...headers,
  [HTTPS_ONLY_HEADER]: null,
  'content-security-policy': headers['content-security-policy']?.replace(HTTPS_ONLY_DIRECTIVE, '') ?? null,
});

/** Each target's security headers on a page, compared across targets at the end. */
const headersByTarget = new Map<string, Record<string, string | null>>();

/** How long a request may go unanswered before it is asked again, once. */
const PATIENCE_MS = 10_000;
/**
 * fetch, asked once more when no answer comes in time: Cloudflare's local runtime (wrangler pages
 * dev) once left a request unanswered for 30 s while the other suites loaded both cores. A wrong
 * answer fails at once; a second silence fails, naming the address.
 */
async function ask(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(PATIENCE_MS) });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'TimeoutError')) throw error;
      if (attempt === 2) throw new Error(`${url} went unanswered for ${PATIENCE_MS / 1000} s, twice.`);
      console.warn(`${url} went unanswered for ${PATIENCE_MS / 1000} s: asked again.`);
    }
  }
}

describe.each(TARGETS)('$name', ({ name, start, errors, compresses, plainHttpPreview }) => {
  const expectedHeaders = SECURITY_HEADERS.filter(
    (header) => !plainHttpPreview || header !== HTTPS_ONLY_HEADER,
  );
  let server: RunningServer;
  let pageHeaders: Record<string, string | null>;
  beforeAll(async () => {
    server = await start();
    pageHeaders = securityOf((await ask(`${server.url}/about-us`)).headers);
    headersByTarget.set(name, pageHeaders);
  }, 120_000);
  afterAll(() => server.stop());

  it('answers every page at its URL with its page, status 200, no redirect and every header', async () => {
    for (const page of pages) {
      const response = await ask(server.url + page.path, { redirect: 'manual' });
      expect(response.status, page.path).toBe(200);
      expect(await response.text(), page.path).toContain(
        `<title>${escapeHtml(documentTitleOf(page))}</title>`,
      );
      for (const header of expectedHeaders)
        expect(response.headers.get(header), `${page.path} ${header}`).toBeTruthy();
      expect(response.headers.get('cache-control'), page.path).toMatch(/max-age=0/);
    }
  });

  it.each(ALIASES)('redirects %s to the one URL %s', async (alias, canonical) => {
    const first = await ask(server.url + alias, { redirect: 'manual' });
    expect([301, 308]).toContain(first.status);
    const final = await ask(server.url + alias);
    expect(new URL(final.url).pathname).toBe(canonical);
    expect(final.status).toBe(200);
  });

  it.each(UNKNOWN)('answers %s with the 404 page, status 404 and the headers once', async (pathname) => {
    const response = await ask(server.url + pathname);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<title>Page Not Found');
    expect(securityOf(response.headers)).toEqual(pageHeaders);
  });

  it.each(errors)(
    'answers $method $path with $status and the headers once',
    async ({ status, path, method }) => {
      const response = await ask(server.url + path, { method });
      expect(response.status).toBe(status);
      expect(securityOf(response.headers)).toEqual(pageHeaders);
    },
  );

  it('sends the headers once when a range cannot be satisfied', async () => {
    const response = await ask(`${server.url}/robots.txt`, { headers: { Range: 'bytes=999999-' } });
    expect([200, 416]).toContain(response.status);
    expect(securityOf(response.headers)).toEqual(pageHeaders);
  });

  it('names no server version', async () => {
    for (const pathname of ['/', '/no-such-page']) {
      const response = await ask(server.url + pathname);
      expect(response.headers.get('server') ?? '').not.toMatch(/\d/);
    }
  });

  it('caches hashed assets for a year and sends the strict headers', async () => {
    const script = entryScriptOf(await (await ask(`${server.url}/`)).text());
    expect(script).toBeDefined();
    const response = await ask(server.url + script!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(securityOf(response.headers)).toEqual(pageHeaders);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('names the Speculation Rules on every page, and serves rules that match every page', async () => {
    for (const pathname of [...pages.map((page) => page.path), '/no-such-page']) {
      const response = await ask(server.url + pathname);
      expect(response.headers.get('speculation-rules'), pathname).toBe(`"${SPECULATION_RULES_URL}"`);
    }
    const rules = await ask(server.url + SPECULATION_RULES_URL);
    expect(rules.status).toBe(200);
    expect(rules.headers.get('content-type')).toMatch(/^application\/speculationrules\+json/);
    expect(securityOf(rules.headers)).toEqual(pageHeaders);
    const { prerender } = (await rules.json()) as {
      prerender: { where: { href_matches: string[] }; eagerness: string }[];
    };
    expect(prerender.map((rule) => rule.eagerness)).toEqual(['moderate']);
    const patterns = prerender[0]!.where.href_matches;
    // A pattern per kind of page, not per post: every page fetches the rules.
    expect(patterns.length).toBeLessThanOrEqual(routes.length + 3);
    for (const page of pages)
      expect(
        patterns.some((pattern) => patternOf(pattern).test(page.path)),
        page.path,
      ).toBe(true);
  });

  it('serves the browser editor at /admin under its own policy, and the site’s pages under theirs', async () => {
    const editorPage = readFileSync(path.join(DIST, 'admin.html'), 'utf8');
    const script = /<script src=(?:"|)(\/admin\/sveltia-cms\.[0-9a-f]{8}\.js)/.exec(editorPage)?.[1];
    expect(script).toBeDefined();
    for (const pathname of ['/admin', '/admin/config.json', script!]) {
      const response = await ask(server.url + pathname, { redirect: 'manual' });
      expect(response.status, pathname).toBe(200);
      const csp = response.headers.get('content-security-policy');
      expect(csp, pathname).toBe(editorContentSecurityPolicy({ overHttps: !plainHttpPreview }));
      expect(csp, pathname).not.toMatch(/unsafe-eval/);
      expect(csp, pathname).toMatch(/script-src 'self';/);
      expect(response.headers.get('cross-origin-opener-policy'), pathname).toBe('same-origin-allow-popups');
      expect(response.headers.get('x-robots-tag'), pathname).toBe('noindex, nofollow');
      expect(response.headers.get('speculation-rules'), pathname).toBeNull();
      for (const header of ['x-content-type-options', 'referrer-policy', 'permissions-policy'])
        expect(response.headers.get(header), `${pathname} ${header}`).toBe(pageHeaders[header]);
    }
    expect(await (await ask(`${server.url}/admin`)).text()).toContain('rel="cms-config-url"');
    expect((await ask(server.url + script!)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const slashed = await ask(`${server.url}/admin/`, { redirect: 'manual' });
    expect([301, 308]).toContain(slashed.status);
    expect(new URL(slashed.headers.get('location')!, server.url).pathname).toBe('/admin');
    // Out of the sitemap and the speculation rules: no rule's pattern matches it.
    expect(await (await ask(`${server.url}/sitemap.xml`)).text()).not.toContain('/admin');
    const rules = (await (await ask(server.url + SPECULATION_RULES_URL)).json()) as {
      prerender: { where: { href_matches: string[] } }[];
    };
    expect(
      rules.prerender[0]!.where.href_matches.filter((pattern) => patternOf(pattern).test('/admin')),
    ).toEqual([]);
    // The site's pages, next to it, keep theirs: no robots header, their own opener policy.
    const home = await ask(`${server.url}/`);
    expect(securityOf(home.headers)).toEqual(pageHeaders);
    expect(home.headers.get('x-robots-tag')).toBeNull();
  });

  it('serves each of the blog’s feeds as an Atom feed', async () => {
    for (const feed of exercised(FEEDS, 'feed')) {
      const response = await ask(`${server.url}/${feed}`);
      expect(response.status, feed).toBe(200);
      expect(response.headers.get('content-type'), feed).toMatch(
        new RegExp(`^${ATOM_TYPE.replace('+', '\\+')}`),
      );
    }
  });

  it('serves a photo’s variants with their type, cached for a year, under the same CSP as the pages', async () => {
    for (const url of exercised(PHOTO_VARIANTS, 'photo')) {
      const response = await ask(server.url + url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(
        { '.avif': 'image/avif', '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' }[
          path.extname(url)
        ],
      );
      expect(response.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      expect(securityOf(response.headers), url).toEqual(pageHeaders);
    }
  });

  it.each([site.shareImage, '/robots.txt'])(
    'revalidates %s, which keeps its name from build to build',
    async (file) => {
      const response = await ask(server.url + file);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/max-age=0/);
    },
  );

  it.runIf(compresses)(
    `delivers every page's first paint (its HTML through its heading, with its CSS) in ${FIRST_PAINT_BYTES} bytes on the wire`,
    async () => {
      // Every page, and the 404 page that answers any other path.
      for (const page of [...pages.map((candidate) => candidate.path), '/no-such-page']) {
        expect(await firstPaintBytes(server.url + page), page).toBeLessThanOrEqual(FIRST_PAINT_BYTES);
      }
    },
  );
});

describe('precompressed files on nginx', () => {
  let server: RunningNginx;
  beforeAll(async () => {
    server = await startNginx();
  });
  afterAll(() => server.stop());

  it('serves copies that are each its file as it is now, beside every page', () => {
    const copies = readdirSync(server.served, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(?:br|gz)$/.test(file),
    );
    for (const page of pages) {
      const file = path.relative(DIST, builtFileFor(page.path));
      expect(copies, file).toEqual(expect.arrayContaining([`${file}.br`, `${file}.gz`]));
    }
    for (const copy of copies) {
      const decompress = copy.endsWith('.br') ? brotliDecompressSync : gunzipSync;
      const file = readFileSync(path.join(server.served, copy.slice(0, -3)));
      expect(decompress(readFileSync(path.join(server.served, copy))).equals(file), copy).toBe(true);
    }
  });

  it.each([
    // Without Debian's brotli module (tests/support/ensure-system-deps.mjs), only gzip is checked.
    ...(existsSync(NGINX_BROTLI_MODULE) ? [['br', '.br']] : []),
    ['gzip', '.gz'],
  ])('sends the build’s own %s file of a page, never compressing it again', async (encoding, extension) => {
    const response = await new Promise<{ encoding: string | undefined; length: number }>(
      (resolve, reject) => {
        get(`${server.url}/about-us/team`, { headers: { 'Accept-Encoding': encoding } }, (answer) => {
          let length = 0;
          answer.on('data', (chunk: Buffer) => (length += chunk.length));
          answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], length }));
        }).on('error', reject);
      },
    );
    expect(response.encoding).toBe(encoding);
    expect(response.length).toBe(statSync(path.join(server.served, `about-us/team.html${extension}`)).size);
  });
});

/** One HTTP/2 request, accepting the certificate made for the test: status, headers and body. */
function http2Request(
  origin: string,
  pathname: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const session = connect(origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':method': method, ':path': pathname, ...headers });
    const chunks: Buffer[] = [];
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (received) => (answer = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) });
    });
    stream.on('error', reject);
    stream.end();
  });
}

const NGINX_OVER_HTTP2 = 'nginx over HTTPS and HTTP/2, as a production server block runs it';

describe(NGINX_OVER_HTTP2, () => {
  let server: RunningNginx;
  let pageHeaders: Record<string, string | null>;
  beforeAll(async () => {
    server = await startNginx({ tls: true });
    pageHeaders = securityOf((await http2Request(server.url, '/about-us')).headers);
    headersByTarget.set(NGINX_OVER_HTTP2, pageHeaders);
  });
  afterAll(() => server.stop());

  it('answers every page with its page, status 200 and the headers once', async () => {
    for (const page of pages) {
      const response = await http2Request(server.url, page.path);
      expect(response.status, page.path).toBe(200);
      expect(response.body.toString(), page.path).toContain(
        `<title>${escapeHtml(documentTitleOf(page))}</title>`,
      );
      expect(securityOf(response.headers), page.path).toEqual(pageHeaders);
    }
  });

  it.each([
    { status: 404, method: 'GET', path: '/no-such-page' },
    { status: 404, method: 'GET', path: '/404' },
    { status: 400, method: 'GET', path: '/%' },
    { status: 405, method: 'POST', path: '/about-us' },
  ])(
    'answers $method $path with $status and the headers once',
    async ({ status, method, path: pathname }) => {
      const response = await http2Request(server.url, pathname, { method });
      expect(response.status).toBe(status);
      expect(securityOf(response.headers)).toEqual(pageHeaders);
    },
  );

  it('sends the build’s own brotli or gzip file of a page', async () => {
    const encoding = existsSync(NGINX_BROTLI_MODULE) ? 'br' : 'gzip';
    const response = await http2Request(server.url, '/about-us/team', {
      headers: { 'accept-encoding': encoding },
    });
    expect(response.headers['content-encoding']).toBe(encoding);
    const file = `about-us/team.html${encoding === 'br' ? '.br' : '.gz'}`;
    expect(response.body.length).toBe(statSync(path.join(server.served, file)).size);
  });
});

describe('every target', () => {
  it('sends the same security headers as every other, and as dist/_headers (Netlify)', () => {
    const fromHeadersFile = /^\/\*\n((?: {2}.+\n)+)/m.exec(
      readFileSync(path.join(DIST, '_headers'), 'utf8'),
    )?.[1];
    const netlify = Object.fromEntries(
      (fromHeadersFile ?? '')
        .trim()
        .split('\n')
        .map((line) =>
          line
            .trim()
            .split(/: (.*)/s)
            .slice(0, 2),
        )
        .map(([key, value]): [string, string] => [key!.toLowerCase(), value!])
        .filter(([key]) => SECURITY_HEADERS.includes(key)),
    );
    expect([...headersByTarget.keys()]).toEqual([...TARGETS.map((target) => target.name), NGINX_OVER_HTTP2]);
    expect(netlify[HTTPS_ONLY_HEADER]).toMatch(/max-age=/);
    expect(netlify['content-security-policy']).toMatch(HTTPS_ONLY_DIRECTIVE);
    for (const [name, headers] of headersByTarget) {
      const preview = TARGETS.find((target) => target.name === name)?.plainHttpPreview;
      expect(headers, name).toEqual(preview ? withoutHttpsOnly(netlify) : netlify);
    }
  });
});

describe('files for search engines and static hosts', () => {
  it('lists every page with content in sitemap.xml (the blog’s, once it has posts), and no under-construction page', () => {
    const sitemap = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const withContent = routes.filter((route) => route.template !== 'placeholder');
    expect(withContent.length).toBeGreaterThan(0);
    expect(locations.sort()).toEqual(
      [...withContent.map((route) => route.path), ...blogPaths]
        .map((pathname) => `${site.url}${pathname}`)
        .sort(),
    );
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

describe('each host reads every rule', () => {
  // Cloudflare Pages applies the first 100 rules of _headers and drops the rest without a word;
  // serve refuses a config with more than 50 header rules. Pages take no rule of their own.
  it('dist/_headers has at most 100 rules, and hosting/serve.json at most 50 header rules', () => {
    const counts = hostRuleCounts(SITE_ROOT);
    expect(counts.cloudflare).toBeLessThanOrEqual(100);
    expect(counts.serve).toBeLessThanOrEqual(50);
    expect(counts.cloudflare, 'no rule per page').toBeLessThan(routes.length);
  });

  // Photo variants share one rule per host, however many photos: their folder (and, for serve,
  // AVIF's type); hashed assets are named one by one, and feeds one by one (a few).
  it('takes one rule for every photo, however many there are', () => {
    const headers = readFileSync(path.join(DIST, '_headers'), 'utf8');
    const serve = readFileSync(path.join(SITE_ROOT, 'hosting/serve.json'), 'utf8');
    expect((headers.match(/^\/images\//gm) ?? []).length).toBeLessThanOrEqual(1);
    expect((serve.match(/"source": "images\//g) ?? []).length).toBeLessThanOrEqual(2);
  });
});
