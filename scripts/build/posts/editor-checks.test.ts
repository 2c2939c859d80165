// @vitest-environment node
/**
 * The editor's check of a post's front matter (.remarkrc.mjs, with the remark extension): the
 * site's posts pass, as does a post that uses every field, and a mistake the build would stop on
 * is underlined at its line.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { remark } from 'remark';
import type { Preset } from 'unified';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const POSTS = path.join(ROOT, 'pages/_posts');
// The editor's own settings file, as the extension loads it (by path: a dot-file has no types).
const { default: config } = (await import(path.join(ROOT, '.remarkrc.mjs'))) as { default: Preset };

const { properties } = JSON.parse(
  readFileSync(path.join(ROOT, 'pages/_data/schemas/post.schema.json'), 'utf8'),
) as { properties: { category: { enum: string[] } } };

/** A post with every field, its category the schema's first. */
const POST = `---
title: A post with every field
description: What the post is about, in a sentence.
date: 2026-11-02
updated: 2026-11-20
category: ${properties.category.enum[0]!}
author: A member of the team
cover: a-cover.jpg
coverAlt: What the cover shows
draft: true
---

The text.
`;

/** What the editor says of a post with this text, at this file of pages/_posts/: each message with its line. */
async function editorMessages(text: string, name = 'editor-check.md') {
  const file = await remark()
    .use({ plugins: config.plugins })
    .process({ path: path.join(POSTS, name), cwd: ROOT, value: text });
  return file.messages.map((message) => `${message.line ?? '-'}: ${message.reason}`);
}

describe('the editor’s check of a post’s front matter', () => {
  it('passes a post with every field, and each post of the site', async () => {
    expect(await editorMessages(POST)).toEqual([]);
    const names = existsSync(POSTS) ? readdirSync(POSTS).filter((name) => name.endsWith('.md')) : [];
    for (const name of names)
      expect(await editorMessages(readFileSync(path.join(POSTS, name), 'utf8'), name), name).toEqual([]);
  });

  it.each([
    ['an unknown category', /^category: .*$/m, 'category: marketing', /^6: .*allowed values/],
    ['a misspelt field', 'title:', 'titel:', /must have required property 'title'/i],
    ['a date that is not YYYY-MM-DD', 'date: 2026-11-02', 'date: Nov 2', /^4: .*pattern/],
  ])('underlines %s', async (_, from, to, said) => {
    const messages = await editorMessages(POST.replace(from, to));
    expect(
      messages.some((message) => said.test(message)),
      messages.join('\n'),
    ).toBe(true);
  });
});
