/**
 * The blog, on the fixture site (tests/support/fixture-site.ts: thirteen published posts, eleven
 * of them SEO, and a draft): posts, listings and their pages, drafts, feeds, structured data and
 * the sitemap, and every check a content page passes. The shipped site has no published post:
 * its /blog and categories stay the specification's under-construction pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { FULL_POST, FIXTURE_PAGES, POSTS, fixtureSite, type FixtureSite } from '../support/fixture-site';
import { startServe } from '../support/hosts';
import {
  brokenLinks,
  glyphsOutside,
  htmlErrors,
  invalidUrls,
  selfHostedRanges,
} from '../support/page-checks';
import type { RunningServer } from '../support/server';
import { pageFor, routes, site, textOf } from '../support/site';

let fixture: FixtureSite;
beforeAll(async () => {
  fixture = await fixtureSite();
}, 300_000);

/** The fixture's posts as their front matter says, newest first; the draft apart. */
const front = (slug: string) => {
  const [, yaml = ''] = /^---\n([\s\S]*?)\n---/.exec(POSTS[slug]!) ?? [];
  return YAML.parse(yaml, { schema: 'core' }) as Record<string, string | boolean | undefined>;
};
const SLUGS = Object.keys(POSTS);
const PUBLISHED = SLUGS.filter((slug) => front(slug).draft !== true).sort((a, b) =>
  String(front(b).date).localeCompare(String(front(a).date)),
);
const DRAFT = SLUGS.find((slug) => front(slug).draft === true)!;

const page = (route: string) => fixture.page(route);
const meta = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content');
/** The slugs a listing page lists, in order. */
const listed = (route: string) =>
  [...page(route).querySelectorAll('.ds-post-card__link')].map((link) =>
    link.getAttribute('href')!.slice('/blog/'.length),
  );
/** The page's JSON-LD graph. */
const graph = (document: Document) =>
  (
    JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent) as {
      '@graph': Record<string, unknown>[];
    }
  )['@graph'];

describe('a post', () => {
  const post = () => page(`/blog/${FULL_POST}`);

  it('shows its title as the h1, its dates as <time>, its reading time, category and breadcrumbs', () => {
    const { title, date, updated } = front(FULL_POST);
    expect(textOf(post().querySelector('h1'))).toBe(title);
    expect(post().querySelectorAll('h1')).toHaveLength(1);
    const times = [...post().querySelectorAll('.ds-post__meta time')].map((time) =>
      time.getAttribute('datetime'),
    );
    expect(times).toEqual([date, updated]);
    expect(textOf(post().querySelector('.ds-post__meta'))).toMatch(/\d+ min read/);
    expect(post().querySelector('.ds-post__category')?.getAttribute('href')).toBe('/blog/seo');
    const trail = [...post().querySelectorAll('nav[aria-label="Breadcrumb"] li')].map(textOf);
    expect(trail).toEqual(['Home', 'Blog', 'SEO', title]);
  });

  it('has its text, a table, a captioned photo, and contents linking to each of its sections', () => {
    const body = post().querySelector('.ds-post__body')!;
    expect(body.querySelectorAll('table th')).toHaveLength(3);
    expect(textOf(body.querySelector('figure figcaption'))).toBe(
      'A test photo in the text, with its caption.',
    );
    expect(body.querySelector('figure picture img')).not.toBeNull();
    const headings = [...body.querySelectorAll('h2')].map((heading) => heading.id);
    const contents = [...post().querySelectorAll('.ds-toc a')].map((link) => link.getAttribute('href'));
    expect(headings.length).toBeGreaterThanOrEqual(3);
    expect(contents).toEqual(headings.map((id) => `#${id}`));
    // A post with fewer than three sections has none.
    expect(page('/blog/fixture-direct-mail').querySelector('.ds-toc')).toBeNull();
  });

  it('has an author card linking to the member’s card on /about-us/team', () => {
    const card = post().querySelector('.ds-author-card')!;
    expect(textOf(card)).toContain('Kevin Park');
    const href = card.querySelector('a')!.getAttribute('href')!;
    expect(href).toMatch(/^\/about-us\/team#team-kevin-park$/);
    expect(page('/about-us/team').getElementById(href.split('#')[1]!)).not.toBeNull();
  });

  it('links its older and newer posts, up to three related posts of its category, and the contact pages', () => {
    const index = PUBLISHED.indexOf(FULL_POST);
    expect(post().querySelector('a[rel="next"]')?.getAttribute('href')).toBe(`/blog/${PUBLISHED[index - 1]}`);
    expect(post().querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(`/blog/${PUBLISHED[index + 1]}`);
    const related = [...post().querySelectorAll('section .ds-post-card__link')].map((link) =>
      link.getAttribute('href'),
    );
    expect(related).toHaveLength(3);
    for (const href of related) expect(front(href!.slice('/blog/'.length)).category).toBe('seo');
    const cta = [...post().querySelectorAll('.ds-cta a')].map((link) => link.getAttribute('href'));
    expect(cta).toEqual(['/contact', '/contact/book-call']);
  });

  it('places its photos as pictures, its cover first at high priority', () => {
    const cover = post().querySelector('.ds-post__cover picture img')!;
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(cover.getAttribute('alt')).toBe(front(FULL_POST).coverAlt);
    expect(cover.hasAttribute('loading')).toBe(false);
    // The text's photos follow, lazily, at the column's width like the cover.
    const inText = post().querySelector('.ds-post__body picture img')!;
    expect(inText.getAttribute('loading')).toBe('lazy');
    const sizesOf = (picture: string) =>
      post().querySelector(`${picture} picture source`)!.getAttribute('sizes');
    expect(sizesOf('.ds-post__body')).toBe(sizesOf('.ds-post__cover'));
    expect(sizesOf('.ds-post__cover')).toMatch(/^\(min-width: 49em\) 46rem,/);
  });

  it('carries BlogPosting and BreadcrumbList data, and og: and twitter: tags with its cover', () => {
    const nodes = graph(post());
    const article = nodes.find((node) => node['@type'] === 'BlogPosting')!;
    expect(article).toMatchObject({
      headline: front(FULL_POST).title,
      datePublished: front(FULL_POST).date,
      dateModified: front(FULL_POST).updated,
      url: `${site.url}/blog/${FULL_POST}`,
      author: { '@type': 'Person', name: 'Kevin Park', url: `${site.url}/about-us/team#team-kevin-park` },
    });
    expect(nodes.find((node) => node['@type'] === 'BreadcrumbList')).toBeDefined();
    const image = meta(post(), 'meta[property="og:image"]')!;
    expect(image).toMatch(new RegExp(`^${site.url}/share/fixture-cover-1\\.jpg$`));
    expect(article.image).toBe(image);
    expect(meta(post(), 'meta[name="twitter:image"]')).toBe(image);
    expect(meta(post(), 'meta[property="og:type"]')).toBe('article');
    expect(existsSync(path.join(fixture.dist, new URL(image).pathname))).toBe(true);
  });
});

describe('listings', () => {
  it('/blog lists every published post, newest first, ten a page', () => {
    expect([...listed('/blog'), ...listed('/blog/page/2')]).toEqual(PUBLISHED);
    expect(listed('/blog')).toHaveLength(10);
  });

  it('/blog/seo lists the SEO posts over two pages; a category without posts stays under construction', () => {
    const seo = PUBLISHED.filter((slug) => front(slug).category === 'seo');
    expect([...listed('/blog/seo'), ...listed('/blog/seo/page/2')]).toEqual(seo);
    for (const empty of ['/blog/marketing-tips', '/blog/industry-news']) {
      expect(page(empty).querySelector('.ds-placeholder')).not.toBeNull();
      expect(meta(page(empty), 'meta[name="robots"]')).toBe('noindex');
    }
  });

  it.each(['/blog', '/blog/page/2', '/blog/seo', '/blog/seo/page/2'])(
    '%s has its own title, description, canonical and pages',
    (route) => {
      const document = page(route);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${site.url}${route}`,
      );
      expect(meta(document, 'meta[name="robots"]')).toBeUndefined();
      const pages = textOf(document.querySelector('.ds-post-list__pages'));
      expect(pages).toMatch(route.endsWith('/page/2') ? /Page 2 of 2/ : /Page 1 of 2/);
    },
  );

  it('gives every listing page a title and description of its own', () => {
    const routesListed = ['/blog', '/blog/page/2', '/blog/seo', '/blog/seo/page/2'];
    const titles = routesListed.map((route) => page(route).title);
    const descriptions = routesListed.map((route) => meta(page(route), 'meta[name="description"]'));
    expect(new Set(titles).size).toBe(4);
    expect(new Set(descriptions).size).toBe(4);
  });
});

describe('drafts', () => {
  it('are not built, listed, in the sitemap or in a feed', () => {
    expect(existsSync(path.join(fixture.dist, `blog/${DRAFT}.html`))).toBe(false);
    expect(SLUGS.flatMap((slug) => [slug]).filter((slug) => listed('/blog').includes(slug))).not.toContain(
      DRAFT,
    );
    for (const file of ['sitemap.xml', 'feed.xml', 'blog/marketing-tips/feed.xml']) {
      const full = path.join(fixture.dist, file);
      if (existsSync(full)) expect(readFileSync(full, 'utf8'), file).not.toContain(DRAFT);
    }
  });
});

describe('feeds', () => {
  interface Entry {
    id: string;
    title: string;
    updated: string;
    published: string;
    summary: string;
    author: { name: string };
    content: { '#text': string; '@_type': string };
  }
  /** A feed, checked to be well-formed XML, then parsed. */
  const feed = (file: string) => {
    const xml = readFileSync(path.join(fixture.dist, file), 'utf8');
    expect(SyntaxValidator.validate(xml), `${file} is well-formed XML`).toBe(true);
    return (
      new XMLParser({ ignoreAttributes: false, isArray: (name) => ['entry', 'link'].includes(name) }).parse(
        xml,
      ) as {
        feed: {
          '@_xmlns': string;
          id: string;
          title: string;
          updated: string;
          link: { '@_rel'?: string; '@_href': string }[];
          entry: Entry[];
        };
      }
    ).feed;
  };

  it.each([
    ['feed.xml', PUBLISHED],
    ['blog/seo/feed.xml', PUBLISHED.filter((slug) => front(slug).category === 'seo')],
    ['blog/lead-generation/feed.xml', PUBLISHED.filter((slug) => front(slug).category === 'lead-generation')],
  ])(
    '%s is an Atom feed of its posts, newest first, their full text and every address absolute',
    (file, slugs) => {
      const atom = feed(file);
      expect(atom['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      for (const required of ['id', 'title', 'updated'] as const)
        expect(atom[required], required).toBeTruthy();
      expect(atom.link.find((link) => link['@_rel'] === 'self')?.['@_href']).toBe(`${site.url}/${file}`);
      expect(atom.entry.map((entry) => entry.id)).toEqual(
        slugs.slice(0, 20).map((slug) => `${site.url}/blog/${slug}`),
      );
      for (const entry of atom.entry) {
        for (const required of ['title', 'updated', 'published', 'summary'] as const)
          expect(entry[required], required).toBeTruthy();
        expect(entry.author.name).toBeTruthy();
        expect(entry.content['@_type']).toBe('html');
        const html = entry.content['#text'];
        expect(html.length).toBeGreaterThan(50);
        // No address a feed reader cannot resolve: every src and href is absolute, or a fragment.
        const relative =
          /(?:src|href)="(?!https?:|#|mailto:)[^"]*"|(?:src|href)=(?!["']|https?:|#|mailto:)[^ >]+/g;
        expect(html.match(relative) ?? []).toEqual([]);
        expect(html).not.toMatch(/<picture|ds-post__anchor/);
      }
    },
  );

  it('no category without posts has a feed, and the shipped site has none at all', () => {
    expect(existsSync(path.join(fixture.dist, 'blog/marketing-tips/feed.xml'))).toBe(false);
    expect(existsSync(path.join(fixture.root, '../feed.xml'))).toBe(false);
  });

  it('are advertised only where posts are: a post and a listing with posts, not another page', () => {
    const alternates = (document: Document) =>
      [...document.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((link) =>
        link.getAttribute('href'),
      );
    expect(alternates(page(`/blog/${FULL_POST}`))).toEqual([
      `${site.url}/feed.xml`,
      `${site.url}/blog/seo/feed.xml`,
    ]);
    expect(alternates(page('/blog'))).toEqual([`${site.url}/feed.xml`]);
    expect(alternates(page('/blog/marketing-tips'))).toEqual([]);
    expect(alternates(page('/pricing'))).toEqual([]);
    for (const route of routes) expect(alternates(pageFor(route.path)), `shipped ${route.path}`).toEqual([]);
  });
});

describe('the sitemap', () => {
  it('lists every post with its lastmod, and the listings with posts, but no draft nor empty category', () => {
    const sitemap = readFileSync(path.join(fixture.dist, 'sitemap.xml'), 'utf8');
    for (const slug of PUBLISHED) {
      const { date, updated } = front(slug);
      expect(sitemap).toContain(`<loc>${site.url}/blog/${slug}</loc><lastmod>${updated ?? date}</lastmod>`);
    }
    for (const route of ['/blog', '/blog/page/2', '/blog/seo', '/blog/seo/page/2'])
      expect(sitemap).toContain(`<loc>${site.url}${route}</loc>`);
    expect(sitemap).not.toContain('/blog/marketing-tips<');
  });
});

describe('every post and listing passes what a content page passes', () => {
  const files = () =>
    FIXTURE_PAGES.filter((route) => route.startsWith('/blog')).map((route) =>
      path.join(fixture.dist, `${route.slice(1)}.html`),
    );

  it('a <title> of at most 60 characters, a description, a canonical and og: tags', () => {
    for (const route of FIXTURE_PAGES.filter((pathname) => pathname.startsWith('/blog'))) {
      const document = page(route);
      expect(document.title.length, route).toBeLessThanOrEqual(60);
      expect(meta(document, 'meta[name="description"]')?.length, route).toBeGreaterThan(20);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href'), route).toBe(
        `${site.url}${route}`,
      );
      expect(meta(document, 'meta[property="og:title"]'), route).toBe(document.title);
    }
  });

  it('valid HTML', async () => {
    for (const file of files()) expect(await htmlErrors(file), file).toEqual([]);
  });

  it('valid URLs, and every character in the site’s font', () => {
    expect(invalidUrls(files(), fixture.dist)).toEqual([]);
    expect(glyphsOutside(files(), selfHostedRanges(fixture.dist), fixture.dist)).toEqual({});
  });

  it('no inline style or script but the ones the CSP allows by hash', () => {
    for (const file of files()) {
      const html = readFileSync(file, 'utf8');
      expect(html, file).not.toMatch(/\sstyle=|\son[a-z]+=/i);
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes);
      for (const attributes of scripts)
        expect(attributes, file).toMatch(/type=(importmap|module|application\/ld\+json)/);
    }
  });

  describe('served', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServe(fixture.root);
    });
    afterAll(() => server.stop());

    it('every internal link, photo and #fragment resolves', async () => {
      const { broken } = await brokenLinks(
        server.url,
        FIXTURE_PAGES.filter((route) => route.startsWith('/blog')),
      );
      expect(broken).toEqual([]);
    }, 120_000);
  });
});
