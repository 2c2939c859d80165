/** The photos' budget (docs/images.md): what a photo sends to a phone, and what photos cost a build. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { closePage, newPage } from '../support/browser';
import { writeFixtureImage } from '../support/fixture-images.mjs';
import { copyOfSite } from '../support/tree-copy';

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
 * `npm run build` of the site with PHOTOS_IN_BUILD photos on one page, against the same build
 * without them, side by side: first cold (every variant encoded), then twice each from Parcel's
 * cache after an edit of pages/_data/site.json, which every page reads (the variants kept). In ms.
 */
export async function photoBuildTimes() {
  const [plain, photos] = [copyOfSite(), copyOfSite()];
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
    const build = (tree: typeof plain) => {
      const started = performance.now();
      tree.build({ asOwnerBuilds: true });
      return performance.now() - started;
    };
    const cold = build(photos);
    build(plain);
    const [without, withPhotos] = [[] as number[], [] as number[]];
    for (let run = 0; run < 2; run += 1) {
      // A one-line edit, different each run: every page is built again, and no photo changed.
      for (const tree of [plain, photos])
        tree.edit('pages/_data/site.json', /\n *}\s*$/, `\n${' '.repeat(run + 1)}}\n`);
      without.push(build(plain));
      withPhotos.push(build(photos));
    }
    return { cold, without: Math.max(...without), warm: Math.max(...withPhotos) };
  } finally {
    for (const tree of [plain, photos]) tree.remove();
  }
}
