/**
 * "Sign In with GitHub" for the browser editor at /admin: the OAuth flow of sveltia-cms-auth,
 * as two Cloudflare Pages Functions on the site's own host (write-hosting-files.mjs writes
 * hosting/cloudflare/functions/admin/auth.js and callback.js, which run these):
 *
 * 1. The editor opens /admin/auth?provider=github&scope=… in a window. It answers with a
 *    redirect to GitHub's authorization page, and a cookie holding a one-time state.
 * 2. GitHub sends the editor's user back to /admin/callback?code=…&state=…. The state must be the
 *    cookie's; the code is exchanged for a token at GitHub's token endpoint, with the OAuth app's
 *    secret, which never leaves the server.
 * 3. The callback's page tells the editor's window the token ("authorization:github:success:…"),
 *    after the editor has answered its "authorizing:github", and only to the origin it answered
 *    from.
 *
 * Settings (README "Edit in the browser"; Cloudflare Pages → Settings → Variables and Secrets):
 * GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, the OAuth app's; GITHUB_OAUTH_ORIGIN, where GitHub's
 * OAuth pages are (https://github.com, or a GitHub Enterprise host; the tests' stand-in).
 */

const COOKIE = 'editor-sign-in-state';
const DEFAULT_GITHUB = 'https://github.com';

/** A page with one inline script, allowed by its nonce: the sign-in window's whole content. */
function page({ status = 200, title, text, script = '', headers = {} }) {
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
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex',
      ...headers,
    },
  });
}

/**
 * What the sign-in window tells the editor: an error, or the token. The editor first hears
 * "authorizing:github" from the window and answers it; the result goes to the origin that
 * answered, never to "*".
 */
function tellEditor({ status = 200, title, text, result, headers }) {
  // As a script's string: no "</script>" can end the script early.
  const message = JSON.stringify(`authorization:github:${result}`).replace(/</g, '\\u003c');
  const script = `(() => {
  if (!window.opener) return;
  window.addEventListener('message', ({ data, origin }) => {
    if (data === 'authorizing:github') window.opener.postMessage(${message}, origin);
  }, { once: true });
  window.opener.postMessage('authorizing:github', '*');
})();`;
  return page({ status, title, text, script, headers });
}

/** An error the editor shows: what went wrong and what to set. */
const failure = (status, error, fix) =>
  tellEditor({
    status,
    title: 'Sign-in failed',
    text: `${error} ${fix}`,
    result: `error:${JSON.stringify({ error: `${error} ${fix}` })}`,
  });

/** Whether the Pages project has the OAuth app's settings. */
const isSetUp = (env) => Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET);
const notSetUp = () =>
  failure(
    500,
    'Sign-in with GitHub is not set up on this host.',
    'Set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET in the Cloudflare Pages project (README "Edit in the browser"), or sign in with a token.',
  );

const githubOrigin = (env) => (env.GITHUB_OAUTH_ORIGIN || DEFAULT_GITHUB).replace(/\/+$/, '');

/** The cookie's value, if the request has it. */
function cookieOf(request, name) {
  const cookies = request.headers.get('Cookie') ?? '';
  return cookies
    .split(/;\s*/)
    .map((pair) => pair.split('='))
    .find(([key]) => key === name)?.[1];
}

/** Step 1: /admin/auth → GitHub's authorization page, with a one-time state in a cookie. */
export async function authorize({ request, env }) {
  const url = new URL(request.url);
  if (url.searchParams.get('provider') !== 'github') {
    return failure(
      400,
      'This sign-in is for GitHub only.',
      'Reload /admin: its configuration (scripts/build/editor/editor-config.cjs) names GitHub.',
    );
  }
  if (!isSetUp(env)) return notSetUp();
  const state = crypto.randomUUID();
  const authorizeUrl = new URL(`${githubOrigin(env)}/login/oauth/authorize`);
  authorizeUrl.searchParams.set('client_id', env.GITHUB_CLIENT_ID);
  authorizeUrl.searchParams.set('scope', url.searchParams.get('scope') || 'repo,user');
  authorizeUrl.searchParams.set('state', state);
  // The callback is the authorize step's neighbour (/admin/auth → /admin/callback).
  const back = new URL('callback', url);
  authorizeUrl.searchParams.set('redirect_uri', back.href);
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  return new Response(null, {
    status: 302,
    headers: {
      Location: authorizeUrl.href,
      'Set-Cookie': `${COOKIE}=${state}; Path=${back.pathname}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
      'Cache-Control': 'no-store',
    },
  });
}

/** Step 2: /admin/callback → the token, exchanged for the code, told to the editor's window. */
export async function callback({ request, env }) {
  const url = new URL(request.url);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  const clearCookie = { 'Set-Cookie': `${COOKIE}=; Path=${url.pathname}; Max-Age=0; HttpOnly; SameSite=Lax` };
  if (!code || !state || state !== cookieOf(request, COOKIE)) {
    return failure(
      400,
      'This sign-in link is not the one the editor started, or it has expired.',
      'Close this window and choose Sign In with GitHub again.',
    );
  }
  if (!isSetUp(env)) return notSetUp();
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
      502,
      `GitHub did not give a token${problem ? ` (${problem})` : ''}.`,
      'Check that GITHUB_CLIENT_SECRET is the OAuth app’s current secret, then try again.',
    );
  }
  return tellEditor({
    title: 'Signed in',
    text: 'Signed in. This window closes by itself.',
    result: `success:${JSON.stringify({ provider: 'github', token })}`,
    headers: clearCookie,
  });
}
