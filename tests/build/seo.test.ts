import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIST, builtDocument, pageFor, pages, site, textOf } from '../support/site';

const meta = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content');

interface GraphNode {
  '@type': string;
  logo?: string;
  itemListElement?: { position: number; name: string; item: string }[];
}

/** The page's JSON-LD, parsed (a parse error fails the test). */
function structuredData(document: Document): GraphNode[] {
  const scripts = document.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  const data = JSON.parse(scripts[0]!.textContent) as { '@context': string; '@graph': GraphNode[] };
  expect(data['@context']).toBe('https://schema.org');
  return data['@graph'];
}

describe('SEO metadata', () => {
  it.each(pages)('$path has canonical, Open Graph and Twitter card tags', (page) => {
    const document = pageFor(page.path);
    const url = `${site.url}${page.path}`;
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(document, 'meta[property="og:url"]')).toBe(url);
    expect(meta(document, 'meta[property="og:title"]')).toBe(document.title);
    expect(meta(document, 'meta[property="og:description"]')).toBe(page.description);
    // A post with a cover shares its own card (blog.test.ts); every other page the site's image.
    if (!page.post?.cover)
      expect(meta(document, 'meta[property="og:image"]')).toBe(`${site.url}${site.shareImage}`);
    expect(meta(document, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta(document, 'meta[name="twitter:title"]')).toBe(document.title);
    expect(meta(document, 'meta[name="theme-color"]')).toBe(site.themeColor);
    expect(document.documentElement.lang).toBe('en');
  });

  // Search results cut what is longer: the limits pages/_data/schemas/routes.schema.json states.
  it.each(pages)('$path has a <title> of at most 60 characters and a description of at most 160', (page) => {
    const { title } = pageFor(page.path);
    const where = page.post
      ? `the title and description of ${page.post.file}`
      : `the title and description of "${page.path}" in pages/_data/routes.json`;
    expect(title.length, `${where}: "${title}" is ${title.length} characters`).toBeLessThanOrEqual(60);
    expect(page.description.length, `${where}: the description`).toBeLessThanOrEqual(160);
  });

  it.each(pages)('$path has structured data that matches the visible page', (page) => {
    const document = pageFor(page.path);
    const graph = structuredData(document);
    const types = graph.map((node) => node['@type']);
    expect(types).toContain('Organization');
    expect(types.includes('WebSite')).toBe(page.path === '/');

    // Nested pages, and every page of a blog listing (Home › Blog is two levels).
    const nested = page.path.split('/').length > 2 || page.kind === 'listing';
    const breadcrumbs = graph.find((node) => node['@type'] === 'BreadcrumbList');
    expect(Boolean(breadcrumbs), 'BreadcrumbList on nested pages and listings only').toBe(nested);
    if (breadcrumbs) {
      const visible = [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map(textOf);
      expect(breadcrumbs.itemListElement!.map((item) => item.name)).toEqual(visible);
      expect(breadcrumbs.itemListElement!.at(-1)?.item).toBe(`${site.url}${page.path}`);
      expect(visible.at(-1)).toBe(page.label.replace(/\s+/g, ' ').trim());
    }
  });

  it.each(pages)('$path is indexable exactly when it has content (a listing has posts)', (page) => {
    const robots = meta(pageFor(page.path), 'meta[name="robots"]');
    expect(robots).toBe(page.kind === 'placeholder' ? 'noindex' : undefined);
  });

  it('gives search engines a square logo of at least 112 px, the one every page’s Organization names', async () => {
    const logo = structuredData(pageFor('/')).find((node) => node['@type'] === 'Organization')?.logo;
    expect(logo).toBe(`${site.url}/logo.png`);
    const { width, height, format } = await sharp(path.join(DIST, new URL(logo!).pathname)).metadata();
    expect({ width, height, format }).toEqual({ width: 512, height: 512, format: 'png' });
  });

  it('shares a picture light enough for every social network and chat app (≤ 100 KB)', () => {
    expect(statSync(path.join(DIST, site.shareImage)).size).toBeLessThanOrEqual(100_000);
  });

  it('ships the favicon once, under a hashed name, and every page links that file', () => {
    const favicons = readdirSync(DIST).filter((file) => /^favicon\b.*\.svg$/.test(file));
    expect(favicons).toEqual([expect.stringMatching(/^favicon\.[0-9a-f]{8}\.svg$/)]);
    for (const page of pages)
      expect(pageFor(page.path).querySelector('link[rel="icon"]')?.getAttribute('href'), page.path).toBe(
        `/${favicons[0]}`,
      );
  });

  it('keeps the 404 page out of search results', () => {
    const document = builtDocument(path.join(DIST, '404.html'));
    expect(meta(document, 'meta[name="robots"]')).toBe('noindex');
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
    expect(structuredData(document).map((node) => node['@type'])).toEqual(['Organization']);
  });
});
