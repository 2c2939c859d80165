/**
 * When a post goes out: a post dated after the build's day is not published until the first build
 * on or after that day (the deploy builds every day), and `npm run dev` shows it meanwhile,
 * marked as scheduled. On a copy of the site, rendered through the page plugin as of a given day
 * (BUILD_DAY).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { copyOfSite } from '../support/tree-copy';
import { anAuthor } from '../support/posts';

const tree = copyOfSite();
afterAll(() => tree.remove());
tree.write(
  'pages/_posts/year-end-budget.md',
  '---\ntitle: Setting next year’s budget\ndescription: A worksheet for December.\ndate: 2026-12-10\ncategory: seo\nauthor: ' +
    anAuthor() +
    '\n---\n\nStart from contracts.\n',
);

/** Sets an environment variable, or unsets it (undefined). */
function setEnv(name: 'BUILD_DAY' | 'BLOG_DRAFTS', value: string | undefined) {
  if (value === undefined) Reflect.deleteProperty(process.env, name);
  else process.env[name] = value;
}

/** /blog as a build on `day` renders it, with drafts (npm run dev) or without. */
function blogOn(day: string, { drafts = false } = {}): string {
  const saved = { day: process.env.BUILD_DAY, drafts: process.env.BLOG_DRAFTS };
  setEnv('BUILD_DAY', day);
  setEnv('BLOG_DRAFTS', drafts ? '1' : undefined);
  try {
    return tree.render('pages/blog.html');
  } finally {
    setEnv('BUILD_DAY', saved.day);
    setEnv('BLOG_DRAFTS', saved.drafts);
  }
}

describe('a post dated after the build’s day', () => {
  it('is not published by a build the day before: /blog stays as it was', () => {
    const html = blogOn('2026-12-09');
    expect(html).not.toContain('/blog/year-end-budget');
    expect(html).toMatch(/under construction/i);
  });

  it('is published by the build of its day, and every build after', () => {
    for (const day of ['2026-12-10', '2027-01-05'])
      expect(blogOn(day), day).toContain('href="/blog/year-end-budget"');
  });

  it('is shown by npm run dev before its day, marked as scheduled', () => {
    const html = blogOn('2026-12-09', { drafts: true });
    expect(html).toContain('href="/blog/year-end-budget"');
    expect(html).toMatch(/<span class="ds-draft-badge">Scheduled<\/span>/);
  });
});
