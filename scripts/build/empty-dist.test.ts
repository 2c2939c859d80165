// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDist } from './empty-dist.mjs';

describe('emptying dist/ before a build', () => {
  it('removes the folder', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'empty-dist-'));
    const folder = path.join(scratch, 'dist');
    mkdirSync(path.join(folder, 'about-us'), { recursive: true });
    writeFileSync(path.join(folder, 'about-us/team.html'), '<p>x</p>');
    expect(emptyDist(folder)).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
    rmSync(scratch, { recursive: true });
  });

  it('says in one line to stop npm run dev when dev writes into it meanwhile', () => {
    const meanwhile = () => {
      throw Object.assign(new Error("ENOTEMPTY: directory not empty, rmdir 'dist'"), { code: 'ENOTEMPTY' });
    };
    const message = emptyDist('dist', meanwhile);
    expect(message).toMatch(
      /^dist\/ changed while the build emptied it: npm run dev writes there\. Stop npm run dev/,
    );
    expect(message).not.toContain('\n');
  });

  it('lets any other failure through', () => {
    const denied = () => {
      throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    };
    expect(() => emptyDist('dist', denied)).toThrow(/EROFS/);
  });
});
