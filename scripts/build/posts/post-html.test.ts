// @vitest-environment node
/**
 * A post's HTML against the allowlist (post-html.cjs): what a post needs passes untouched, and
 * every payload that shipped code or led elsewhere before (a parser differential through
 * <noembed>, an encoded javascript: link, a <meta> refresh, a data: link, a password form) is
 * refused, as a browser would parse it. The build's message at the post's line is tested with the
 * maintainer's other mistakes (tests/machinery/maintainer-mistakes.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './post-html.cjs';

const refusals = (html: string) => sanitizePostHtml(html).refused.map((refused) => refused.what);

describe('a post’s HTML', () => {
  it('keeps what a post’s Markdown writes and the few elements it has no way to say', () => {
    const html = [
      '<div class="ds-post__heading"><h2 id="the-quarter" tabindex="-1">The quarter</h2><a class="ds-post__anchor" href="#the-quarter"><span class="ds-visually-hidden">Link</span> <span aria-hidden="true">#</span></a></div>',
      '<section class="ds-post__table" aria-label="The quarter" tabindex="0"><table><thead><tr><th class="ds-post__cell--right">Leads</th></tr></thead><tbody><tr><td class="ds-post__cell--prose">112</td></tr></tbody></table></section>',
      '<pre class="ds-post__code" tabindex="0"><code class="language-text">utm_source=google</code></pre>',
      '<figure class="ds-post__figure"><img src="/pages/_images/desk.png" alt="A desk" sizes="46rem" widths="360, 720"><figcaption>A desk</figcaption></figure>',
      '<p><a href="https://example.org/x">a site</a>, <a href="mailto:a@example.org">mail</a>, <a href="tel:+12025550100">call</a>, <a href="/pricing">prices</a>, <abbr title="Real estate investors">REI</abbr>, <kbd>Ctrl</kbd>, H<sub>2</sub>O</p>',
      '<blockquote><p>Quoted</p></blockquote><ul><li>One</li></ul><ol start="3"><li>Three</li></ol><hr>',
    ].join('\n');
    const { html: sanitized, refused } = sanitizePostHtml(html);
    expect(refused).toEqual([]);
    expect(sanitized).toBe(html);
  });

  it.each([
    [
      'a <noembed> that hides a script from one parser and not from a browser',
      `<noembed><p title="</noembed><script>document.title='PWNED'</script>">x</p></noembed>`,
      /^a <noembed>/,
    ],
    [
      'a <script>',
      '<script>alert(1)</script>',
      /^a <script>, which the site’s Content-Security-Policy refuses to run/,
    ],
    [
      'an entity-encoded javascript: link',
      '<a href="java&#x73;cript:alert(1)">x</a>',
      /^a javascript: address in href=/,
    ],
    [
      'a javascript: link with a tab in it',
      '<a href="java\tscript:alert(1)">x</a>',
      /^a javascript: address in href=/,
    ],
    [
      'a <meta> refresh',
      '<meta http-equiv="refresh" content="5;url=https://evil.example/">',
      /^a <meta>, which can send the reader/,
    ],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /^a data: address in href=/],
    [
      'a password form',
      '<form action="https://evil.example"><input type="password" name="p"></form>',
      /^a <form>/,
    ],
    ['a style element', '<style>body{display:none}</style>', /^a <style>/],
    ['a style attribute', '<p style="position:fixed">x</p>', /^a style= attribute/],
    [
      'an event handler',
      '<img src="x.png" alt="" onerror="alert(1)">',
      /^an inline event handler \(onerror=\)/,
    ],
    ['an <iframe>', '<iframe src="https://evil.example"></iframe>', /^a <iframe>/],
    ['an SVG with a script', '<svg><script>alert(1)</script></svg>', /^a <svg>/],
    [
      'a photo from another site',
      '<img src="https://evil.example/track.gif" alt="">',
      /^a https: address in src=/,
    ],
    ['a <base>', '<base href="https://evil.example/">', /^a <base>/],
    ['the build’s own template tags', '<include src="partials/footer.html"></include>', /^a <include>/],
  ])('refuses %s', (_, html, what) => {
    const { refused, html: sanitized } = sanitizePostHtml(`<p>Text.</p>\n${html}`);
    expect(refused[0]?.what).toMatch(what);
    expect(sanitized).not.toMatch(
      /<script|javascript:|<meta|data:|<form|<style|style=|onerror|<iframe|evil\.example/i,
    );
  });

  it('names the text that finds the line of what it refuses', () => {
    expect(sanitizePostHtml('<p onclick="go()">x</p>').refused[0]?.needles).toContain('onclick=');
    expect(refusals('<P STYLE="color:red">x</P>')).toEqual([
      'a style= attribute, which the Content-Security-Policy refuses to apply',
    ]);
  });
});
