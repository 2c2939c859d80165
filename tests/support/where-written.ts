/**
 * Where a piece of shown text is written: the data file, page or partial a maintainer edits to
 * change it. For the messages of content checks, which read the built pages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES_DIR, ROOT } from '../../scripts/build/repo-root.cjs';
import { pageFiles } from '../../scripts/build/route-file.cjs';

/** The files a maintainer edits, from the repository's root: the site's (under PAGES_DIR) and the partials. */
const SOURCES = [
  ...readdirSync(path.join(ROOT, PAGES_DIR, '_data'))
    // specification.json records figures for the tests; no page shows it.
    .filter((file) => file.endsWith('.json') && file !== 'specification.json')
    .map((file) => `${PAGES_DIR}/_data/${file}`),
  ...pageFiles(),
  ...['partials', 'partials/content'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder))
      .filter((file) => file.endsWith('.html'))
      .map((file) => `${folder}/${file}`),
  ),
  ...(existsSync(path.join(ROOT, PAGES_DIR, '_posts'))
    ? readdirSync(path.join(ROOT, PAGES_DIR, '_posts'))
        .filter((file) => /\.(md|markdown)$/.test(file))
        .map((file) => `${PAGES_DIR}/_posts/${file}`)
    : []),
];

/** Each source's text with white space collapsed, as a page shows it. */
const texts = new Map(
  SOURCES.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8').replace(/\s+/g, ' ')]),
);

/** The files that hold a character (a letter the font lacks, say), or a note when none does. */
export function filesHolding(character: string): string {
  const found = [...texts].filter(([, text]) => text.includes(character)).map(([file]) => file);
  return found.length > 0
    ? found.join(', ')
    : 'no one file as written (it is assembled from data by a template)';
}

/**
 * The file that holds `phrase` as it appears in `shown` (a paragraph of a built page): the file
 * holding the longest run of words around it, or a note when none holds it as written (text
 * assembled from expressions).
 */
export function whereWritten(shown: string, phrase: string): string {
  const words = shown.split(' ');
  const at = Math.max(
    0,
    words.findIndex((_, index) => words.slice(index).join(' ').startsWith(phrase)),
  );
  const span = phrase.split(' ').length;
  for (let around = 6; around >= 0; around -= 1) {
    const needle = words.slice(Math.max(0, at - around), at + span + around).join(' ');
    const found = [...texts].filter(([, text]) => text.includes(needle)).map(([file]) => file);
    if (found.length > 0) return found.join(', ');
  }
  return 'no one file as written (it is assembled from data by a template)';
}
