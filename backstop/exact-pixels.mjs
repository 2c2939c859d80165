/**
 * Any changed pixel fails the visual suite. BackstopJS compares a capture with its reference by
 * file hash first, then with Resemble.js, which counts a pixel as changed only when one of its
 * channels moved by 16 or more (of 255): a colour nudged by less passes there. So a capture that
 * Backstop passed although its file differs from the reference is compared here pixel for pixel.
 * Each one that differs is marked failed in Backstop's JSON report, with a diff image named as
 * Backstop names its own (`failed_diff_…`), so that failures.mjs lists it and
 * `npm run test:visual:approve` accepts it like any other.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The RGBA pixels of a PNG file, with its size. */
const pixelsOf = (file) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

/**
 * Compares pixel for pixel each capture of `reportFile` (a Backstop JSON report) that passed
 * although its file is not the reference's; marks those that differ as failed, in the report file
 * itself. Returns how many it marked.
 */
export async function failNearMisses(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const folder = path.dirname(reportFile);
  let marked = 0;
  for (const test of report.tests) {
    const { pair } = test;
    if (test.status !== 'pass' || !pair.reference || !pair.test) continue;
    const [referenceFile, testFile] = [pair.reference, pair.test].map((file) => path.resolve(folder, file));
    if (readFileSync(referenceFile).equals(readFileSync(testFile))) continue;
    const [reference, capture] = await Promise.all([pixelsOf(referenceFile), pixelsOf(testFile)]);
    const { width, height } = capture.info;
    // Backstop already fails a capture of another size.
    const diff = Buffer.from(capture.data);
    let changed = 0;
    for (let offset = 0; offset < diff.length; offset += 4) {
      if (reference.data.readUInt32BE(offset) === capture.data.readUInt32BE(offset)) {
        // Unchanged pixels faded, as in Backstop's own diff images.
        diff[offset + 3] = 64;
      } else {
        changed += 1;
        diff.set([255, 0, 255, 255], offset);
      }
    }
    if (changed === 0) continue;
    const diffFile = path.join(path.dirname(testFile), `failed_diff_${path.basename(testFile)}`);
    await sharp(diff, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(diffFile);
    test.status = 'fail';
    pair.diffImage = path.relative(folder, diffFile);
    pair.diff = {
      ...pair.diff,
      misMatchPercentage: ((changed / (width * height)) * 100).toPrecision(2),
      changedPixels: changed,
      note: 'every channel moved by less than 16: Resemble.js counted no pixel as changed',
    };
    marked += 1;
  }
  if (marked > 0) writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  return marked;
}
