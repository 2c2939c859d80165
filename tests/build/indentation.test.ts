import { readFileSync } from 'node:fs';
import path from 'node:path';
import posthtml from 'posthtml';
import { describe, expect, it } from 'vitest';
import { collapseIndentation } from '../../scripts/build/posthtml-site/index.cjs';
import { ROOT, allBuiltFiles } from '../support/site';

/** Elements whose content is left exactly as written. */
const VERBATIM = /<(pre|textarea|script|style)\b[\s\S]*?<\/\1>/g;

const collapsed = (html: string) =>
  // With `sync`, process() returns its result rather than the promise its types describe.
  (posthtml([collapseIndentation]).process(html, { sync: true }) as unknown as { html: string }).html;

describe('template indentation', () => {
  it.each(allBuiltFiles().map((file) => path.relative(ROOT, file)))('is not sent with %s', (file) => {
    const html = readFileSync(path.join(ROOT, file), 'utf8').replace(VERBATIM, '');
    expect(html.match(/\n[ \t]+|[ \t]+\n/g) ?? []).toEqual([]);
  });

  it('becomes one line break per run, and leaves no-break spaces and verbatim elements alone', () => {
    expect(collapsed('<p>\n    Call\n\n    now\u00a0\n  </p>')).toBe('<p>\nCall\nnow\u00a0\n</p>');
    expect(collapsed('<p>Call  now</p>')).toBe('<p>Call  now</p>');
    const verbatim = '<textarea>\n  a\n  b</textarea><pre>\n  x</pre><script>\n  1\n</script>';
    expect(collapsed(verbatim)).toBe(verbatim);
  });
});
