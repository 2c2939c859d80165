import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, builtDocument, pageFor, routes, site, textOf } from '../support/site';

const meta = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content');

interface GraphNode {
  '@type': string;
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
  it.each(routes)('$path has canonical, Open Graph and Twitter card tags', (route) => {
    const document = pageFor(route.path);
    const url = `${site.url}${route.path}`;
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(document, 'meta[property="og:url"]')).toBe(url);
    expect(meta(document, 'meta[property="og:title"]')).toBe(document.title);
    expect(meta(document, 'meta[property="og:description"]')).toBe(route.description);
    expect(meta(document, 'meta[property="og:image"]')).toBe(`${site.url}${site.shareImage}`);
    expect(meta(document, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta(document, 'meta[name="twitter:title"]')).toBe(document.title);
    expect(meta(document, 'meta[name="theme-color"]')).toBe(site.themeColor);
    expect(document.documentElement.lang).toBe('en');
  });

  // Search results cut what is longer: the limits pages/_data/schemas/routes.schema.json states.
  it.each(routes)(
    '$path has a <title> of at most 60 characters and a description of at most 160',
    (route) => {
      const { title } = pageFor(route.path);
      const where = `the title and description of "${route.path}" in pages/_data/routes.json`;
      expect(title.length, `${where}: "${title}" is ${title.length} characters`).toBeLessThanOrEqual(60);
      expect(route.description.length, `${where}: the description`).toBeLessThanOrEqual(160);
    },
  );

  it.each(routes)('$path has structured data that matches the visible page', (route) => {
    const document = pageFor(route.path);
    const graph = structuredData(document);
    const types = graph.map((node) => node['@type']);
    expect(types).toContain('Organization');
    expect(types.includes('WebSite')).toBe(route.path === '/');

    const nested = route.path.split('/').length > 2;
    const breadcrumbs = graph.find((node) => node['@type'] === 'BreadcrumbList');
    expect(Boolean(breadcrumbs), 'BreadcrumbList on nested pages only').toBe(nested);
    if (breadcrumbs) {
      const visible = [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map(textOf);
      expect(breadcrumbs.itemListElement!.map((item) => item.name)).toEqual(visible);
      expect(breadcrumbs.itemListElement!.at(-1)?.item).toBe(`${site.url}${route.path}`);
      expect(visible.at(-1)).toBe(route.label);
    }
  });

  it.each(routes)('$path is indexable exactly when it has content (a listing has posts)', (route) => {
    const robots = meta(pageFor(route.path), 'meta[name="robots"]');
    expect(robots).toBe(route.template === 'placeholder' ? 'noindex' : undefined);
  });

  it('shares a picture light enough for every social network and chat app (≤ 100 KB)', () => {
    expect(statSync(path.join(DIST, site.shareImage)).size).toBeLessThanOrEqual(100_000);
  });

  it('ships the favicon once, under a hashed name, and every page links that file', () => {
    const favicons = readdirSync(DIST).filter((file) => /^favicon\b.*\.svg$/.test(file));
    expect(favicons).toEqual([expect.stringMatching(/^favicon\.[0-9a-f]{8}\.svg$/)]);
    for (const route of routes)
      expect(pageFor(route.path).querySelector('link[rel="icon"]')?.getAttribute('href'), route.path).toBe(
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
