import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, allBuiltFiles, builtDocument } from '../support/site';

const REFERENCES = 'a[href], link[href], script[src], img[src], source[srcset], use[href]';

/** Whether a root-relative URL is served by a file in dist/ (clean URLs: /x → x/index.html). */
function resolves(url: string): boolean {
  const pathname = decodeURIComponent(new URL(url, 'https://site.test').pathname);
  const candidates = [path.join(DIST, pathname), path.join(DIST, pathname, 'index.html')];
  return candidates.some((file) => existsSync(file) && statSync(file).isFile());
}

describe('internal references', () => {
  it.each(allBuiltFiles())('every href and src in %s resolves to a built file or element', (file) => {
    const document = builtDocument(file);
    const broken: string[] = [];
    for (const element of document.querySelectorAll(REFERENCES)) {
      const url =
        element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('srcset')!;
      if (/^(https?:|mailto:|tel:|data:)/.test(url)) continue;
      if (url.startsWith('#')) {
        if (url.length > 1 && !document.getElementById(url.slice(1))) broken.push(url);
      } else if (!url.startsWith('/') || !resolves(url)) {
        broken.push(url);
      }
    }
    expect(broken).toEqual([]);
  });
});
