import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlErrors, validHtml } from '../support/page-checks';
import { ROOT, builtFilesToVisit } from '../support/site';

describe('HTML validity', () => {
  it.each(builtFilesToVisit().map((file) => path.relative(ROOT, file)))('%s has no errors', async (file) => {
    expect(await htmlErrors(path.join(ROOT, file))).toEqual([]);
  });

  it('catches an error when there is one', async () => {
    const source = '<main><p id="x">a</p><p id="x">b</p></main>';
    expect(await validHtml(source, path.join(ROOT, 'dist/example.html'))).toBe(false);
  });
});
