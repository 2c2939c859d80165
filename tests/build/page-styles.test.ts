import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineCodeOf } from '../../scripts/build/hosting/headers.mjs';
import { DIST, SITE_ROOT, allBuiltFiles, builtDocument } from '../support/site';

const pages = allBuiltFiles().map((file): [string, string] => [path.relative(DIST, file), file]);
const record = () =>
  JSON.parse(readFileSync(path.join(SITE_ROOT, 'hosting/inline-code.json'), 'utf8')) as Record<
    'scripts' | 'styles',
    string[]
  >;

describe('the stylesheets, in the pages (scripts/build/page-styles)', () => {
  it.each(pages)('%s carries its stylesheets, and only the font faces it draws', (_, file) => {
    const document = builtDocument(file);
    // Painted from the HTML alone: no render-blocking stylesheet to wait for. The site's, and on
    // the blog's pages the blog's too; on a page that draws accented letters, the font faces
    // that have them, each in a <style> of its own.
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    const styles = [...document.head.querySelectorAll('style')].map((style) => style.textContent);
    const faces = styles.filter((css) => /^@font-face\{[^}]*\}$/.test(css));
    expect(styles.length - faces.length).toBe(document.querySelector('.ds-post, .ds-post-list') ? 2 : 1);
    expect(faces.length).toBeLessThanOrEqual(2);
    // Each file a style names from the root, as from a page at any depth it must be (Parcel
    // writes a stylesheet's URLs relative to it: page-styles.cjs makes them root-relative).
    for (const [, url = ''] of styles.join('').matchAll(/url\(["']?([^"')]+)/g)) {
      expect(url, path.relative(DIST, file)).toMatch(/^\/[^/]/);
      expect(existsSync(path.join(DIST, url)), url).toBe(true);
    }
  });

  it('ships no stylesheet file: each is in the pages', () => {
    expect(
      readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css')),
    ).toEqual([]);
  });
});

describe('the CSP’s hashes (hosting/inline-code.json, from the bundle graph)', () => {
  // Taken from what Parcel made, not read from the pages: each must still be the hash of what a
  // page's head carries, and every head's inline code must be allowed by one.
  const used = { scripts: new Set<string>(), styles: new Set<string>() };
  for (const [, file] of pages) {
    const html = readFileSync(file, 'utf8');
    const { scriptHashes, styleHashes, stray } = inlineCodeOf(html.slice(0, html.indexOf('<body')));
    expect(stray).toEqual([]);
    scriptHashes.forEach((hash) => used.scripts.add(hash));
    styleHashes.forEach((hash) => used.styles.add(hash));
  }

  it('allows every inline script and style of every page’s head', () => {
    const { scripts, styles } = record();
    expect([...used.scripts].filter((hash) => !scripts.includes(hash))).toEqual([]);
    expect([...used.styles].filter((hash) => !styles.includes(hash))).toEqual([]);
  });

  it('allows nothing else: the import map, each stylesheet, and each font face a page may draw', () => {
    const { scripts, styles } = record();
    expect(scripts.sort()).toEqual([...used.scripts].sort());
    // A face no page draws keeps its hash: whichever page draws it next needs no other policy.
    const unused = styles.filter((hash) => !used.styles.has(hash));
    expect(unused.length).toBeLessThanOrEqual(2);
  });
});
