/**
 * The one source of truth for HTTP response headers. scripts/build/hosting/write-hosting-files.mjs turns
 * it into the preview server's config (hosting/serve.json), a `_headers` file for Netlify and
 * Cloudflare Pages (dist/_headers) and an nginx server block (hosting/nginx-site.conf).
 */
import { createHash } from 'node:crypto';
import { parse } from 'parse5';
import { createRequire } from 'node:module';

import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from '../../cloudflare/response-headers.js';

const { EDITOR_PATH } = createRequire(import.meta.url)('../editor/editor-config.cjs');

/** Where the build records the hashes of the pages' own inline code (hosting/inline-code-hashes.cjs). */
export const INLINE_CODE_RECORD = 'hosting/inline-code.json';

/** A CSP source for one inline script's or style's text: its SHA-256, as browsers compute it. */
export const hashOfInlineCode = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * The inline code of a built page, read as a browser reads it (parse5): what the site's own head
 * writes (partials/head.html and the build: Parcel's import map, the inlined stylesheet), which the
 * CSP allows by its hashes, and anything else, which nothing may allow. Content (a post, a data
 * file) only ever reaches the body, so code found there, or a kind of inline script the site never
 * writes, is `stray` (what it is, and its text): the build stops rather than hash it
 * (inline-code-check/index.cjs). JSON-LD is data, which no browser runs.
 */
export function inlineCodeOf(html) {
  const scripts = [];
  const styles = [];
  const stray = [];
  const attribute = (node, name) => node.attrs?.find((attr) => attr.name === name)?.value;
  const textOf = (node) => (node.childNodes ?? []).map((child) => child.value ?? '').join('');
  const visit = (node, inHead) => {
    if (node.nodeName === 'script' && attribute(node, 'src') === undefined) {
      const type = (attribute(node, 'type') ?? '').trim().toLowerCase();
      if (type === 'application/ld+json') return;
      const code = textOf(node);
      if (inHead && type === 'importmap') scripts.push(code);
      else
        stray.push({
          what: `an inline <script${type ? ` type=${type}` : ''}> (${code.trim().slice(0, 60)}…)`,
          code,
        });
      return;
    }
    if (node.nodeName === 'style') {
      const code = textOf(node);
      if (inHead) styles.push(code);
      else stray.push({ what: `a <style> outside <head> (${code.trim().slice(0, 60)}…)`, code });
      return;
    }
    // What a <template> holds runs once a script copies it into the page: never the head's.
    for (const child of [...(node.childNodes ?? []), ...(node.content?.childNodes ?? [])])
      visit(child, inHead && node.nodeName !== 'template' ? true : node.nodeName === 'head');
  };
  visit(parse(html), false);
  return {
    scriptHashes: scripts.map(hashOfInlineCode),
    styleHashes: styles.map(hashOfInlineCode),
    headStyles: styles,
    stray,
  };
}

/** Where Cloudflare Turnstile's script and challenge come from (lead-receiver.json turnstileSiteKey). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** The origin a lead endpoint adds to the CSP: none for a same-origin path like /api/leads. */
function leadOrigin(leadEndpoint) {
  return /^https?:\/\//.test(leadEndpoint ?? '') ? ` ${new URL(leadEndpoint).origin}` : '';
}

/**
 * Content-Security-Policy: only this origin, plus the hashes of the inline scripts Parcel writes
 * and of the inlined stylesheet (never 'unsafe-inline'), plus the lead endpoint's origin
 * (site.json `leadEndpoint`) for sending and posting the form. `upgrade-insecure-requests` only
 * where the site is served over HTTPS (see securityHeaders).
 */
export function contentSecurityPolicy(
  inlineScriptHashes,
  leadEndpoint,
  { overHttps = true, inlineStyleHashes = [], turnstile = false } = {},
) {
  const quoted = (hashes) => hashes.map((hash) => ` '${hash}'`).join('');
  const lead = leadOrigin(leadEndpoint);
  // Cloudflare Turnstile, when the lead receiver challenges visitors: its script and its frame.
  const challenge = turnstile ? ` ${TURNSTILE_ORIGIN}` : '';
  return [
    "default-src 'none'",
    `script-src 'self'${challenge}${quoted(inlineScriptHashes)}`,
    ...(turnstile ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    `style-src 'self'${quoted(inlineStyleHashes)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${lead}`,
    "manifest-src 'self'",
    "base-uri 'self'",
    `form-action 'self'${lead}`,
    "frame-ancestors 'none'",
    ...(overHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Headers for every response, the 404 page included. A host served over plain HTTP (the local
 * preview, a staging host) gets neither of the two HTTPS-only directives: WebKit applies
 * `upgrade-insecure-requests` to http://localhost too (Chromium and Firefox exempt it), so the
 * page's own stylesheet and script would be asked for over https:// and fail; HSTS is ignored
 * over HTTP anyway.
 * @param {string[]} inlineScriptHashes
 * @param {string | undefined} leadEndpoint
 * @param {{ overHttps?: boolean, inlineStyleHashes?: string[], turnstile?: boolean }} [options]
 */
export function securityHeaders(
  inlineScriptHashes,
  leadEndpoint,
  { overHttps = true, inlineStyleHashes = [], turnstile = false } = {},
) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inlineScriptHashes, leadEndpoint, {
      overHttps,
      inlineStyleHashes,
      turnstile,
    }),
    ...(overHttps && { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * The browser editor (Sveltia CMS, scripts/build/editor/): its page at /admin and its files under
 * /admin/. They get a policy of their own, since the editor is an app that talks to GitHub, and
 * the site's pages keep theirs byte for byte (docs/editor.md "Its policy").
 */
export const EDITOR_PAGE_PATH = EDITOR_PATH;
export const EDITOR_FOLDER_PATH = `${EDITOR_PATH}/`;

/**
 * The editor's Content-Security-Policy. Still no 'unsafe-eval' and no inline script: its one
 * script comes from this origin. What it needs beyond the site's policy:
 * - inline styles ('unsafe-inline' in style-src only): the editor's components set their own;
 * - GitHub's API (REST and GraphQL) and its status page, which the sign-in screen reports;
 * - GitHub's content hosts for images: avatars, and files shown from the repository;
 * - blob: and data: for what it makes in the page: previews of uploads, its app manifest, icons.
 */
export function editorContentSecurityPolicy({ overHttps = true } = {}) {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self' data: blob: https://api.github.com https://www.githubstatus.com",
    'manifest-src blob:',
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    ...(overHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Headers for the editor's page and files: the site's own, with the editor's policy, an opener
 * policy that keeps the sign-in window (GitHub, then /admin/callback) able to post its token back,
 * and noindex: the editor is no page for search engines (nor in the sitemap or speculation rules).
 */
export function editorSecurityHeaders(siteHeaders, { overHttps = true } = {}) {
  return {
    ...siteHeaders,
    'Content-Security-Policy': editorContentSecurityPolicy({ overHttps }),
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'X-Robots-Tag': 'noindex, nofollow',
  };
}

/** Parcel puts a content hash in every asset name (main.3f2a9c1b.css): safe to cache for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages keep their address, so browsers and CDNs must check for a new version each time. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Hashed asset file names: name.<8 hex>.ext */
export const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css|woff2|svg|png|jpe?g|webp|avif)$/;

/**
 * Speculation Rules come from a JSON file that a response header names, not from an inline
 * script, so the CSP needs no hash for them. Pages of the route list are prerendered when the
 * visitor shows intent (`moderate`: a hover of 200 ms, or a pointerdown): never the whole site at
 * once, and never anything that is not a page (files, the 404 page, other sites).
 */
export const SPECULATION_RULES_URL = '/speculation-rules.json';
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

/** Headers for HTML pages only. */
export const PAGE_HEADERS = { 'Speculation-Rules': `"${SPECULATION_RULES_URL}"` };

/**
 * The paths a visitor may be prerendered to: every route, and with posts, the blog's own pages by
 * pattern: a post (/blog/:slug) and a listing's later pages. The feeds are outside them.
 */
export function pagePaths(routes, blog) {
  const paths = routes.map((route) => route.path);
  return blog.order.length > 0
    ? [...paths, '/blog/:slug', '/blog/page/:number', '/blog/:category/page/:number']
    : paths;
}

/** The media type of the blog's Atom feeds (RFC 4287). */
export const ATOM_TYPE = 'application/atom+xml';
/** The blog's feeds in dist/: /feed.xml and /blog/<category>/feed.xml (scripts/build/posts/feeds-reporter.cjs). */
export const FEED_FILE = /^(?:blog\/[a-z0-9-]+\/)?feed\.xml$/;

/** The rules file's content, for the site's pages (their paths). */
export function speculationRules(pagePaths) {
  return { prerender: [{ where: { href_matches: pagePaths }, eagerness: 'moderate' }] };
}
