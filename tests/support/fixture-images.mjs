/**
 * Photos for tests, made here, never shipped: gradients and shapes (never invented people's faces)
 * with texture at every scale, so that they compress like photographs rather than like flat drawings. The
 * same name always gives the same pixels (a seeded grain), so screenshots of them are stable.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The palette of the site's tokens, so fixtures look at home in screenshots. */
const COLOURS = ['#0b2545', '#1d4ed8', '#f59e0b', '#13315c', '#8da9c4', '#eef4ed', '#134074'];

/** A small deterministic PRNG (mulberry32), seeded from a name. */
function random(seedText) {
  let seed = Array.from({ length: seedText.length }, (_, index) => seedText.charCodeAt(index)).reduce(
    (hash, code) => Math.imul(hash ^ code, 16777619),
    2166136261,
  );
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes one fixture image into `folder` and returns its path: `name` is its file name in
 * pages/_images/, whose extension sets the format (.jpg, .png, .webp, .avif, .gif).
 * @param {string} folder
 * @param {{ name: string, width: number, height: number }} image
 */
export async function writeFixtureImage(folder, { name, width, height }) {
  const next = random(name);
  const pick = () => COLOURS[Math.floor(next() * COLOURS.length)];
  const shapes = Array.from({ length: 6 }, () => {
    const [x, y, size] = [next() * width, next() * height, (0.1 + next() * 0.3) * Math.min(width, height)];
    return next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${pick()}" opacity="0.8"/>`
      : `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size * 0.7}" rx="${size / 10}" fill="${pick()}" opacity="0.8"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${pick()}"/><stop offset="1" stop-color="${pick()}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Texture at every scale, as a photograph has (leaves, brick, fabric), so that the variants weigh
  // what a photo's would at every width: random fields 4, 16 and 64 px apart, smoothly enlarged,
  // then a camera's grain. Flat shapes alone would compress to almost nothing.
  for (const [step, strength] of [
    [64, 24],
    [16, 18],
    [4, 14],
  ]) {
    const [w, h] = [Math.ceil(width / step), Math.ceil(height / step)];
    const field = Buffer.from(Array.from({ length: w * h }, () => Math.floor(next() * 256)));
    // One light-and-shade field for all three channels: texture, not coloured noise.
    const texture = await sharp(field, { raw: { width: w, height: h, channels: 1 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    for (let index = 0; index < base.length; index += 1)
      base[index] = Math.max(
        0,
        Math.min(255, base[index] + Math.round(((texture[Math.floor(index / 3)] - 128) * strength) / 128)),
      );
  }
  for (let index = 0; index < base.length; index += 1) {
    base[index] = Math.max(0, Math.min(255, base[index] + Math.round((next() - 0.5) * 24)));
  }
  const image = sharp(base, { raw: { width, height, channels: 3 } });
  const format = path.extname(name).slice(1).toLowerCase();
  const file = path.join(folder, name);
  mkdirSync(folder, { recursive: true });
  if (format === 'gif') await image.gif().toFile(file);
  else if (format === 'png') await image.png().toFile(file);
  else if (format === 'webp') await image.webp({ quality: 90 }).toFile(file);
  else if (format === 'avif') await image.avif({ quality: 70 }).toFile(file);
  else await image.jpeg({ quality: 90 }).toFile(file);
  return file;
}
