import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, allBuiltFiles, builtDocument } from '../support/site';

const integrityOf = (url: string) =>
  `sha384-${createHash('sha384')
    .update(readFileSync(path.join(DIST, url)))
    .digest('base64')}`;

describe('Subresource Integrity', () => {
  it.each(allBuiltFiles().map((file) => [path.relative(DIST, file), file]))(
    '%s pins its entry script, and carries its stylesheets in the page',
    (_, file) => {
      const document = builtDocument(file);
      // Painted from the HTML alone: no render-blocking stylesheet to wait for, or to pin. The
      // site's, and on the blog's pages the blog's too; on a page that draws accented letters, the
      // font faces that have them (scripts/build/inline-styles.mjs).
      expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
      const styles = [...document.head.querySelectorAll('style')].map((style) => style.textContent);
      const faces = styles.filter((css) => /^(?:@font-face\{[^}]*\})+$/.test(css));
      expect(styles.length - faces.length).toBe(document.querySelector('.ds-post, .ds-post-list') ? 2 : 1);
      expect(faces.length).toBeLessThanOrEqual(1);
      // Each file a style names from the root, as from a page at any depth it must be (Parcel
      // writes a stylesheet's URLs relative to it: inline-styles.mjs makes them root-relative).
      for (const [, url = ''] of styles.join('').matchAll(/url\(["']?([^"')]+)/g)) {
        expect(url, path.relative(DIST, file)).toMatch(/^\/[^/]/);
        expect(existsSync(path.join(DIST, url)), url).toBe(true);
      }
      const pinned = [...document.querySelectorAll('script[src]')];
      expect(pinned.length).toBeGreaterThanOrEqual(1);
      for (const element of pinned) {
        const url = element.getAttribute('href') ?? element.getAttribute('src')!;
        expect(element.getAttribute('integrity'), url).toBe(integrityOf(url));
      }
    },
  );
});
