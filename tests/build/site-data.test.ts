import { statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, loadSiteData } from '../../scripts/build/posthtml-site/site-data.cjs';

describe('site data', () => {
  // Every page of a build reads it, so it is read once; a dev rebuild after an edit must still see the edit.
  it('is read once while no data file changes, and afresh after one does', () => {
    const first = loadSiteData();
    expect(loadSiteData()).toBe(first);
    const file = path.join(ROOT, 'pages/_data/site.json');
    const { atime, mtime } = statSync(file);
    try {
      utimesSync(file, atime, new Date(mtime.getTime() + 1000));
      const afterEdit = loadSiteData();
      expect(afterEdit).not.toBe(first);
      expect(afterEdit).toEqual(first);
    } finally {
      utimesSync(file, atime, mtime);
    }
  });
});
