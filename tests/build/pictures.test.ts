/**
 * Photos, as the tree has them (the shipped tree has none; the grown tree one for every member,
 * case study and post cover, and photos in posts): every picture's markup, the variants on disk,
 * the source photos never served. How each host serves them is in hosting.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDTHS, parseAspect, parseWidths } from '../../scripts/build/posthtml-site/pictures.cjs';
import {
  DIST,
  ROOT,
  SITE_ROOT,
  exercised,
  offeredBytes,
  pageFor,
  pages,
  srcsetCandidates,
} from '../support/site';

/** The markup a partial writes for a photo: its <img> as written, with its sizes, widths and aspect. */
function asWritten(partial: string) {
  const text = readFileSync(path.join(ROOT, partial), 'utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(text)?.[1];
  return { sizes: attribute('sizes')!, widths: attribute('widths'), aspect: attribute('aspect') };
}
type Json = Record<string, string | undefined>;
const data = (file: string) =>
  JSON.parse(readFileSync(path.join(SITE_ROOT, 'pages/_data', file), 'utf8')) as Json[];
const team = data('team.json');
const studies = data('case-studies.json');
/** Every picture of every page, with the page it is on. */
const PICTURES = exercised(
  pages.flatMap((page) =>
    [...pageFor(page.path).querySelectorAll('picture')].map((picture) => ({ page: page.path, picture })),
  ),
  'photo',
);
const picturesOf = (route: string, selector: string) => [
  ...pageFor(route).querySelectorAll(`${selector} picture`),
];
/** Each variant a picture offers: [url, width], its fallback with width 0. */
const variantsOf = (picture: Element) => [
  ...[...picture.querySelectorAll('source')].flatMap((source) =>
    srcsetCandidates(source.getAttribute('srcset')),
  ),
  [picture.querySelector('img')!.getAttribute('src')!, 0] as const,
];

describe('every picture', () => {
  it('offers AVIF and WebP, lighter first, and a fallback, at the same widths and sizes, with its box reserved', async () => {
    for (const { page, picture } of PICTURES) {
      const [first, second, img] = [...picture.children];
      expect([first?.tagName, second?.tagName, img?.tagName], page).toEqual(['SOURCE', 'SOURCE', 'IMG']);
      expect([first!.getAttribute('type'), second!.getAttribute('type')].sort(), page).toEqual([
        'image/avif',
        'image/webp',
      ]);
      const widths = (source: Element) =>
        srcsetCandidates(source.getAttribute('srcset')).map(([, width]) => width);
      expect(widths(first!), page).toEqual(widths(second!));
      expect(widths(first!), page).toEqual([...widths(first!)].sort((a, b) => a - b));
      expect(first!.getAttribute('sizes'), page).toBe(second!.getAttribute('sizes'));
      // The lighter format first: a browser takes the first it decodes.
      expect(offeredBytes(first!), `${page}: ${first!.getAttribute('type')} first`).toBeLessThanOrEqual(
        offeredBytes(second!),
      );
      // The box is reserved: width and height in the photo's shape, the largest variant's size.
      const [width, height] = ['width', 'height'].map((name) => Number(img!.getAttribute(name)));
      expect(width, page).toBe(widths(first!).at(-1));
      const [largest] = srcsetCandidates(first!.getAttribute('srcset')).at(-1)!;
      const meta = await sharp(path.join(DIST, largest)).metadata();
      expect(Math.abs(width! / height! - meta.width / meta.height), `${page}: ${largest}`).toBeLessThan(0.01);
      // Lazy and decoded aside, unless it is the page's largest image at first paint.
      if (img!.getAttribute('fetchpriority') === 'high') {
        expect(img!.hasAttribute('loading'), page).toBe(false);
      } else {
        expect(img!.getAttribute('loading'), page).toBe('lazy');
        expect(img!.getAttribute('decoding'), page).toBe('async');
      }
      expect(img!.hasAttribute('alt'), page).toBe(true);
      // None of the markup's own attributes reaches the page.
      for (const name of ['widths', 'aspect', 'data-picture'])
        expect(img!.hasAttribute(name), `${page}: ${name}`).toBe(false);
    }
  });

  it('has variants in dist/images/, each of the width its srcset says, the format its type says, no metadata', async () => {
    for (const { page, picture } of PICTURES) {
      for (const [url, width] of variantsOf(picture)) {
        expect(url, page).toMatch(/^\/images\/[a-z0-9-]+-\d+w\.[0-9a-f]{8}\.(avif|webp|jpg|png)$/);
        if (width) expect(url, `${page}: its width in its name`).toContain(`-${width}w.`);
        const meta = await sharp(path.join(DIST, url)).metadata();
        if (width) expect(meta.width, url).toBe(width);
        expect({ avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' }[path.extname(url).slice(1)], url).toBe(
          meta.format,
        );
        expect(meta.exif, `${url}: EXIF`).toBeUndefined();
      }
    }
  });

  it('never serves a source photo as it is', () => {
    const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    const served = new Set(
      readdirSync(DIST, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(jpe?g|png|webp|avif)$/.test(entry.name))
        .map((entry) => digest(path.join(entry.parentPath, entry.name))),
    );
    for (const name of readdirSync(path.join(SITE_ROOT, 'pages/_images')))
      expect(served.has(digest(path.join(SITE_ROOT, 'pages/_images', name))), `pages/_images/${name}`).toBe(
        false,
      );
  });
});

describe('portraits on /about-us/team', () => {
  const withPhotos = team.filter((member) => member.photo);
  const cards = () => [...pageFor('/about-us/team').querySelectorAll('.ds-member')];

  it('each member has a photo or initials, never both, in the order of team.json', () => {
    expect(cards()).toHaveLength(team.length);
    cards().forEach((card, index) => {
      const member = team[index]!;
      const where = `pages/_data/team.json [${index}] (${member.name})`;
      expect(card.querySelectorAll('picture').length, where).toBe(member.photo ? 1 : 0);
      expect(card.querySelectorAll('.ds-member__avatar').length, where).toBe(member.photo ? 0 : 1);
    });
  });

  it('are as partials/content/member.html writes them: square, their sizes and widths, an empty alt', async () => {
    const { sizes, widths, aspect } = asWritten('partials/content/member.html');
    const shape = parseAspect(aspect ?? '')!;
    const photos = picturesOf('/about-us/team', '.ds-member');
    expect(photos).toHaveLength(exercised(withPhotos, 'member with a photo').length);
    for (const picture of photos) {
      const source = picture.querySelector('source')!;
      expect(source.getAttribute('sizes')).toBe(sizes.replace(/,\s+/g, ','));
      expect(srcsetCandidates(source.getAttribute('srcset')).map(([, width]) => width)).toEqual(
        parseWidths(widths ?? '') ?? DEFAULT_WIDTHS,
      );
      expect(picture.querySelector('img')!.getAttribute('alt')).toBe('');
      const [url] = srcsetCandidates(source.getAttribute('srcset')).at(-1)!;
      const { width, height } = await sharp(path.join(DIST, url)).metadata();
      expect(Math.abs(width / height - shape), url).toBeLessThan(0.01);
    }
  });
});

describe('photos on /case-studies', () => {
  const withPhotos = exercised(
    studies.filter((study) => study.image),
    'case study with a photo',
  );

  it('are as partials/content/case.html writes them: 16/9, their imageAlt, PNG falling back to PNG and the rest to JPEG', async () => {
    const { sizes, aspect } = asWritten('partials/content/case.html');
    const shape = parseAspect(aspect ?? '')!;
    const photos = picturesOf('/case-studies', '.ds-case');
    expect(photos).toHaveLength(withPhotos.length);
    for (const [index, picture] of photos.entries()) {
      const study = withPhotos[index]!;
      const where = `pages/_data/case-studies.json (${study.title})`;
      expect(picture.querySelector('source')!.getAttribute('sizes'), where).toBe(sizes.replace(/,\s+/g, ','));
      expect(picture.querySelector('img')!.getAttribute('alt'), where).toBe(study.imageAlt);
      expect(path.extname(picture.querySelector('img')!.getAttribute('src')!), where).toBe(
        study.image!.endsWith('.png') ? '.png' : '.jpg',
      );
      const [url] = srcsetCandidates(picture.querySelector('source')!.getAttribute('srcset')).at(-1)!;
      const { width, height } = await sharp(path.join(DIST, url)).metadata();
      expect(Math.abs(width / height - shape), url).toBeLessThan(0.01);
    }
  });
});
