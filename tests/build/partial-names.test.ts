/**
 * One name per component: a partial, the BEM block its root element carries and that block's Sass
 * file share one name (README "Add a partial"), so that a reader who sees `.ds-x` opens `_x.scss`
 * and `x.html`. Checked on the partials' source, before any build.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/site';

/** Partials that render no block of their own: the document and its head. */
const NOT_A_BLOCK = new Set(['layout', 'head']);

const partials = ['partials', 'partials/content'].flatMap((folder) =>
  readdirSync(path.join(ROOT, folder))
    .filter((file) => file.endsWith('.html'))
    .map((file) => `${folder}/${file}`),
);

/** The class list of the first element that is not a template tag (<if>, <each>) or <include>. */
function rootClasses(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  for (const [, tag = '', attributes = ''] of text.matchAll(/<([a-z][\w-]*)\b([^>]*)>/g)) {
    if (['if', 'else', 'each', 'include', 'switch', 'case'].includes(tag)) continue;
    const classes = /\bclass="([^"]*)"/.exec(attributes)?.[1] ?? '';
    // An expression adds a modifier ({{ … ? ' ds-x--y' : '' }}); the block is written before it.
    return classes
      .replace(/\{\{[\s\S]*?\}\}/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  }
  return [];
}

describe('one name per component', () => {
  it.each(partials.filter((file) => !NOT_A_BLOCK.has(path.basename(file, '.html'))))(
    '%s renders the block it is named after, styled in the Sass file of that name',
    (file) => {
      const name = path.basename(file, '.html');
      expect(rootClasses(file), `${file}: its root element's classes`).toContain(`ds-${name}`);
      const sass = `styles/components/_${name}.scss`;
      expect(existsSync(path.join(ROOT, sass)), `${sass}, for .ds-${name}`).toBe(true);
      expect(readFileSync(path.join(ROOT, sass), 'utf8')).toMatch(new RegExp(`^\\.ds-${name} \\{`, 'm'));
    },
  );
});
