import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DIST, builtDocument } from '../support/site';

/**
 * The entry script is on every page. What only the contact form needs (drafts, answers, the lead
 * outbox) is a chunk of its own, loaded where there is a form (scripts/main.ts); what only an
 * island needs loads with the island. What every page must do at once stays: since the lead's
 * attribution (scripts/page/attribution.ts: any page can be a visit's first), 2,607 bytes, from
 * 2,464; 2,638 since it keeps only the known parameters, each cut short (the lead cleans them
 * further in its own chunk); 2,491 since the placeholder toast's words are the page's (its
 * template) and the toast is one module the island's chunk shares.
 */
const ENTRY_SCRIPT_GZIP_BYTES = 2_500;

function entryScriptOf(page: string): string {
  const src = builtDocument(path.join(DIST, page))
    .querySelector('script[type="module"][src]')
    ?.getAttribute('src');
  if (!src) throw new Error(`${page} loads no entry script`);
  return path.join(DIST, src);
}

describe('entry script', () => {
  const entry = entryScriptOf('index.html');

  it(`is at most ${ENTRY_SCRIPT_GZIP_BYTES} bytes gzipped, as a build for nginx writes it`, () => {
    // At gzip's level 9, as Parcel's compressor writes it for nginx; a host that compresses as it sends
    // does no better.
    const gzipped = gzipSync(readFileSync(entry), { level: 9 }).length;
    expect(
      gzipped,
      `${path.basename(entry)} is ${gzipped} bytes gzipped (${statSync(entry).size} raw); ` +
        `move what only some pages need into a chunk they import`,
    ).toBeLessThanOrEqual(ENTRY_SCRIPT_GZIP_BYTES);
  });

  it('carries none of the contact form’s own code', () => {
    const code = readFileSync(entry, 'utf8');
    // The draft's storage key, the outbox's request header, the form's lead messages.
    for (const marker of ['ds-draft:', 'Idempotency-Key', 'data-lead-message'])
      expect(code).not.toContain(marker);
  });

  it('is the same file on a page with the form', () => {
    expect(entryScriptOf('contact.html')).toBe(entry);
  });
});

describe('the islands’ code', () => {
  it('is React’s production build, whatever NODE_ENV the build ran under', () => {
    const scripts = readdirSync(DIST)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(DIST, file), 'utf8'))
      .join('\n');
    // React's production build cuts its error messages short ("Minified React error #…"); its
    // development build spells them out and invites to install its developer tools.
    const fix = `dist/ holds React's development build: build.mjs must pass Parcel NODE_ENV=production; if it does, the build cache was made under another NODE_ENV: rm -rf .cache, then npm run build`;
    expect(scripts, fix).toContain('Minified React error');
    expect(scripts, fix).not.toContain('React DevTools');
  });
});
