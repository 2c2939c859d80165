import { readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';
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

describe('data file schemas in the editor', () => {
  const DATA = path.join(ROOT, 'pages/_data');
  const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
  const editorMap = read(path.join(ROOT, '.vscode/settings.json')) as {
    'json.schemas': { fileMatch: string[]; url: string }[];
  };

  // A data file that is a list cannot name its "$schema"; the editor settings map it instead.
  for (const name of readdirSync(DATA).filter((file) => file.endsWith('.json'))) {
    it(`${name} is linked to its own schema`, () => {
      const schema = `schemas/${name.replace(/\.json$/, '.schema.json')}`;
      const data = read(path.join(DATA, name));
      if (!Array.isArray(data)) {
        expect((data as { $schema?: string }).$schema).toBe(`./${schema}`);
        return;
      }
      const mapped = editorMap['json.schemas'].find((entry) =>
        entry.fileMatch.includes(`/pages/_data/${name}`),
      );
      expect(mapped?.url).toBe(`./pages/_data/${schema}`);
    });
  }
});
