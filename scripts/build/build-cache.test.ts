import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PARCEL_CACHE_GROWTH, trimParcelCache } from './build-cache.cjs';

let scratch: string, cache: string, record: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'parcel-cache-'));
  cache = path.join(scratch, 'parcel');
  record = `${cache}.first-bytes`;
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** A Parcel cache of `bytes`, in two files (Parcel's LMDB file and a graph beside it). */
function cacheOf(bytes: number) {
  mkdirSync(cache, { recursive: true });
  writeFileSync(path.join(cache, 'data.mdb'), Buffer.alloc(bytes / 2));
  writeFileSync(path.join(cache, 'graph-RequestGraph'), Buffer.alloc(bytes / 2));
}

describe('trimParcelCache', () => {
  it('records the size of the cache the first time it finds one, and keeps it', () => {
    cacheOf(4_000_000);
    expect(trimParcelCache(cache)).toBeUndefined();
    expect(readFileSync(record, 'utf8')).toBe('4000000');
    expect(existsSync(cache)).toBe(true);
  });

  it(`keeps a cache up to ${PARCEL_CACHE_GROWTH} times its first size`, () => {
    cacheOf(PARCEL_CACHE_GROWTH * 4_000_000);
    writeFileSync(record, '4000000');
    expect(trimParcelCache(cache)).toBeUndefined();
    expect(existsSync(cache)).toBe(true);
  });

  it('removes a cache past that, with its record, and says so', () => {
    cacheOf(PARCEL_CACHE_GROWTH * 4_000_000 + 2);
    writeFileSync(record, '4000000');
    expect(trimParcelCache(cache)).toBe(
      `Parcel's cache (${path.relative(process.cwd(), cache)}) held 8.0 MB, more than 2 times the 4.0 MB of its first build: ` +
        'Parcel keeps what no build uses any more, so this build starts it afresh.',
    );
    expect([existsSync(cache), existsSync(record)]).toEqual([false, false]);
  });

  it('writes again a record that is no size (a maintainer’s edit), and never stops the build', () => {
    cacheOf(4_000_000);
    writeFileSync(record, 'four megabytes');
    expect(trimParcelCache(cache)).toBeUndefined();
    expect(readFileSync(record, 'utf8')).toBe('4000000');
    // A folder it cannot write: the record is a folder here, so writing it fails.
    rmSync(record);
    mkdirSync(record);
    expect(trimParcelCache(cache)).toBeUndefined();
    expect(existsSync(cache)).toBe(true);
  });

  it('forgets the record of a cache since removed (npm run build after deleting .cache/parcel)', () => {
    writeFileSync(record, '4000000');
    expect(trimParcelCache(cache)).toBeUndefined();
    expect(existsSync(record)).toBe(false);
  });
});
