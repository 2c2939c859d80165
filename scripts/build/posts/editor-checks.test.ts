// @vitest-environment node
/**
 * The editor's check of a post's front matter (.remarkrc.mjs, with the remark extension): the
 * example post passes, and a mistake the build would stop on is underlined at its line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remark } from 'remark';
import type { Preset } from 'unified';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// The editor's own settings file, as the extension loads it (by path: a dot-file has no types).
const { default: config } = (await import(path.join(ROOT, '.remarkrc.mjs'))) as { default: Preset };
const EXAMPLE = readFileSync(path.join(ROOT, 'pages/_posts/example-post.md'), 'utf8');

/** What the editor says of a post with this text: each message with its line. */
async function editorMessages(text: string) {
  const file = await remark()
    .use({ plugins: config.plugins })
    .process({ path: path.join(ROOT, 'pages/_posts/editor-check.md'), cwd: ROOT, value: text });
  return file.messages.map((message) => `${message.line ?? '-'}: ${message.reason}`);
}

describe('the editor’s check of a post’s front matter', () => {
  it('passes the example post', async () => {
    expect(await editorMessages(EXAMPLE)).toEqual([]);
  });

  it.each([
    [
      'an unknown category',
      'category: marketing-tips',
      'category: marketing',
      /^6: .*allowed values.*marketing-tips/,
    ],
    ['a misspelt field', 'title:', 'titel:', /must have required property 'title'/i],
    ['a date that is not YYYY-MM-DD', 'date: 2026-11-02', 'date: Nov 2', /^4: .*pattern/],
  ])('underlines %s', async (_, from, to, said) => {
    expect(EXAMPLE).toContain(from);
    const messages = await editorMessages(EXAMPLE.replace(from, to));
    expect(
      messages.some((message) => said.test(message)),
      messages.join('\n'),
    ).toBe(true);
  });
});
