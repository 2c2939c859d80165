/**
 * The blog as the tree has it, whatever that is: no post yet (the shipped tree: /blog and its
 * categories are the specification's under-construction pages), one, or the grown tree's dozen.
 * Each check reads the posts' files itself (tests/support/posts.ts) and asserts what must hold for
 * any of them: pages, listings, drafts and scheduled posts, feeds, structured data, the sitemap.
 * What every page gets (valid HTML, links, glyphs, the CSP's limits) covers the posts too.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { publishedSources, publishedUpTo, sources, type PostSource } from '../support/posts';
import { DIST, blog, exercised, pageFor, pages, routes, site, textOf } from '../support/site';

const CATEGORIES = routes.filter((route) => /^\/blog\/[^/]+$/.test(route.path));
const LISTINGS = [routes.find((route) => route.path === '/blog')!, ...CATEGORIES];
const categoryOf = (post: PostSource) => `/blog/${post.category}`;
/** The published posts a listing lists, newest first. */
const postsOf = (listing: string) =>
  publishedSources.filter((post) => listing === '/blog' || categoryOf(post) === listing);
const meta = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content');
/** The page's JSON-LD graph. */
const graph = (document: Document) =>
  (
    JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent) as {
      '@graph': Record<string, unknown>[];
    }
  )['@graph'];
/** The slugs a listing page lists, in order. */
const listed = (route: string) =>
  [...pageFor(route).querySelectorAll('.ds-post-card__link')].map((link) =>
    link.getAttribute('href')!.slice('/blog/'.length),
  );
/** A listing's pages, first to last: /blog, /blog/page/2, … */
const pagesOf = (listing: string) => [
  listing,
  ...pages.filter((page) => page.path.startsWith(`${listing}/page/`)).map((page) => page.path),
];
const post = (source: PostSource) => pageFor(`/blog/${source.slug}`);
const PUBLISHED = exercised(publishedSources, 'published post');
/** The site's time zone's offset at an instant, "-05:00". */
const offsetAt = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: site.timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')!
    .value.replace(/^GMT$/, 'GMT+00:00')
    .slice(3);
/**
 * The start of a day in the site's time zone, with its offset, as a post's structured data must
 * say it: the offset, of those the zone has around that day, at which local midnight is that offset.
 */
function startOfDay(day: string) {
  const around = [-1, 0, 1].map((days) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000));
  const offsets = [...new Set(around.map(offsetAt))];
  const offset = offsets.find((candidate) => offsetAt(new Date(`${day}T00:00:00${candidate}`)) === candidate);
  return `${day}T00:00:00${offset ?? '?'}`;
}
/** A title as its page shows it. */
const shown = (title: string) => title.replace(/\s+/g, ' ').trim();

describe('a listing without published posts is under construction; one with posts lists them', () => {
  it.each(LISTINGS.map((route) => route.path))('%s', (listing) => {
    const document = pageFor(listing);
    const feed = path.join(DIST, listing === '/blog' ? 'feed.xml' : `${listing.slice(1)}/feed.xml`);
    if (postsOf(listing).length === 0) {
      expect(
        document.querySelector('.ds-placeholder'),
        `${listing} has no post: under construction`,
      ).not.toBeNull();
      expect(meta(document, 'meta[name="robots"]')).toBe('noindex');
      expect(existsSync(feed), `${listing} has no post: no feed`).toBe(false);
      return;
    }
    expect(document.querySelector('.ds-placeholder')).toBeNull();
    expect(meta(document, 'meta[name="robots"]')).toBeUndefined();
    expect(existsSync(feed), `${listing}'s feed`).toBe(true);
    // Newest first, ten a page, over its pages.
    const all = pagesOf(listing).flatMap(listed);
    expect(all).toEqual(postsOf(listing).map((source) => source.slug));
    for (const page of pagesOf(listing)) expect(listed(page).length, page).toBeLessThanOrEqual(10);
  });
});

describe('every listing page with posts', () => {
  const listingPages = exercised(
    pages.filter((page) => page.kind === 'listing'),
    'listing with posts',
  );
  const paged = exercised(
    listingPages.filter((page) => pagesOf(page.path.replace(/\/page\/\d+$/, '')).length > 1),
    'listing of more than one page',
  );

  it('has a title and description of its own, its canonical, and its breadcrumbs as data', () => {
    expect(new Set(listingPages.map((page) => pageFor(page.path).title)).size).toBe(listingPages.length);
    for (const page of listingPages) {
      const document = pageFor(page.path);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href'), page.path).toBe(
        `${site.url}${page.path}`,
      );
      const trail = [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map(textOf);
      const data = graph(document).find((node) => node['@type'] === 'BreadcrumbList') as
        { itemListElement: { name: string; item: string }[] } | undefined;
      expect(trail[0], `${page.path}: its visible breadcrumbs`).toBe('Home');
      expect(
        data?.itemListElement.map((item) => item.name),
        `${page.path}: its BreadcrumbList`,
      ).toEqual(trail);
      expect(data?.itemListElement.at(-1)?.item).toBe(`${site.url}${page.path}`);
    }
  });

  it('links the pages before and after it, and says which page it is', () => {
    for (const page of paged) {
      const listing = page.path.replace(/\/page\/\d+$/, '');
      const all = pagesOf(listing);
      const index = all.indexOf(page.path);
      const document = pageFor(page.path);
      expect(textOf(document.querySelector('.ds-post-list__pages')), page.path).toContain(
        `Page ${index + 1} of ${all.length}`,
      );
      expect(document.querySelector('.ds-post-list__pages a[rel="prev"]')?.getAttribute('href') ?? null).toBe(
        all[index - 1] ?? null,
      );
      expect(document.querySelector('.ds-post-list__pages a[rel="next"]')?.getAttribute('href') ?? null).toBe(
        all[index + 1] ?? null,
      );
    }
  });

  it('gives every card the same parts, a cover or a panel in its place', () => {
    for (const page of listingPages)
      for (const card of pageFor(page.path).querySelectorAll('.ds-post-card'))
        expect(card.querySelector('.ds-post-card__cover'), page.path).not.toBeNull();
  });

  it('loads the first card’s cover at once, at high priority (the largest image at first paint), and the others lazily', () => {
    for (const page of listingPages) {
      const covers = [...pageFor(page.path).querySelectorAll('.ds-post-card')].map((card) =>
        card.querySelector('picture img'),
      );
      covers.forEach((cover, index) => {
        if (!cover) return; // a card without a cover has a panel
        const where = `${page.path}, card ${index + 1}`;
        expect(cover.getAttribute('fetchpriority'), where).toBe(index === 0 ? 'high' : null);
        expect(cover.getAttribute('loading'), where).toBe(index === 0 ? null : 'lazy');
      });
    }
  });
});

describe('drafts and posts dated after the build’s day', () => {
  const unpublished = sources.filter((source) => source.draft || source.scheduled);

  it('are neither built, listed, in the sitemap nor in a feed', () => {
    exercised(
      sources.filter((source) => source.draft),
      'draft',
    );
    exercised(
      sources.filter((source) => source.scheduled),
      `post dated after the build's day (${publishedUpTo})`,
    );
    const sitemap = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
    const feeds = LISTINGS.map((route) =>
      path.join(DIST, route.path === '/blog' ? 'feed.xml' : `${route.path.slice(1)}/feed.xml`),
    ).filter((file) => existsSync(file));
    for (const source of unpublished) {
      const where = `${source.file} (${source.draft ? 'a draft' : `dated ${source.date}`})`;
      expect(existsSync(path.join(DIST, `blog/${source.slug}.html`)), where).toBe(false);
      for (const listing of LISTINGS) expect(listed(listing.path), where).not.toContain(source.slug);
      expect(sitemap, where).not.toContain(`/blog/${source.slug}<`);
      for (const feed of feeds)
        expect(readFileSync(feed, 'utf8'), where).not.toContain(`/blog/${source.slug}`);
    }
  });
});

describe('every published post', () => {
  it('shows its title as its one h1, its dates as <time>, its reading time, category and breadcrumbs', () => {
    for (const source of PUBLISHED) {
      const document = post(source);
      const where = source.file;
      expect(textOf(document.querySelector('h1')), where).toBe(shown(source.title));
      expect(document.querySelectorAll('h1'), where).toHaveLength(1);
      const times = [...document.querySelectorAll('.ds-post__meta time')].map((time) =>
        time.getAttribute('datetime'),
      );
      expect(times, where).toEqual(source.updated ? [source.date, source.updated] : [source.date]);
      expect(textOf(document.querySelector('.ds-post__meta')), where).toMatch(/\d+ min read/);
      expect(document.querySelector('.ds-post__category')?.getAttribute('href'), where).toBe(
        categoryOf(source),
      );
      const trail = [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map(textOf);
      const category = routes.find((route) => route.path === categoryOf(source))!;
      expect(trail, where).toEqual(['Home', 'Blog', category.label, shown(source.title)]);
    }
  });

  it('has contents when it has three sections or more, each entry typeset as its heading and numbered once', () => {
    const withContents = exercised(
      PUBLISHED.filter((source) => post(source).querySelectorAll('.ds-post__body h2').length >= 3),
      'post with contents',
    );
    exercised(
      withContents.filter((source) => /^##\s+\d+[.)]\s/m.test(source.body)),
      'post whose headings number themselves',
    );
    for (const source of PUBLISHED) {
      const document = post(source);
      const headings = [...document.querySelectorAll('.ds-post__body h2')];
      const entries = [...document.querySelectorAll('.ds-toc a')];
      if (headings.length < 3) {
        expect(document.querySelector('.ds-toc'), source.file).toBeNull();
        continue;
      }
      expect(
        entries.map((entry) => entry.getAttribute('href')),
        source.file,
      ).toEqual(headings.map((heading) => `#${heading.id}`));
      // The heading's own text, curly quotes and all, not its Markdown.
      expect(entries.map(textOf), source.file).toEqual(headings.map(textOf));
      const numbered = headings.some((heading) => /^\d+[.)]\s/.test(textOf(heading)));
      const list = document.querySelector('.ds-toc ol')!;
      expect(
        list.classList.contains('ds-toc__list--plain'),
        `${source.file}: numbered headings are not numbered again`,
      ).toBe(numbered);
    }
  });

  it('puts each table in a labelled region that takes the focus, its columns aligned by class as written', () => {
    const withTables = exercised(
      PUBLISHED.filter((source) => /^\s*\|?\s*:?-{3,}:?\s*\|/m.test(source.body)),
      'post with a table',
    );
    exercised(
      withTables.filter((source) => /^\s*\|?.*(:-{3,}|-{3,}:)/m.test(source.body)),
      'table with aligned columns',
    );
    exercised(
      PUBLISHED.filter((source) => post(source).querySelector('.ds-post__body td.ds-post__cell--prose')),
      'table with a cell of prose, which wraps',
    );
    for (const source of PUBLISHED) {
      const tables = [...post(source).querySelectorAll('.ds-post__body table')];
      // The Markdown's separator rows, in order: each column's alignment.
      const written = [
        ...source.body.matchAll(/^\s*\|?((?:\s*:?-{3,}:?\s*\|)+\s*:?-{3,}:?\s*)\|?\s*$/gm),
      ].map(([, row]) =>
        row!.split('|').map((cell) => {
          const trimmed = cell.trim();
          if (trimmed.startsWith(':') && trimmed.endsWith(':')) return 'center';
          if (trimmed.endsWith(':')) return 'right';
          if (trimmed.startsWith(':')) return 'left';
          return undefined;
        }),
      );
      expect(tables, source.file).toHaveLength(written.length);
      tables.forEach((table, index) => {
        // A named <section>: a region landmark.
        const region = table.parentElement!;
        expect(region.tagName, source.file).toBe('SECTION');
        expect(region.getAttribute('aria-label'), source.file).toBeTruthy();
        expect(region.getAttribute('tabindex'), source.file).toBe('0');
        const heads = [...table.querySelectorAll('th')];
        heads.forEach((head, column) => {
          const align = written[index]![column];
          const classes = [...head.classList].filter((name) => name.startsWith('ds-post__cell--'));
          expect(classes, `${source.file}: table ${index + 1}, column ${column + 1}`).toEqual(
            align ? [`ds-post__cell--${align}`] : [],
          );
        });
        expect(table.querySelector('[style]'), source.file).toBeNull();
      });
    }
  });

  it('keeps each code block’s lines, in a block the keyboard can scroll', () => {
    exercised(
      PUBLISHED.filter((source) => /^```/m.test(source.body)),
      'post with a code block',
    );
    for (const source of PUBLISHED) {
      const blocks = [...post(source).querySelectorAll('.ds-post__body pre')];
      expect(blocks.length, source.file).toBe([...source.body.matchAll(/^```/gm)].length / 2);
      for (const block of blocks) expect(block.getAttribute('tabindex'), source.file).toBe('0');
    }
  });

  it('shows a captioned photo as a figure of its own, never in a paragraph, and leaves no empty paragraph', () => {
    exercised(
      PUBLISHED.filter((source) => /!\[[^\]]+\]\([^)\s]+ ['"][^'"]+['"]\)/.test(source.body)),
      'post with a captioned photo',
    );
    for (const source of PUBLISHED) {
      const body = post(source).querySelector('.ds-post__body')!;
      for (const figure of body.querySelectorAll('figure')) {
        expect(figure.closest('p'), source.file).toBeNull();
        expect(figure.querySelector('figcaption picture, picture'), source.file).not.toBeNull();
      }
      const empty = [...body.querySelectorAll('p')].filter((paragraph) => paragraph.innerHTML.trim() === '');
      expect(empty, `${source.file}: empty paragraphs`).toHaveLength(0);
    }
  });

  it('places its cover first, at high priority, and the photos of its text lazily, as wide as the column', () => {
    exercised(
      PUBLISHED.filter((source) => source.cover),
      'post with a cover',
    );
    for (const source of PUBLISHED) {
      const document = post(source);
      const cover = document.querySelector('.ds-post__cover picture img');
      if (!source.cover) {
        expect(cover, source.file).toBeNull();
        continue;
      }
      expect(cover?.getAttribute('fetchpriority'), source.file).toBe('high');
      expect(cover?.getAttribute('alt'), source.file).toBe(source.coverAlt);
      expect(cover?.hasAttribute('loading'), source.file).toBe(false);
      const sizes = document.querySelector('.ds-post__cover picture source')!.getAttribute('sizes');
      for (const photo of document.querySelectorAll('.ds-post__body picture')) {
        expect(photo.querySelector('img')!.getAttribute('loading'), source.file).toBe('lazy');
        expect(photo.querySelector('source')!.getAttribute('sizes'), source.file).toBe(sizes);
      }
    }
  });

  it('has an author card linking to the member’s card on /about-us/team', () => {
    const team = pageFor('/about-us/team');
    for (const source of PUBLISHED) {
      const card = post(source).querySelector('.ds-author-card')!;
      expect(textOf(card), source.file).toContain(source.author);
      const href = card.querySelector('a')!.getAttribute('href')!;
      expect(href, source.file).toMatch(/^\/about-us\/team#team-[a-z0-9-]+$/);
      expect(team.getElementById(href.split('#')[1]!), `${source.file}: ${href}`).not.toBeNull();
    }
  });

  it('links the posts before and after it, when it has one, and up to three newer posts of its category', () => {
    for (const [index, source] of PUBLISHED.entries()) {
      const document = post(source);
      const newer = PUBLISHED[index - 1];
      const older = PUBLISHED[index + 1];
      const nav = document.querySelector('nav.ds-post__neighbours');
      expect(Boolean(nav), `${source.file}: a neighbours navigation only with a neighbour`).toBe(
        Boolean(newer ?? older),
      );
      expect(document.querySelector('a[rel="next"]')?.getAttribute('href') ?? null, source.file).toBe(
        newer ? `/blog/${newer.slug}` : null,
      );
      expect(document.querySelector('a[rel="prev"]')?.getAttribute('href') ?? null, source.file).toBe(
        older ? `/blog/${older.slug}` : null,
      );
      const related = [...document.querySelectorAll('section .ds-post-card__link')].map((link) =>
        link.getAttribute('href')!.slice('/blog/'.length),
      );
      expect(related, source.file).toEqual(
        PUBLISHED.filter((other) => other.category === source.category && other !== source)
          .slice(0, 3)
          .map((other) => other.slug),
      );
    }
  });

  it('carries BlogPosting data with an image and dates with a time and zone, and share tags', () => {
    for (const source of PUBLISHED) {
      const document = post(source);
      const nodes = graph(document);
      const article = nodes.find((node) => node['@type'] === 'BlogPosting')!;
      expect(article, source.file).toMatchObject({
        headline: shown(source.title),
        url: `${site.url}/blog/${source.slug}`,
        datePublished: startOfDay(source.date),
        dateModified: startOfDay(source.updated ?? source.date),
        author: { '@type': 'Person', name: source.author },
      });
      expect(
        nodes.some((node) => node['@type'] === 'BreadcrumbList'),
        source.file,
      ).toBe(true);
      const image = meta(document, 'meta[property="og:image"]')!;
      expect(article.image, `${source.file}: its image is its share image`).toBe(image);
      expect(meta(document, 'meta[name="twitter:image"]'), source.file).toBe(image);
      expect(meta(document, 'meta[property="og:type"]'), source.file).toBe('article');
      expect(image, source.file).toMatch(
        source.cover ? new RegExp(`^${site.url}/.+\\.jpg$`) : new RegExp(`^${site.url}${site.shareImage}$`),
      );
      expect(existsSync(path.join(DIST, new URL(image).pathname)), image).toBe(true);
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
    link: { '@_rel'?: string; '@_href': string; '@_type'?: string; '@_length'?: string }[];
    content: { '#text': string; '@_type': string };
  }
  /** A feed, checked to be well-formed XML, then parsed. */
  const feed = (file: string) => {
    const xml = readFileSync(path.join(DIST, file), 'utf8');
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
  const withPosts = LISTINGS.filter((route) => postsOf(route.path).length > 0).map(
    (route) => [route.path === '/blog' ? 'feed.xml' : `${route.path.slice(1)}/feed.xml`, route.path] as const,
  );

  it.each(exercised(withPosts, 'listing with a feed'))(
    '%s is an Atom feed of its posts, newest first, with their full text, every address absolute',
    (file, listing) => {
      const atom = feed(file);
      expect(atom['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      for (const required of ['id', 'title', 'updated'] as const)
        expect(atom[required], required).toBeTruthy();
      expect(atom.link.find((link) => link['@_rel'] === 'self')?.['@_href']).toBe(`${site.url}/${file}`);
      expect(atom.entry.map((entry) => entry.id)).toEqual(
        postsOf(listing)
          .slice(0, 20)
          .map((source) => `${site.url}/blog/${source.slug}`),
      );
      for (const entry of atom.entry) {
        for (const required of ['title', 'updated', 'published', 'summary'] as const)
          expect(entry[required], required).toBeTruthy();
        expect(entry.author.name).toBeTruthy();
        expect(entry.content['@_type']).toBe('html');
        const html = entry.content['#text'];
        // No address a feed reader cannot resolve: every src and href is absolute, or a fragment.
        const relative =
          /(?:src|href)="(?!https?:|#|mailto:)[^"]*"|(?:src|href)=(?!["']|https?:|#|mailto:)[^ >]+/g;
        expect(html.match(relative) ?? [], entry.id).toEqual([]);
        expect(html, entry.id).not.toMatch(/<picture|ds-post__anchor|<p>\s*<\/p>/);
        // A photo says its own file's size.
        for (const [img] of html.matchAll(/<img [^>]*>/g)) {
          const src = /src="([^"]+)"/.exec(img)![1]!;
          const { width, height } = imageSize(readFileSync(path.join(DIST, new URL(src).pathname)));
          expect(img, entry.id).toContain(`width="${width}"`);
          expect(img, entry.id).toContain(`height="${height}"`);
        }
        // Its cover, as an enclosure of its own type and length.
        for (const link of entry.link.filter((candidate) => candidate['@_rel'] === 'enclosure')) {
          const file = path.join(DIST, new URL(link['@_href']).pathname);
          const type = {
            '.jpg': 'image/jpeg',
            '.png': 'image/png',
            '.webp': 'image/webp',
            '.avif': 'image/avif',
          }[path.extname(file)];
          expect(link['@_type'], link['@_href']).toBe(type);
          expect(Number(link['@_length']), link['@_href']).toBe(statSync(file).size);
        }
      }
    },
  );

  it('are advertised where posts are, a post and a listing with posts, and nowhere else', () => {
    for (const page of pages) {
      const alternates = [
        ...pageFor(page.path).querySelectorAll('link[rel="alternate"][type="application/atom+xml"]'),
      ].map((link) => link.getAttribute('href'));
      if (page.kind === 'post')
        expect(alternates, page.path).toEqual([
          `${site.url}/feed.xml`,
          `${site.url}${page.post!.categoryPath}/feed.xml`,
        ]);
      else if (page.kind === 'listing') expect(alternates.length, page.path).toBe(1);
      else expect(alternates, page.path).toEqual([]);
    }
  });
});

describe('the sitemap', () => {
  it('lists every published post with its lastmod, never after the build’s day, and every listing page with posts', () => {
    const sitemap = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
    for (const source of publishedSources) {
      const lastmod = source.updated ?? source.date;
      expect(lastmod <= publishedUpTo, `${source.file}: lastmod ${lastmod}`).toBe(true);
      expect(sitemap, source.file).toContain(
        `<loc>${site.url}/blog/${source.slug}</loc><lastmod>${lastmod}</lastmod>`,
      );
    }
    for (const page of pages.filter((candidate) => candidate.kind === 'listing'))
      expect(sitemap, page.path).toContain(`<loc>${site.url}${page.path}</loc>`);
    for (const listing of LISTINGS.filter((route) => postsOf(route.path).length === 0))
      expect(sitemap, listing.path).not.toContain(`<loc>${site.url}${listing.path}</loc>`);
  });

  it('agrees with the build’s own list of what it published', () => {
    expect(blog.order).toEqual(publishedSources.map((source) => source.slug));
  });
});
