import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import posthtml from 'posthtml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedPartials } from '../../scripts/build/posthtml-site/shared-partials.cjs';

describe('partials shared between pages', () => {
  let root: string;
  // Every file is written with the same whole-second modification time, so that a test can
  // rewrite one and leave it looking unchanged.
  const written = new Date('2026-01-01T00:00:00Z');
  const write = (file: string, html: string) => {
    writeFileSync(path.join(root, file), html);
    utimesSync(path.join(root, file), written, written);
  };

  /** Runs the page's include pass alone: every include expanded, the shared ones from the cache. */
  function render(html: string, pageTitle: string, siteData: object) {
    const locals = { site: { name: 'Agency' }, page: { title: pageTitle } };
    const options = { root, posthtmlExpressionsOptions: { locals, strictMode: true } };
    // With `sync`, process() returns its result rather than the promise its types describe.
    const result = posthtml([sharedPartials(options, siteData)]).process(html, { sync: true }) as unknown as {
      html: string;
      messages: { type: string; file?: string }[];
    };
    const dependencies = result.messages.flatMap((message) =>
      message.type === 'dependency' && message.file ? [path.basename(message.file)] : [],
    );
    return { html: result.html, dependencies };
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'shared-partials-'));
    write('footer.html', '<footer>{{ site.name }} <include src="icon.html"></include></footer>');
    write('icon.html', '<svg>a</svg>');
    write('title.html', '<h1>{{ page.title }}</h1>');
    write('hero.html', '<div><include src="title.html"></include></div>');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('expands a partial that reads nothing of the page, with the files it came from as dependencies', () => {
    const siteData = {};
    for (const title of ['Home', 'Pricing']) {
      const { html, dependencies } = render('<include src="footer.html"></include>', title, siteData);
      expect(html).toBe('<footer>Agency <svg>a</svg></footer>');
      expect(dependencies.sort()).toEqual(['footer.html', 'icon.html']);
    }
  });

  it('expands a partial that reads the page, or includes one that does, for each page', () => {
    const siteData = {};
    for (const partial of ['title.html', 'hero.html']) {
      const include = `<include src="${partial}"></include>`;
      expect(render(include, 'Home', siteData).html).toContain('<h1>Home</h1>');
      expect(render(include, 'Pricing', siteData).html).toContain('<h1>Pricing</h1>');
    }
  });

  it('shares a partial included by one that reads the page, with its files as dependencies', () => {
    const siteData = {};
    write('card.html', '<article>{{ page.title }} <include src="icon.html"></include></article>');
    const include = '<include src="card.html"></include>';
    expect(render(include, 'Home', siteData).html).toBe('<article>Home <svg>a</svg></article>');
    // Same size and modification time: the icon comes from the cache, the page's title afresh.
    write('icon.html', '<svg>b</svg>');
    const { html, dependencies } = render(include, 'Pricing', siteData);
    expect(html).toBe('<article>Pricing <svg>a</svg></article>');
    expect(dependencies.sort()).toEqual(['card.html', 'icon.html']);
  });

  it('renders once while its files and the site data are unchanged, and afresh after an edit', () => {
    const siteData = {};
    const include = '<include src="footer.html"></include>';
    render(include, 'Home', siteData);

    // Same size and modification time: the kept result is used, so the new text does not show.
    write('icon.html', '<svg>b</svg>');
    expect(render(include, 'Pricing', siteData).html).toBe('<footer>Agency <svg>a</svg></footer>');

    // A nested partial edited (a later modification time): rendered afresh.
    const later = new Date(written.getTime() + 1000);
    utimesSync(path.join(root, 'icon.html'), later, later);
    expect(render(include, 'Pricing', siteData).html).toBe('<footer>Agency <svg>b</svg></footer>');

    // New site data: rendered afresh although no partial changed.
    write('footer.html', '<footer>{{ site.name }}!<include src="icon.html"></include></footer>');
    expect(render(include, 'Pricing', {}).html).toContain('Agency!');
  });
});
