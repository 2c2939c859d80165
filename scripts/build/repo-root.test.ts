// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** repo-root.cjs's exports, loaded in a process of their own with SITE_ROOT set (or unset: ''). */
function rootsWith(siteRoot: string) {
  return execFileSync(
    process.execPath,
    ['-e', `console.log(JSON.stringify(require(${JSON.stringify(path.join(__dirname, 'repo-root.cjs'))})))`],
    { env: { ...process.env, SITE_ROOT: siteRoot }, encoding: 'utf8', stdio: 'pipe' },
  );
}

describe('the site root', () => {
  it('stops the build at a folder that holds no site, before anything reads it, saying what to name', () => {
    const build = spawnSync(process.execPath, [path.join(__dirname, 'build.mjs')], {
      env: { ...process.env, SITE_ROOT: 'tests/fixtures/grown' },
      encoding: 'utf8',
    });
    expect(build.status).toBe(1);
    expect(build.stderr).toContain(
      'SITE_ROOT is tests/fixtures/grown: tests/fixtures/grown/ has no pages/_data/.',
    );
    expect(build.stderr).toMatch(/Fix: Name a folder that holds a site's pages\/.*or unset SITE_ROOT/);
  });

  it('stops npm run dev there too, before Parcel starts', () => {
    const dev = spawnSync('npm', ['run', '--silent', 'dev'], {
      cwd: ROOT,
      env: { ...process.env, SITE_ROOT: 'tests/fixtures/grown' },
      encoding: 'utf8',
      // A dev server that started would never exit.
      timeout: 60_000,
    });
    expect(dev.status).toBe(1);
    expect(dev.stderr).toContain(
      'SITE_ROOT is tests/fixtures/grown: tests/fixtures/grown/ has no pages/_data/.',
    );
  });

  it('is the repository unless SITE_ROOT names a folder in it, whose pages/, dist/ and hosting/ it then uses', () => {
    expect(JSON.parse(rootsWith(''))).toEqual({
      ROOT,
      SITE_ROOT: ROOT,
      PAGES_DIR: 'pages',
      PARTIALS_ROOT: ROOT,
      PARTIALS_DIR: 'partials',
      DIST: path.join(ROOT, 'dist'),
      HOSTING: path.join(ROOT, 'hosting'),
    });
    expect(JSON.parse(rootsWith('tests/fixtures/grown'))).toMatchObject({
      SITE_ROOT: path.join(ROOT, 'tests/fixtures/grown'),
      PAGES_DIR: 'tests/fixtures/grown/pages',
      DIST: path.join(ROOT, 'tests/fixtures/grown/dist'),
      // No partials/ of its own: the repository's.
      PARTIALS_DIR: 'partials',
    });
  });

  it('builds with its own partials/ when it has one, whole', () => {
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    const site = mkdtempSync(path.join(ROOT, '.cache/site-root-'));
    try {
      mkdirSync(path.join(site, 'partials'));
      writeFileSync(path.join(site, 'partials/layout.html'), '<yield></yield>\n');
      const siteRoot = path.relative(ROOT, site);
      expect(JSON.parse(rootsWith(siteRoot))).toMatchObject({
        PARTIALS_ROOT: site,
        PARTIALS_DIR: `${siteRoot}/partials`,
      });
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('stops the build at a partials/ without the layout, saying it replaces the repository’s whole', () => {
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    const site = mkdtempSync(path.join(ROOT, '.cache/site-root-'));
    try {
      mkdirSync(path.join(site, 'pages/_data'), { recursive: true });
      mkdirSync(path.join(site, 'partials'));
      writeFileSync(path.join(site, 'partials/footer.html'), '<footer></footer>\n');
      const siteRoot = path.relative(ROOT, site);
      const build = spawnSync(process.execPath, [path.join(__dirname, 'build.mjs')], {
        env: { ...process.env, SITE_ROOT: siteRoot },
        encoding: 'utf8',
      });
      expect(build.status).toBe(1);
      expect(build.stderr).toContain(
        `${siteRoot}/partials/ has no layout.html: a site root's partials/ replaces the repository's, whole.`,
      );
      expect(build.stderr).toMatch(/Fix: Copy every partial into it \(cp -r partials .*\), .*or remove it/);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('refuses a folder outside the repository, which Parcel would not build, saying what to name', () => {
    expect(() => rootsWith('/tmp/somewhere')).toThrow(
      /SITE_ROOT is \/tmp\/somewhere, outside the repository \(.*\)\. Name a folder inside it, or unset SITE_ROOT/,
    );
  });
});
