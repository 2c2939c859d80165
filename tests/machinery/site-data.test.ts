import { readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, loadSiteData } from '../../scripts/build/posthtml-site/site-data.cjs';
import { postSources } from '../support/posts';

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

describe('site data and the posts', () => {
  // A post of the site, whichever its folder lists first (drafts and scheduled posts are read too,
  // below); a site without posts has nothing here to test.
  const [post] = postSources(ROOT);

  // With 1,000 posts, checking every post's file for every page made a build O(pages × posts):
  // a page checks the posts' folder and index, a post's page its own file too.
  it.runIf(post)(
    'is read afresh for a post’s page or the generator after that post’s file changes, not for other pages',
    () => {
      const drafts = process.env.BLOG_DRAFTS;
      process.env.BLOG_DRAFTS = '1'; // as npm run dev reads them: drafts and scheduled posts too
      const file = path.join(ROOT, post!.file);
      const { atime, mtime } = statSync(file);
      try {
        const first = loadSiteData();
        expect(first.blog.posts[post!.slug], post!.file).toBeDefined();
        utimesSync(file, atime, new Date(mtime.getTime() + 1000));
        expect(loadSiteData(), 'another page').toBe(first);
        const forItsPage = loadSiteData({ posts: [post!.slug] });
        expect(forItsPage, 'the post’s own page').not.toBe(first);
        expect(loadSiteData({ posts: [post!.slug] })).toBe(forItsPage);
        utimesSync(file, atime, new Date(mtime.getTime() + 2000));
        expect(loadSiteData({ posts: 'all' }), 'the generator').not.toBe(forItsPage);
      } finally {
        utimesSync(file, atime, mtime);
        if (drafts === undefined) delete process.env.BLOG_DRAFTS;
        else process.env.BLOG_DRAFTS = drafts;
      }
    },
  );
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
