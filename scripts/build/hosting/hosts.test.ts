import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTS, hostOf, outputForHost } from './hosts.mjs';

let scratch: string, site: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'hosts-'));
  site = path.join(scratch, 'dist');
  mkdirSync(path.join(site, 'blog'), { recursive: true });
  for (const file of ['index.html', 'index.html.br', 'index.html.gz', 'blog/post.html', 'photo.avif'])
    writeFileSync(path.join(site, file), '');
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** `run` with DEPLOY_TO set to `host` (unset when undefined), as a build would see it. */
function deployingTo<T>(host: string | undefined, run: () => T): T {
  const saved = process.env.DEPLOY_TO;
  if (host === undefined) delete process.env.DEPLOY_TO;
  else process.env.DEPLOY_TO = host;
  try {
    return run();
  } finally {
    if (saved === undefined) delete process.env.DEPLOY_TO;
    else process.env.DEPLOY_TO = saved;
  }
}

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
  it('counts the site’s files and, for nginx, its precompressed copies apart', () => {
    expect(deployingTo('nginx', () => outputForHost(site))).toBe(
      "Built dist/ for nginx, 5 files: the site's 3 and 2 precompressed copies. For the other hosts: " +
        'Cloudflare Pages 3 (DEPLOY_TO=cloudflare), Netlify 3 (DEPLOY_TO=netlify).',
    );
  });

  it('stops a Cloudflare output over its limit of files, saying what to do', () => {
    // Cloudflare Pages' limit (developers.cloudflare.com/pages/platform/limits), lowered to 1,000
    // for the test: 20,000 files written and counted took ten seconds.
    expect(HOSTS.cloudflare.fileLimit).toBe(20_000);
    HOSTS.cloudflare.fileLimit = 1_000;
    for (let index = 0; index < 996; index += 1) writeFileSync(path.join(site, `page-${index}.avif`), '');
    try {
      expect(() => deployingTo(undefined, () => outputForHost(site))).toThrow(
        "dist/ holds 1001 files, over Cloudflare Pages's limit of 1,000 a deploy. Remove what the site no longer links to",
      );
      rmSync(path.join(site, 'photo.avif'));
      expect(deployingTo(undefined, () => outputForHost(site))).toMatch(
        /^Built dist\/ for Cloudflare Pages, 1000 files\./,
      );
    } finally {
      HOSTS.cloudflare.fileLimit = 20_000;
    }
  });
});
