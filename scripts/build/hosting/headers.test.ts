// @vitest-environment node
/**
 * The CSP's hashes come from the inline code the site's own head writes, never from a page's body:
 * what content could put on a page is found, as a browser parses it, and refused, not hashed.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TURNSTILE_ORIGIN, contentSecurityPolicy, inlineCodeOf } from './headers.mjs';

const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const IMPORT_MAP = '{"imports":{"a":"/a.js"}}';
const CSS = 'body{color:#111}';
/** A page as the build writes it (minified: no </head>, no <body>), with `body` in its main. */
const page = (body: string) =>
  `<!DOCTYPE html><html lang=en><script type=importmap>${IMPORT_MAP}</script><meta charset=utf-8><title>T</title>` +
  `<style>${CSS}</style><script type=module src=/main.js async></script>` +
  `<script type=application/ld+json>{"@context":"https://schema.org"}</script>` +
  `<a class=ds-skip-link href=#main>Skip</a><main id=main>${body}</main>`;

describe('the inline code a page may run', () => {
  it('is the import map and the stylesheet of its head, hashed; JSON-LD is data', () => {
    expect(inlineCodeOf(page('<p>Text</p>'))).toEqual({
      scriptHashes: [hash(IMPORT_MAP)],
      styleHashes: [hash(CSS)],
      headStyles: [CSS],
      stray: [],
    });
  });

  it.each([
    ['a script in the body', '<p>x</p><script>document.title="PWNED"</script>'],
    [
      'a script a parser differential let through',
      `<noembed><p title="</noembed><script>document.title='PWNED'</script>">x</p></noembed>`,
    ],
    ['a module script in the body', '<script type=module>import "/x.js"</script>'],
    ['an import map in the body', '<script type=importmap>{"imports":{}}</script>'],
    ['a style in the body', '<style>main{display:none}</style>'],
    ['a script in a template', '<template><script>alert(1)</script></template>'],
  ])('refuses %s, and hashes none of it', (_, body) => {
    const { scriptHashes, styleHashes, stray } = inlineCodeOf(page(body));
    expect(stray).toHaveLength(1);
    expect(scriptHashes).toEqual([hash(IMPORT_MAP)]);
    expect(styleHashes).toEqual([hash(CSS)]);
  });

  it('refuses a kind of inline script the head never writes', () => {
    const head = page('').replace('<title>', '<script>alert(1)</script><title>');
    expect(inlineCodeOf(head).stray).toEqual([{ what: 'an inline <script> (alert(1)…)', code: 'alert(1)' }]);
  });
});

describe('the policy with Cloudflare Turnstile', () => {
  it('adds challenges.cloudflare.com to script-src and frame-src, and nothing else', () => {
    const directives = (policy: string) =>
      new Map(policy.split('; ').map((rule) => [rule.split(' ')[0], rule]));
    const without = directives(contentSecurityPolicy(['sha256-x'], '/api/leads'));
    const withTurnstile = directives(contentSecurityPolicy(['sha256-x'], '/api/leads', { turnstile: true }));
    const changed = [...withTurnstile].filter(([name, rule]) => without.get(name) !== rule);
    expect(changed).toEqual([
      ['script-src', `script-src 'self' ${TURNSTILE_ORIGIN} 'sha256-x'`],
      ['frame-src', `frame-src ${TURNSTILE_ORIGIN}`],
    ]);
    expect(TURNSTILE_ORIGIN).toBe('https://challenges.cloudflare.com');
  });
});
