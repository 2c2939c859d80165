import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTS, hostOf, outputForHost, precompress } from './precompress.mjs';

const page = `<!doctype html><title>A page</title>${'<p>Text a host sends compressed. '.repeat(200)}`;
let scratch: string, site: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  site = path.join(scratch, 'dist');
  mkdirSync(path.join(site, 'blog'), { recursive: true });
  writeFileSync(path.join(site, 'index.html'), page);
  writeFileSync(path.join(site, 'blog/post.html'), page.replace('A page', 'A post'));
  writeFileSync(path.join(site, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(path.join(site, 'photo.avif'), Buffer.alloc(4096, 7));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const files = () => readdirSync(site, { recursive: true, encoding: 'utf8' }).sort();

describe('precompress', () => {
  it('writes a brotli and a gzip copy beside each text file, each the file once decompressed', async () => {
    const result = await precompress(site);
    expect(files()).toEqual(
      [
        ...['blog', 'blog/post.html', 'blog/post.html.br', 'blog/post.html.gz'],
        ...['index.html', 'index.html.br', 'index.html.gz', 'photo.avif', 'robots.txt'],
      ].sort(),
    );
    const html = readFileSync(path.join(site, 'index.html'));
    expect(brotliDecompressSync(readFileSync(path.join(site, 'index.html.br'))).equals(html)).toBe(true);
    expect(gunzipSync(readFileSync(path.join(site, 'index.html.gz'))).equals(html)).toBe(true);
    // robots.txt: its copies would be no smaller, so the host sends the file itself.
    expect(result).toEqual({ texts: 3, written: 4 });
  });

  it('replaces the copies of an earlier run: an edited file’s are its own, a removed file’s are gone', async () => {
    await precompress(site);
    writeFileSync(path.join(site, 'blog/post.html'), page.replace('A page', 'An edited post'));
    await precompress(site);
    const post = readFileSync(path.join(site, 'blog/post.html'));
    expect(gunzipSync(readFileSync(path.join(site, 'blog/post.html.gz'))).equals(post)).toBe(true);
    rmSync(path.join(site, 'blog/post.html'));
    await precompress(site);
    expect(existsSync(path.join(site, 'blog/post.html.br'))).toBe(false);
  });
});

describe('hostOf', () => {
  it('is Cloudflare Pages unless DEPLOY_TO names another host', () => {
    expect([hostOf(undefined), hostOf(''), hostOf('nginx'), hostOf('netlify')]).toEqual([
      'cloudflare',
      'cloudflare',
      'nginx',
      'netlify',
    ]);
  });

  it('refuses a host it does not know, naming the ones it does', () => {
    expect(() => hostOf('nginix')).toThrow(
      'DEPLOY_TO is "nginix", which is not a host the build knows. Set it to one of cloudflare, netlify, nginx',
    );
  });
});

describe('outputForHost', () => {
  it('for nginx, writes the copies', async () => {
    const saved = process.env.DEPLOY_TO;
    process.env.DEPLOY_TO = 'nginx';
    try {
      await outputForHost(site);
      expect(files()).toEqual(
        expect.arrayContaining(['index.html.br', 'index.html.gz', 'blog/post.html.br']),
      );
    } finally {
      if (saved === undefined) delete process.env.DEPLOY_TO;
      else process.env.DEPLOY_TO = saved;
    }
  });

  it('stops a Cloudflare output over its limit of files, saying what to do', async () => {
    // Cloudflare Pages' limit (developers.cloudflare.com/pages/platform/limits), lowered to 1,000
    // for the test: 20,000 files written and counted took ten seconds.
    expect(HOSTS.cloudflare.fileLimit).toBe(20_000);
    const saved = process.env.DEPLOY_TO;
    delete process.env.DEPLOY_TO;
    HOSTS.cloudflare.fileLimit = 1_000;
    for (let index = 0; index < 997; index += 1) writeFileSync(path.join(site, `page-${index}.avif`), '');
    try {
      await expect(outputForHost(site)).rejects.toThrow(
        "dist/ holds 1001 files, over Cloudflare Pages's limit of 1,000 a deploy. Remove what the site no longer links to",
      );
      rmSync(path.join(site, 'photo.avif'));
      await expect(outputForHost(site)).resolves.toMatch(/^Built dist\/ for Cloudflare Pages, 1000 files\./);
    } finally {
      HOSTS.cloudflare.fileLimit = 20_000;
      if (saved === undefined) delete process.env.DEPLOY_TO;
      else process.env.DEPLOY_TO = saved;
    }
  });
});
