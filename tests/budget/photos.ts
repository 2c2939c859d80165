/** The photos' budget (docs/images.md): what a photo sends to a phone, and what photos cost a build. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { closePage, newPage } from '../support/browser';
import { writeFixtureImage } from '../support/fixture-images.mjs';
import { copyOfTree } from '../support/tree-copy';
import { median } from './browser-timings';

/** What each photo of a page sends to a phone (Lighthouse's: 412 px at 1.75×), by photo, in bytes. */
export async function photoBytesAtPhoneWidth(browser: Browser, origin: string, route: string) {
  const page = await newPage(browser, 412);
  try {
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await page.goto(origin + route, { waitUntil: 'networkidle0' });
    // Each photo scrolled into view (they load lazily), then what the browser itself counted.
    return await page.$$eval('main picture img', async (images) => {
      for (const image of images) {
        image.scrollIntoView();
        await image.decode().catch(() => undefined);
      }
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/images/'))
        .map((entry) => ({
          file: entry.name.slice(entry.name.lastIndexOf('/') + 1),
          bytes: (entry as PerformanceResourceTiming).encodedBodySize,
        }));
    });
  } finally {
    await closePage(page);
  }
}

export const PHOTOS_IN_BUILD = 20;

/**
 * A cold `npm run build` (no Parcel cache) of the site with PHOTOS_IN_BUILD photos on one page,
 * against the same build without them, side by side: first with the variant cache empty (every variant encoded),
 * then twice each with it kept (nothing encoded again). In ms.
 */
export async function photoBuildTimes() {
  const [plain, photos] = [copyOfTree(), copyOfTree()];
  const cache = mkdtempSync(path.join(tmpdir(), 'variant-cache-'));
  try {
    const page = 'pages/careers/work-with-us.html';
    const tags = [];
    for (let index = 1; index <= PHOTOS_IN_BUILD; index += 1) {
      const name = `budget-photo-${index}.jpg`;
      await writeFixtureImage(path.join(photos.root, 'pages/_images'), { name, width: 2400, height: 1600 });
      tags.push(
        `<img src="/pages/_images/${name}" alt="" sizes="(min-width: 64em) 30rem, 100vw" widths="360, 720, 1080, 1440" />`,
      );
    }
    const source = readFileSync(path.join(photos.root, page), 'utf8');
    photos.write(page, source.replace('</layout>', `${tags.join('\n')}\n</layout>`));
    // Each build without Parcel's cache (an empty BUILD_CACHE of its own), the variants' cache
    // named apart: what is measured is the photos' variants kept, not Parcel's work kept.
    const build = (tree: typeof plain) => {
      process.env.BUILD_CACHE = mkdtempSync(path.join(tmpdir(), 'parcel-cold-'));
      const started = performance.now();
      try {
        tree.build();
        return performance.now() - started;
      } finally {
        rmSync(process.env.BUILD_CACHE, { recursive: true, force: true });
      }
    };
    process.env.IMAGE_VARIANTS_CACHE = cache;
    const cold = build(photos);
    const [without, withPhotos] = [[] as number[], [] as number[]];
    for (let run = 0; run < 2; run += 1) {
      without.push(build(plain));
      withPhotos.push(build(photos));
    }
    return { cold, without: median(without), warm: median(withPhotos) };
  } finally {
    delete process.env.IMAGE_VARIANTS_CACHE;
    delete process.env.BUILD_CACHE;
    for (const tree of [plain, photos]) tree.remove();
    rmSync(cache, { recursive: true, force: true });
  }
}
