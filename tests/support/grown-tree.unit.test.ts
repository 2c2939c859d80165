import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetOrphanTrees, takeLock } from './grown-tree.mjs';

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'grown-trees-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** A grown tree in `parent`, complete (with its key), naming `clone` when given. */
function treeOf(name: string, clone?: string) {
  const tree = path.join(parent, name);
  mkdirSync(tree);
  writeFileSync(path.join(tree, '.grown-key'), 'a key');
  if (clone) writeFileSync(path.join(tree, '.grown-clone'), clone);
  return tree;
}

describe('forgetOrphanTrees', () => {
  it('removes the trees whose clone is gone, and keeps those whose clone is there', () => {
    const clone = path.join(parent, 'a-clone');
    mkdirSync(clone);
    writeFileSync(path.join(clone, 'package.json'), '{}');
    treeOf('grown-tree-0000000a', clone);
    const orphan = treeOf('grown-tree-0000000b', path.join(parent, 'a-deleted-clone'));
    expect(forgetOrphanTrees(parent)).toEqual([orphan]);
    expect(readdirSync(parent).sort()).toEqual(['a-clone', 'grown-tree-0000000a']);
  });

  it('keeps a tree that names no clone for a week, and a tree being prepared', () => {
    const unnamed = treeOf('grown-tree-0000000c');
    const locked = treeOf('grown-tree-0000000d', path.join(parent, 'a-deleted-clone'));
    mkdirSync(`${locked}.lock`);
    // A tree cut short (no key) goes at once.
    const unfinished = path.join(parent, 'grown-tree-0000000e');
    mkdirSync(unfinished);
    expect(forgetOrphanTrees(parent)).toEqual([unfinished]);
    expect(forgetOrphanTrees(parent, { now: Date.now() + 8 * 86_400_000 })).toEqual([unnamed]);
    expect(existsSync(locked)).toBe(true);
  });

  it('leaves every other folder alone', () => {
    mkdirSync(path.join(parent, 'grown-tree-notahash'));
    mkdirSync(path.join(parent, 'something-else'));
    expect(forgetOrphanTrees(parent)).toEqual([]);
  });
});

describe('takeLock', () => {
  it('breaks a lock whose run is gone, and waits on one whose run is alive', async () => {
    const lock = path.join(parent, 'grown-tree-0000000f.lock');
    // A run that exits at once: its process id names no process after it.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), String(gone));
    await takeLock(lock, 1_000);
    expect(readFileSync(path.join(lock, 'pid'), 'utf8')).toBe(String(process.pid));
    // Held by this process, which is alive: a second taker waits, then says who holds it.
    await expect(takeLock(lock, 1_000)).rejects.toThrow(/is held by another run/);
  });
});
