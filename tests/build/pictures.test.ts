/**
 * Photos, on the fixture site (a photo for every team member and case study, tests/support/
 * fixture-site.ts): the picture markup, the variants on disk, and how every host serves them.
 * The shipped pages, which have no photo, keep their initials (content.test.ts) and references.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WIDTHS, parseAspect, parseWidths } from '../../scripts/build/posthtml-site/pictures.cjs';
import { PORTRAITS, WORK_ALT, WORK_PHOTOS, fixtureSite, type FixtureSite } from '../support/fixture-site';
import { hostRuleCounts, startCloudflare, startNginx, startServe } from '../support/hosts';
import type { RunningServer } from '../support/server';
import { ROOT, pageFor } from '../support/site';

let site: FixtureSite;
beforeAll(async () => {
  site = await fixtureSite();
}, 300_000);

/** A `srcset` as [url, width] pairs. */
const candidates = (srcset: string | null) =>
  (srcset ?? '').split(',').map((candidate) => {
    const [url = '', width = ''] = candidate.trim().split(/\s+/);
    return [url, Number(width.replace(/w$/, ''))] as const;
  });
/** The markup a partial writes for a photo: its <img> as written, with its sizes, widths and aspect. */
function asWritten(partial: string) {
  const text = readFileSync(path.join(ROOT, partial), 'utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(text)?.[1];
  return { sizes: attribute('sizes')!, widths: attribute('widths'), aspect: attribute('aspect') };
}
const pictures = (route: string) => [...site.page(route).querySelectorAll('main picture')];

describe('the picture markup', () => {
  it.each([
    ['/about-us/team', 'partials/content/member.html', PORTRAITS.length],
    ['/case-studies', 'partials/content/case.html', WORK_PHOTOS.length],
  ])('%s: every photo is a <picture> with AVIF and WebP sources and a fallback', (route, partial, count) => {
    const { sizes, widths, aspect } = asWritten(partial);
    const offered = parseWidths(widths ?? '') ?? DEFAULT_WIDTHS;
    const shape = parseAspect(aspect ?? '');
    const found = pictures(route);
    expect(found).toHaveLength(count);
    for (const picture of found) {
      const [avif, webp, img] = [...picture.children];
      expect([avif?.tagName, webp?.tagName, img?.tagName]).toEqual(['SOURCE', 'SOURCE', 'IMG']);
      expect(avif!.getAttribute('type')).toBe('image/avif');
      expect(webp!.getAttribute('type')).toBe('image/webp');
      for (const source of [avif!, webp!]) {
        expect(source.getAttribute('sizes'), 'sizes as the partial writes them').toBe(
          sizes.replace(/,\s+/g, ','),
        );
        expect(candidates(source.getAttribute('srcset')).map(([, width]) => width)).toEqual(offered);
      }
      // The box is reserved: width and height in the photo's shape, the largest variant's size.
      const [width, height] = ['width', 'height'].map((name) => Number(img!.getAttribute(name)));
      expect(width).toBe(offered.at(-1));
      if (shape) expect(Math.abs(width! / height! - shape)).toBeLessThan(0.01);
      expect(img!.getAttribute('loading')).toBe('lazy');
      expect(img!.getAttribute('decoding')).toBe('async');
      expect(img!.hasAttribute('alt')).toBe(true);
      // None of the markup's own attributes reaches the page.
      for (const name of ['widths', 'aspect', 'data-picture'])
        expect(img!.hasAttribute(name), name).toBe(false);
    }
  });

  it('a portrait has an empty alt (the name is beside it); a case-study photo its imageAlt', () => {
    for (const picture of pictures('/about-us/team'))
      expect(picture.querySelector('img')!.getAttribute('alt')).toBe('');
    for (const picture of pictures('/case-studies'))
      expect(picture.querySelector('img')!.getAttribute('alt')).toBe(WORK_ALT);
  });

  it('a member with a photo shows it instead of the initials; without one, the initials stay', () => {
    expect(site.page('/about-us/team').querySelectorAll('.ds-member__avatar')).toHaveLength(0);
    const shipped = pageFor('/about-us/team');
    expect(shipped.querySelectorAll('picture')).toHaveLength(0);
    expect(shipped.querySelectorAll('.ds-member__avatar').length).toBeGreaterThan(0);
  });

  it('falls back to PNG for a PNG source and to JPEG for the others', () => {
    const fallbacks = pictures('/case-studies').map((picture) =>
      picture.querySelector('img')!.getAttribute('src')!,
    );
    expect(fallbacks.map((src) => path.extname(src))).toEqual(
      WORK_PHOTOS.map((photo) => (photo.name.endsWith('.png') ? '.png' : '.jpg')),
    );
  });
});

describe('the variants on disk', () => {
  const variants = () =>
    ['/about-us/team', '/case-studies'].flatMap((route) =>
      pictures(route).flatMap((picture) => [
        ...[...picture.querySelectorAll('source')].flatMap((source) =>
          candidates(source.getAttribute('srcset')),
        ),
        [picture.querySelector('img')!.getAttribute('src')!, 0] as const,
      ]),
    );

  it('each is in dist/images/, named after its source and width, with a content hash', () => {
    for (const [url, width] of variants()) {
      expect(existsSync(path.join(site.dist, url)), url).toBe(true);
      expect(url).toMatch(/^\/images\/fixture-(portrait|work)-\d-\d+w\.[0-9a-f]{8}\.(avif|webp|jpg|png)$/);
      if (width) expect(url, 'its width in its name').toContain(`-${width}w.`);
    }
  });

  it('each has the width its srcset says, the format its type says, and no metadata (EXIF, GPS)', async () => {
    for (const [url, width] of variants()) {
      const meta = await sharp(path.join(site.dist, url)).metadata();
      if (width) expect(meta.width, url).toBe(width);
      expect({ avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' }[path.extname(url).slice(1)], url).toBe(
        meta.format,
      );
      expect(meta.exif, `${url}: EXIF`).toBeUndefined();
    }
  });

  it('a portrait is cropped square, a case-study photo 16/9', async () => {
    for (const [route, shape] of [
      ['/about-us/team', 1],
      ['/case-studies', 16 / 9],
    ] as const) {
      const [url] = candidates(pictures(route)[0]!.querySelector('source')!.getAttribute('srcset')).at(-1)!;
      const { width, height } = await sharp(path.join(site.dist, url)).metadata();
      expect(Math.abs(width / height - shape), url).toBeLessThan(0.01);
    }
  });

  it('take one rule on each host, however many there are', () => {
    const [shipped, withPhotos] = [hostRuleCounts(ROOT), hostRuleCounts(site.root)];
    expect(withPhotos.cloudflare).toBe(shipped.cloudflare + 1);
    expect(withPhotos.serve).toBe(shipped.serve + 2); // the folder, and AVIF's type
  });

  it('no source image is served as it is', () => {
    const served = readdirSync(site.dist, { recursive: true, encoding: 'utf8' }).map((file) =>
      path.basename(file),
    );
    for (const { name } of [...PORTRAITS, ...WORK_PHOTOS]) expect(served, name).not.toContain(name);
  });
});

describe.each([
  ['npm start (serve)', (root: string) => startServe(root)],
  ['nginx', (root: string) => startNginx({ root })],
  ['Cloudflare Pages runtime', (root: string) => startCloudflare(root)],
])('%s serves the variants', (_, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start(site.root);
  }, 120_000);
  afterAll(() => server.stop());

  it('with their type, cached for a year, under the same CSP as the pages', async () => {
    const picture = pictures('/case-studies')[1]!; // the PNG source: all four formats
    const urls = [
      ...[...picture.querySelectorAll('source')].map(
        (source) => candidates(source.getAttribute('srcset'))[0]![0],
      ),
      picture.querySelector('img')!.getAttribute('src')!,
    ];
    const page = await fetch(`${server.url}/case-studies`);
    for (const url of urls) {
      const response = await fetch(server.url + url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(
        { '.avif': 'image/avif', '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' }[
          path.extname(url)
        ],
      );
      expect(response.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-security-policy'), url).toBe(
        page.headers.get('content-security-policy'),
      );
    }
    expect(page.headers.get('content-security-policy')).toMatch(/img-src 'self'/);
  });
});
