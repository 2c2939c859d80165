import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { failNearMisses } from './exact-pixels.mjs';

const folder = mkdtempSync(path.join(tmpdir(), 'exact-pixels-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A 20×10 PNG of one colour, with one pixel of another where `dot` says. */
async function png(name: string, dot?: [number, number, number]) {
  const pixels = Buffer.alloc(20 * 10 * 4, 255);
  if (dot) pixels.set([...dot, 255], (5 * 20 + 7) * 4);
  const file = path.join(folder, name);
  await sharp(pixels, { raw: { width: 20, height: 10, channels: 4 } })
    .png()
    .toFile(file);
  return name;
}

describe('captures Backstop passed, compared pixel for pixel', () => {
  it('fails one whose pixel moved by less than Resemble.js counts, with a diff image; passes an identical one', async () => {
    const reference = await png('reference.png');
    const nudged = await png('nudged.png', [250, 255, 255]); // 5 of 255: under Resemble's 16
    const same = await png('same.png');
    const report = {
      tests: [
        {
          status: 'pass',
          pair: { label: 'page /', viewportLabel: 'phone', reference, test: nudged, diff: {} },
        },
        {
          status: 'pass',
          pair: { label: 'page /a', viewportLabel: 'phone', reference, test: same, diff: {} },
        },
      ],
    };
    const reportFile = path.join(folder, 'jsonReport.json');
    writeFileSync(reportFile, JSON.stringify(report));
    expect(await failNearMisses(reportFile)).toBe(1);
    const [nudgedTest, sameTest] = (JSON.parse(readFileSync(reportFile, 'utf8')) as typeof report).tests as {
      status: string;
      pair: { diffImage?: string; diff: { changedPixels?: number } };
    }[];
    expect(nudgedTest!.status).toBe('fail');
    expect(nudgedTest!.pair.diff.changedPixels).toBe(1);
    expect(existsSync(path.join(folder, nudgedTest!.pair.diffImage!))).toBe(true);
    expect(path.basename(nudgedTest!.pair.diffImage!)).toBe('failed_diff_nudged.png');
    expect(sameTest!.status).toBe('pass');
  });
});
