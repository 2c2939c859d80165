import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { byTeamMember, takeLock } from './grown-tree.mjs';

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'grown-trees-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

describe('takeLock', () => {
  it('breaks a lock whose run is gone, and waits on one whose run is alive', async () => {
    const lock = path.join(parent, 'grown-tree.lock');
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

describe('byTeamMember', () => {
  const post = '---\ntitle: A post\nauthor: Alicia Moreno\n---\n\nText by Alicia Moreno.\n';
  it('leaves a post whose author the team has as it is', () => {
    expect(byTeamMember(post, [{ name: 'Kevin Park' }, { name: 'Alicia Moreno' }])).toBe(post);
  });

  it('gives a post whose author the team no longer has to the team’s first member, its text untouched', () => {
    expect(byTeamMember(post, [{ name: 'Kevin Park' }])).toBe(
      '---\ntitle: A post\nauthor: Kevin Park\n---\n\nText by Alicia Moreno.\n',
    );
  });
});
