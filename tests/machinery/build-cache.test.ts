/**
 * The build cache (scripts/build/build-cache.cjs): a build that finds Parcel's cache, the photos'
 * variants and the compressed copies from an earlier build writes what a cold build writes, byte
 * for byte, after a post's, a data file's and an island's edit, and once they are undone; a later
 * day publishes a scheduled post. On a copy of the tree with two posts of its own, one of them scheduled.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOfTree } from '../support/tree-copy';
import { digests } from '../support/cold-build-matches.mjs';

const tree = copyOfTree();
const emptyCaches: string[] = [];
afterAll(() => {
  tree.remove();
  for (const cache of emptyCaches) rmSync(cache, { recursive: true, force: true });
});
const post = (title: string, date: string, text: string) =>
  `---\ntitle: ${title}\ndescription: A post of the build cache's test.\ndate: ${date}\ncategory: seo\nauthor: Kevin Park\n---\n\n${text}\n`;
tree.write('pages/_posts/cached-post.md', post('A post built once', '2026-01-05', 'Its first words.'));
tree.write('pages/_posts/scheduled-post.md', post('A post for later', '2030-01-06', 'Not yet.'));

/** `npm run build` in the copy: with its cache (.cache/), or cold, with an empty one. */
function build({ cold = false, day }: { cold?: boolean; day?: string } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_DAY: day ?? '2026-06-01' };
  if (cold) {
    const cache = mkdtempSync(path.join(tmpdir(), 'cold-cache-'));
    emptyCaches.push(cache);
    env.BUILD_CACHE = cache;
  }
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: tree.root, env, stdio: 'pipe' });
}

/** Every file of the copy's dist/, by its path, as a digest of its bytes. */
const output = () => Object.fromEntries(digests(path.join(tree.root, 'dist')));
const page = (file: string) => readFileSync(path.join(tree.root, 'dist', file), 'utf8');

describe('a build from the cache', () => {
  let cold: Record<string, string>;

  it('starts from a cold build, which fills the cache and writes no compressed copy for Cloudflare', () => {
    build();
    cold = output();
    expect(existsSync(path.join(tree.root, '.cache/parcel'))).toBe(true);
    expect(Object.keys(cold).filter((file) => /\.(?:br|gz)$/.test(file))).toEqual([]);
    expect(cold['blog/cached-post.html']).toBeDefined();
    expect(cold['blog/scheduled-post.html']).toBeUndefined();
  });

  it('after a post’s edit, a data file’s edit and an island’s, writes what a cold build writes', () => {
    tree.edit('pages/_posts/cached-post.md', 'Its first words.', 'Its words, edited.');
    tree.edit('pages/_data/site.json', /"name": "[^"]+"/, '"name": "Cached Agency"');
    // Scope-hoisted bundles rebuilt from a cache once named a symbol no chunk defined.
    tree.edit('scripts/islands/navigation/Navigation.tsx', "event.key !== 'Escape'", "event.key !== 'Esc'");
    build();
    const warm = output();
    expect(page('blog/cached-post.html')).toContain('Its words, edited.');
    expect(page('about-us.html')).toContain('Cached Agency');
    build({ cold: true });
    expect(warm).toEqual(output());
  });

  it('on a later day, publishes the post scheduled for it', () => {
    build({ day: '2030-01-06' });
    expect(page('blog.html')).toContain('/blog/scheduled-post');
    expect(page('blog/scheduled-post.html')).toContain('Not yet.');
  });

  it('once the edits are undone, writes what the first cold build wrote', () => {
    tree.reset();
    tree.write('pages/_posts/cached-post.md', post('A post built once', '2026-01-05', 'Its first words.'));
    tree.write('pages/_posts/scheduled-post.md', post('A post for later', '2030-01-06', 'Not yet.'));
    build();
    expect(output()).toEqual(cold);
  });
});
