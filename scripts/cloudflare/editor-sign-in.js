/**
 * "Sign In with GitHub" for the browser editor at /admin: the OAuth flow of sveltia-cms-auth, as
 * two Cloudflare Pages Functions on the site's own host (the build writes
 * hosting/cloudflare/functions/admin/auth.js and callback.js, which run these with the settings
 * of pages/_data/editor.json):
 *
 * 1. The editor opens /admin/auth?provider=github in a window. It answers with a redirect to
 *    GitHub's authorization page, for the scope the site fixes (`repo`, or `public_repo` for a
 *    public repository; never one the request names), with a state signed by the Pages project's
 *    secret and carrying its time, and a PKCE challenge (S256). The state also goes into a
 *    `__Host-` cookie, which only this host can set.
 * 2. GitHub sends the editor's user back to /admin/callback?code=…&state=…. The state must be the
 *    cookie's, signed with the secret, and at most ten minutes old; the code is exchanged for a
 *    token with the app's secret and the PKCE verifier, which never leave the server. The cookie
 *    is cleared whatever the outcome.
 * 3. The callback's page tells the token to the window that opened it, and only if that window's
 *    origin is the site's own (the request's origin, site.json `url`, or editor.json
 *    `signInOrigin`): it posts only to those origins, and answers only a message from its opener
 *    at one of them. A page of any other origin that opens /admin/auth hears nothing.
 *
 * The opener policy of both steps is `unsafe-none`: the callback comes back from GitHub's origin,
 * and any stricter policy there cuts the window off from the editor that opened it (the sign-in
 * then never finishes in Chromium). The token's protection is step 3's origin check.
 *
 * Settings (README "Edit in the browser"; Cloudflare Pages → Settings → Variables and Secrets):
 * GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, the OAuth app's; SIGN_IN_STATE_SECRET, a random
 * secret that signs the state; GITHUB_OAUTH_ORIGIN, where GitHub's OAuth pages are
 * (https://github.com, or a GitHub Enterprise host; the tests' stand-in).
 */
import { functionHeaders } from './response-headers.js';

/** The state's cookie: `__Host-`, so that no other host (a sibling subdomain) can set it. */
const COOKIE = '__Host-editor-sign-in';
/** How long a sign-in may take between the editor's click and GitHub's answer. */
const STATE_LIFETIME_SECONDS = 600;
/** A clock this far ahead of the state's is still the same sign-in (another server's clock). */
const CLOCK_SKEW_SECONDS = 60;
const DEFAULT_GITHUB = 'https://github.com';
const SIGN_IN_AGAIN = 'Close this window and choose Sign In with GitHub again.';

const encoder = new TextEncoder();

/** Bytes as base64url, without padding (RFC 7636's encoding of the PKCE values). */
function base64url(bytes) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

const hmacKey = (secret) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

/** A new state: "<issued, in seconds>.<nonce>.<HMAC of both>". */
async function newState(secret, now) {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const payload = `${Math.floor(now / 1000)}.${nonce}`;
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    encoder.encode(`state:${payload}`),
  );
  return `${payload}.${base64url(signature)}`;
}

/** The state's nonce if it is this server's and still valid; why not otherwise ("forged", "expired"). */
async function checkState(secret, state, now) {
  const match = /^(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/.exec(state);
  if (!match) return { refused: 'forged' };
  const [, issued, nonce, signature] = match;
  const genuine = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    fromBase64url(signature),
    encoder.encode(`state:${issued}.${nonce}`),
  );
  if (!genuine) return { refused: 'forged' };
  const age = now / 1000 - Number(issued);
  if (age > STATE_LIFETIME_SECONDS || age < -CLOCK_SKEW_SECONDS) return { refused: 'expired' };
  return { nonce };
}

/** The PKCE verifier of a sign-in, made again from its nonce: nothing to keep between the steps. */
async function codeVerifier(secret, nonce) {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`pkce:${nonce}`)));
}

const codeChallenge = async (verifier) =>
  base64url(await crypto.subtle.digest('SHA-256', encoder.encode(verifier)));

/** The headers of both steps' responses: never cached, no referrer, the opener kept (above). */
const stepHeaders = (request) => ({
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  ...functionHeaders(request, { openerPolicy: 'unsafe-none' }),
});

/** A page with at most one inline script, allowed by its nonce: the sign-in window's whole content. */
function page(request, { status = 200, title, text, script = '', headers = {} }) {
  const nonce = crypto.randomUUID().replace(/-/g, '');
  const escape = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<p>${escape(text)}</p>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</html>
`;
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      ...stepHeaders(request),
      ...headers,
    },
  });
}

/** The origins whose editor may hear the result: the request's own, the site's and signInOrigin's. */
function editorOrigins(request, settings) {
  const origins = [request.url, ...(settings.editorOrigins ?? [])].flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/** As a script's literal: no "</script>" can end the script early. */
const literal = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * What the sign-in window tells the editor: an error, or the token. It asks its opener at each of
 * the editor's origins (a message to another origin is dropped by the browser), answers only the
 * opener's "authorizing:github" from one of them, and posts the result to that origin, named by
 * this page, never "*" nor the origin a message claims.
 */
function tellEditor(request, settings, { status = 200, title, text, result, headers }) {
  const script = `(() => {
  const opener = window.opener;
  if (!opener) return;
  const origins = ${literal(editorOrigins(request, settings))};
  const answer = (event) => {
    const origin = origins.find((editor) => editor === event.origin);
    if (event.source !== opener || event.data !== 'authorizing:github' || !origin) return;
    window.removeEventListener('message', answer);
    opener.postMessage(${literal(`authorization:github:${result}`)}, origin);
  };
  window.addEventListener('message', answer);
  for (const origin of origins) opener.postMessage('authorizing:github', origin);
})();`;
  return page(request, { status, title, text, script, headers });
}

/** The cookie set by step 1, spent: sent with every answer of step 2. */
const clearCookie = { 'Set-Cookie': `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax` };

/** An error the editor shows: what went wrong and what to do. */
const failure = (request, settings, status, error, fix, headers) =>
  tellEditor(request, settings, {
    status,
    title: 'Sign-in failed',
    text: `${error} ${fix}`,
    result: `error:${JSON.stringify({ error: `${error} ${fix}` })}`,
    headers,
  });

/** The settings the Pages project lacks for the sign-in, by name. */
const missingSettings = (env) =>
  ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET', 'SIGN_IN_STATE_SECRET'].filter((name) => !env[name]);

const notSetUp = (request, settings, env, headers) =>
  failure(
    request,
    settings,
    500,
    `Sign-in with GitHub is not set up on this host: ${missingSettings(env).join(', ')} missing.`,
    'Set GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and SIGN_IN_STATE_SECRET in the Cloudflare Pages project (README "Edit in the browser"), or sign in with a token.',
    headers,
  );

const githubOrigin = (env) => (env.GITHUB_OAUTH_ORIGIN || DEFAULT_GITHUB).replace(/\/+$/, '');

/** Every value the request's cookies give `name`. */
function cookiesOf(request, name) {
  return (request.headers.get('Cookie') ?? '')
    .split(/;\s*/)
    .map((pair) => pair.split('='))
    .filter(([key]) => key === name)
    .map(([, value]) => value);
}

/**
 * Step 1: /admin/auth → GitHub's authorization page. `settings` (the build's, from
 * pages/_data/editor.json): `scope`, the OAuth scope the site asks for, and `editorOrigins`.
 */
export async function authorize({ request, env }, settings = {}) {
  const url = new URL(request.url);
  if (url.searchParams.get('provider') !== 'github') {
    return failure(
      request,
      settings,
      400,
      'This sign-in is for GitHub only.',
      'Reload /admin: its configuration (scripts/build/editor/editor-config.cjs) names GitHub.',
    );
  }
  if (missingSettings(env).length > 0) return notSetUp(request, settings, env);
  const state = await newState(env.SIGN_IN_STATE_SECRET, Date.now());
  const [, nonce] = state.split('.');
  const challenge = await codeChallenge(await codeVerifier(env.SIGN_IN_STATE_SECRET, nonce));
  const authorizeUrl = new URL(`${githubOrigin(env)}/login/oauth/authorize`);
  authorizeUrl.searchParams.set('client_id', env.GITHUB_CLIENT_ID);
  // The site's scope, whatever the request asks: a page that opens this step chooses nothing.
  authorizeUrl.searchParams.set('scope', settings.scope ?? 'repo');
  authorizeUrl.searchParams.set('state', state);
  authorizeUrl.searchParams.set('code_challenge', challenge);
  authorizeUrl.searchParams.set('code_challenge_method', 'S256');
  // The callback is the authorize step's neighbour (/admin/auth → /admin/callback).
  authorizeUrl.searchParams.set('redirect_uri', new URL('callback', url).href);
  return new Response(null, {
    status: 302,
    headers: {
      Location: authorizeUrl.href,
      'Set-Cookie': `${COOKIE}=${state}; Path=/; Max-Age=${STATE_LIFETIME_SECONDS}; HttpOnly; Secure; SameSite=Lax`,
      ...stepHeaders(request),
    },
  });
}

/** Step 2: /admin/callback → the token, exchanged for the code, told to the editor's window alone. */
export async function callback({ request, env }, settings = {}) {
  const url = new URL(request.url);
  if (missingSettings(env).length > 0) return notSetUp(request, settings, env, clearCookie);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state') ?? '';
  const checked = cookiesOf(request, COOKIE).includes(state)
    ? await checkState(env.SIGN_IN_STATE_SECRET, state, Date.now())
    : { refused: 'not this browser’s' };
  if (checked.refused) {
    return failure(
      request,
      settings,
      400,
      'This sign-in link is not the one the editor started, or it has expired.',
      SIGN_IN_AGAIN,
      clearCookie,
    );
  }
  if (!code) {
    // The person declined on GitHub's page (error=access_denied), or GitHub could not go on.
    const said = url.searchParams.get('error_description') || url.searchParams.get('error') || 'no code';
    return failure(
      request,
      settings,
      400,
      `GitHub did not sign you in (${said}).`,
      SIGN_IN_AGAIN,
      clearCookie,
    );
  }
  let token;
  let problem;
  try {
    const response = await fetch(`${githubOrigin(env)}/login/oauth/access_token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: env.GITHUB_CLIENT_ID,
        client_secret: env.GITHUB_CLIENT_SECRET,
        code,
        code_verifier: await codeVerifier(env.SIGN_IN_STATE_SECRET, checked.nonce),
        redirect_uri: new URL(url.pathname, url).href,
      }),
    });
    const answer = await response.json();
    token = answer.access_token;
    problem = answer.error_description || answer.error || (!response.ok && `status ${response.status}`);
  } catch (error) {
    problem = error.message;
  }
  if (!token) {
    return failure(
      request,
      settings,
      502,
      `GitHub did not give a token${problem ? ` (${problem})` : ''}.`,
      'Choose Sign In with GitHub again; if it fails again, check that GITHUB_CLIENT_SECRET is the OAuth app’s current secret.',
      clearCookie,
    );
  }
  return tellEditor(request, settings, {
    title: 'Signed in',
    text: 'Signed in. This window closes by itself.',
    result: `success:${JSON.stringify({ provider: 'github', token })}`,
    headers: clearCookie,
  });
}
