/**
 * The build cache (scripts/build/build-cache.cjs): a build that finds Parcel's cache of an earlier
 * build (the photos' variants with it) writes what a cold build writes, byte for byte, after a
 * post's, a data file's and an island's edit, and once they are undone, and after an edit of
 * .parcelrc; a later day publishes a scheduled post. A cold build runs Parcel on its workers, a
 * build from the cache without them, and both write the same. A cache Parcel fails to read makes
 * the build start again without it: that build is the cold one the edited copy is compared with.
 * A post is read again when a photo it names goes. A mistake met inside Parcel (a Sass error,
 * inline code a page's head never writes) stops a build from the cache at its file. On a copy of
 * the tree with three posts of its own: one scheduled, one with a photo.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOfTree } from '../support/tree-copy';
import { digests } from '../support/cold-build-matches.mjs';
import { writeFixtureImage } from '../support/fixture-images.mjs';
import { anAuthor } from '../support/posts';
import { offeredBytes, parseHtml } from '../support/site';

const tree = copyOfTree();
afterAll(() => tree.remove());
const post = (title: string, date: string, text: string) =>
  `---\ntitle: ${title}\ndescription: A post of the build cache's test.\ndate: ${date}\ncategory: seo\nauthor: ${anAuthor()}\n---\n\n${text}\n`;
/** The copy's own posts: one to edit, one scheduled, one that shows a photo of its own. */
function writePosts() {
  tree.write('pages/_posts/cached-post.md', post('A post built once', '2026-01-05', 'Its first words.'));
  tree.write('pages/_posts/scheduled-post.md', post('A post for later', '2030-01-06', 'Not yet.'));
  tree.write(
    'pages/_posts/photo-post.md',
    post('A post with a photo', '2026-01-07', 'Its words.\n\n![A cached photo](cached-photo.jpg)'),
  );
}
await writeFixtureImage(path.join(tree.root, 'pages/_images'), {
  name: 'cached-photo.jpg',
  width: 800,
  height: 450,
});
writePosts();

/** `npm run build` in the copy, with its cache (.cache/), as of `day`. */
const build = (day = '2026-06-01') =>
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: tree.root,
    env: { ...process.env, BUILD_DAY: day },
    encoding: 'utf8',
  });
/** What the build prints when Parcel runs without workers, from its cache (scripts/build/build.mjs). */
const ONE_PROCESS = /Parcel without workers: its cache holds an earlier build/;

/** Every file and folder of the copy's pages/. */
const pagesFolder = () =>
  readdirSync(path.join(tree.root, 'pages'), { recursive: true, encoding: 'utf8' }).sort();

/** Every file of the copy's dist/, by its path, as a digest of its bytes. */
const output = () => Object.fromEntries(digests(path.join(tree.root, 'dist')));
const page = (file: string) => readFileSync(path.join(tree.root, 'dist', file), 'utf8');
/**
 * Whether a build fell back to a cold one for a mistake of the site, which it must never do. Parcel's
 * own race in one process ("a reference to a missing dev dep request", which Parcel calls a bug of
 * its own) can stop a build from the cache now and then; building again cold is right after that.
 */
const fellBackForTheSite = (stderr: string) => {
  const [before, ...after] = stderr.split(/building again without it/);
  return after.length > 0 && !/This is a bug in Parcel/.test(before!);
};

// Two whole builds a test, beside the other suites on two cores.
describe('a build from the cache', { timeout: 90_000 }, () => {
  let cold: Record<string, string>;

  it('starts from a cold build, which fills the cache, writes no compressed copy for Cloudflare and leaves pages/ as it was', () => {
    const sources = pagesFolder();
    expect(build()).not.toMatch(ONE_PROCESS);
    // The posts' pages and the listings' later pages come from Parcel's plugins, not from files.
    expect(pagesFolder()).toEqual(sources);
    cold = output();
    expect(existsSync(path.join(tree.root, '.cache/parcel'))).toBe(true);
    expect(Object.keys(cold).filter((file) => /\.(?:br|gz)$/.test(file))).toEqual([]);
    expect(cold['blog/cached-post.html']).toBeDefined();
    expect(cold['blog/scheduled-post.html']).toBeUndefined();
  });

  it('after one post’s text, builds from its cache without Parcel’s workers, and after its undoing writes what the cold build wrote', () => {
    tree.edit('pages/_posts/photo-post.md', 'Its words.', 'Its words, once more.');
    expect(build()).toMatch(ONE_PROCESS);
    expect(page('blog/photo-post.html')).toContain('Its words, once more.');
    // Undone, the same way again: the cold build of this text is the first test's.
    tree.edit('pages/_posts/photo-post.md', 'Its words, once more.', 'Its words.');
    expect(build()).toMatch(ONE_PROCESS);
    expect(output()).toEqual(cold);
  });

  it('after an edit of .parcelrc alone, builds from its cache what the cold build wrote', () => {
    // Parcel 2.16 then packaged a chunk's requires in another order, under another name
    // (scripts/build/patches/, docs/dependencies.md).
    tree.edit('.parcelrc', /\n$/, '\n \n');
    expect(build()).toMatch(ONE_PROCESS);
    tree.edit('.parcelrc', /\n \n$/, '\n');
    expect(output()).toEqual(cold);
  });

  it('after a stylesheet’s edit alone, puts its new text into every page from its cache', () => {
    // A page's result is cached on the bundles it links, not on their text: the pages' packager
    // depends on its stylesheets' (scripts/build/page-styles/). Kept until the edits are undone:
    // the next builds from the cache are compared with cold ones.
    tree.edit('styles/components/_addon.scss', 'padding: space(6);', 'padding: 1.2345rem;');
    expect(build()).toMatch(ONE_PROCESS);
    expect(page('about-us.html')).toContain('1.2345rem');
  });

  let warm: Record<string, string>;

  it('after a post’s edit, a data file’s edit and an island’s, builds from its cache', () => {
    tree.edit('pages/_posts/cached-post.md', 'Its first words.', 'Its words, edited.');
    tree.edit('pages/_data/site.json', /"name": "[^"]+"/, '"name": "Cached Agency"');
    // Scope-hoisted bundles rebuilt from a cache once named a symbol no chunk defined.
    tree.edit('scripts/islands/navigation/Navigation.tsx', "event.key !== 'Escape'", "event.key !== 'Esc'");
    // A data file's edit rebuilds every page, from the cache in this process too.
    expect(build()).toMatch(ONE_PROCESS);
    warm = output();
    expect(page('blog/cached-post.html')).toContain('Its words, edited.');
    expect(page('about-us.html')).toContain('Cached Agency');
  });

  it('builds again without a cache Parcel fails to read, cold, and writes what the build from the cache wrote', () => {
    // A file of the cache cut short, as a build stopped while writing it leaves it: nothing has
    // changed since the last build, so Parcel reads its bundle graph back.
    const cache = path.join(tree.root, '.cache/parcel');
    const graphs = readdirSync(cache).filter((name) => name.endsWith('-BundleGraph'));
    expect(graphs.length).toBeGreaterThan(0);
    for (const name of graphs) truncateSync(path.join(cache, name), 1_000);
    const run = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: tree.root,
      env: { ...process.env, BUILD_DAY: '2026-06-01' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /Parcel failed from its cache \(\.cache\/parcel\/\), above: building again without it/,
    );
    expect(output()).toEqual(warm);
  });

  it('on a later day, publishes the post scheduled for it', () => {
    build('2030-01-06');
    expect(page('blog.html')).toContain('/blog/scheduled-post');
    expect(page('blog/scheduled-post.html')).toContain('Not yet.');
  });

  it('once the edits are undone, writes what the first cold build wrote', () => {
    tree.reset();
    writePosts();
    build();
    expect(output()).toEqual(cold);
  });

  it('orders a picture’s formats by its variants’ bytes, afresh when its photo is replaced under its name', async () => {
    // The first member's portrait, in every post's author card, from two of the grown tree's
    // portraits, of one size, whose small variants order their formats each the other way.
    const portrait = async (name: string) =>
      readFileSync(
        await writeFixtureImage(path.join(tree.root, 'portraits'), { name, width: 900, height: 1200 }),
      );
    const team = JSON.parse(readFileSync(path.join(tree.root, 'pages/_data/team.json'), 'utf8')) as {
      photo?: string;
    }[];
    team[0]!.photo = 'cached-author.jpg';
    tree.write('pages/_data/team.json', `${JSON.stringify(team, null, 2)}\n`);
    /** The formats of the author card's picture, in order, each its variants' bytes in dist/. */
    const authorCard = () => {
      const sources = [
        ...parseHtml(page('blog/cached-post.html')).querySelectorAll('.ds-author-card picture source'),
      ];
      expect(sources, 'the author card’s picture').toHaveLength(2);
      return sources.map((source) => ({
        type: source.getAttribute('type'),
        bytes: offeredBytes(source, path.join(tree.root, 'dist')),
      }));
    };
    tree.write('pages/_images/cached-author.jpg', await portrait('grown-portrait-3.jpg'));
    build();
    const [first, second] = authorCard();
    expect(first!.bytes).toBeLessThanOrEqual(second!.bytes);
    // The same name, the same size: the page's markup is as it was; only the variants' bytes differ.
    tree.write('pages/_images/cached-author.jpg', await portrait('grown-portrait-6.jpg'));
    expect(build()).toMatch(ONE_PROCESS);
    const [firstNow, secondNow] = authorCard();
    expect(firstNow!.bytes).toBeLessThanOrEqual(secondNow!.bytes);
    expect(firstNow!.type, 'the two portraits order their formats each the other way').not.toBe(first!.type);
    tree.reset();
    writePosts();
  });

  it('stops at a mistake met inside Parcel, at its file, and builds from its cache once it is fixed', () => {
    // An island's edit built, then undone in the build the mistake stops: Parcel 2.16 then packaged
    // a chunk's requires in another order (scripts/build/patches/, docs/dependencies.md).
    const island = 'scripts/islands/navigation/Navigation.tsx';
    tree.edit(island, "key !== 'Escape'", "key !== 'Esc'");
    build();
    tree.edit(island, "key !== 'Esc'", "key !== 'Escape'");
    tree.edit('styles/components/_addon.scss', 'padding: space(6);', 'padding: $space-six;');
    const mistake = spawnSync('npm', ['run', '--silent', 'build'], { cwd: tree.root, encoding: 'utf8' });
    tree.reset();
    writePosts();
    expect(mistake.status).not.toBe(0);
    expect(`${mistake.stdout}${mistake.stderr}`).toMatch(/_addon\.scss/);
    expect(fellBackForTheSite(mistake.stderr), mistake.stderr).toBe(false);
    expect(build()).toMatch(ONE_PROCESS);
    expect(output()).toEqual(cold);
  });

  it('reads a post again when a photo it names goes, and stops at the post’s line', () => {
    expect(page('blog/photo-post.html')).toContain('cached-photo');
    rmSync(path.join(tree.root, 'pages/_images/cached-photo.jpg'));
    const run = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: tree.root,
      env: { ...process.env, BUILD_DAY: '2026-06-01' },
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(`${run.stderr}${run.stdout}`).toMatch(
      /pages\/_posts\/photo-post\.md[\s\S]*The post's photo: The image "cached-photo\.jpg" is not in pages\/_images\//,
    );
  });

  it('stops at inline code a page’s head never writes, met as Parcel finishes the pages, at its partial’s line', () => {
    // Found by the inline-code-check optimizer, whose verdict Parcel caches with each page: an
    // edit to a partial makes every page that shows it read again. The post whose photo the test
    // before removed goes too, or the build would stop at it first.
    rmSync(path.join(tree.root, 'pages/_posts/photo-post.md'));
    const line = tree.edit('partials/footer.html', '<footer', '<script>alert(1)</script>\n<footer');
    const stray = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: tree.root,
      env: { ...process.env, BUILD_DAY: '2026-06-01' },
      encoding: 'utf8',
    });
    expect(stray.status).not.toBe(0);
    expect(`${stray.stdout}${stray.stderr}`.replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `partials/footer\\.html:${line}:9: dist/[\\w/-]+\\.html has an inline <script> \\(alert\\(1\\);?…\\), which the site's own markup never writes`,
      ),
    );
    expect(fellBackForTheSite(stray.stderr), stray.stderr).toBe(false);
    // A <style> of a head's own, which the CSP would not allow (it hashes the stylesheets): the
    // same check stops it, at its partial's line.
    tree.edit('partials/footer.html', '<script>alert(1)</script>\n', '');
    const styleLine = tree.edit(
      'partials/head.html',
      '<link rel="icon"',
      '<style>p{color:red}</style>\n<link rel="icon"',
    );
    const style = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: tree.root,
      env: { ...process.env, BUILD_DAY: '2026-06-01' },
      encoding: 'utf8',
    });
    expect(style.status).not.toBe(0);
    const said = `${style.stdout}${style.stderr}`.replace(/\s+/g, ' ');
    expect(said).toMatch(
      new RegExp(
        `partials/head\\.html:${styleLine}:8: dist/[\\w/-]+\\.html has a <style> in its head \\(p\\{color:red\\}…\\)`,
      ),
    );
    expect(said).toContain('Move its rules into a stylesheet under styles/');
  });

  it('puts a stylesheet linked for print into the pages as a <style> for print, which the CSP allows; stops at one linked with another rel', () => {
    // The head's <style> of the test before, moved into a stylesheet of its own, as its fix says.
    tree.edit('partials/head.html', '<style>p{color:red}</style>\n', '');
    tree.write('styles/print-only.scss', '.ds-footer { display: none; }\n');
    tree.edit(
      'partials/head.html',
      '<link rel="icon"',
      '<link media="print" href="/styles/print-only.scss" rel="stylesheet" />\n<link rel="icon"',
    );
    build();
    const css = '.ds-footer{display:none}';
    expect(page('about-us.html')).toContain(`<style media=print>${css}</style>`);
    expect(page('about-us.html')).not.toMatch(/<link[^>]*stylesheet/);
    const { styles } = JSON.parse(readFileSync(path.join(tree.root, 'hosting/inline-code.json'), 'utf8')) as {
      styles: string[];
    };
    expect(styles).toContain(`sha256-${createHash('sha256').update(css).digest('base64')}`);
    // Linked as an alternate stylesheet, it would stay a link no browser applies unasked.
    const line = tree.edit(
      'partials/head.html',
      'print-only.scss" rel="stylesheet"',
      'print-only.scss" rel="alternate stylesheet"',
    );
    const alternate = spawnSync('npm', ['run', '--silent', 'build'], { cwd: tree.root, encoding: 'utf8' });
    expect(alternate.status).not.toBe(0);
    const told = `${alternate.stdout}${alternate.stderr}`.replace(/\s+/g, ' ');
    expect(told).toMatch(
      new RegExp(
        `partials/head\\.html:${line}:\\d+: dist/[\\w/-]+\\.html links a stylesheet with rel="alternate stylesheet", which the build does not put into the pages\\.`,
      ),
    );
    expect(told).toContain('Write rel="stylesheet", in lower case and alone');
  });
});
