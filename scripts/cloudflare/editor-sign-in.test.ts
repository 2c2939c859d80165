// @vitest-environment node
/**
 * "Sign In with GitHub" (editor-sign-in.js), each step as Cloudflare's runtime calls it, run in
 * Node with the same Request, Response, fetch and WebCrypto: the state it signs and checks, PKCE,
 * the fixed scope, the cookie, the headers, and every way it refuses. The whole flow runs in
 * Cloudflare's own runtime, and in Chromium against a page of another origin
 * (tests/build/editor-sign-in.test.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorize, callback } from './editor-sign-in.js';

const SITE = 'https://dealstream.example';
const SECRET = 'state-secret';
const ENV = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', SIGN_IN_STATE_SECRET: SECRET };
const SETTINGS = { scope: 'repo', editorOrigins: [SITE] };
const COOKIE = '__Host-editor-sign-in';
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}${path}`, { headers });
const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A state as the server signs it, at `issued` (seconds), with any secret. */
function stateAt(issued: number, secret = SECRET, nonce = base64url(Buffer.alloc(16, 7))) {
  const payload = `${issued}.${nonce}`;
  return `${payload}.${base64url(createHmac('sha256', secret).update(`state:${payload}`).digest())}`;
}
const now = () => Math.floor(Date.now() / 1000);

/** What the sign-in window's page would tell the editor: the message its script posts. */
const toldEditor = async (response: Response) => {
  const html = await response.text();
  return JSON.parse(
    /opener\.postMessage\(("authorization:github:[^\n]*?"), origin\)/.exec(html)![1]!,
  ) as string;
};

/** Step 1's redirect: where it sends the window, and the cookie it sets. */
async function startSignIn(query = '') {
  const response = await authorize(
    { request: get(`/admin/auth?provider=github${query}`), env: ENV },
    SETTINGS,
  );
  const location = new URL(response.headers.get('location')!);
  return { response, location, state: location.searchParams.get('state')! };
}

/** A stand-in for GitHub's token endpoint that gives a token once per code and checks PKCE. */
function standInTokenEndpoint(challenge: string) {
  const spent = new Set<string>();
  const asked: Record<string, string>[] = [];
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, string>;
    asked.push(body);
    const verified = base64url(createHash('sha256').update(body.code_verifier!).digest()) === challenge;
    if (!verified || spent.has(body.code!))
      return Promise.resolve(
        Response.json({
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        }),
      );
    spent.add(body.code!);
    return Promise.resolve(Response.json({ access_token: 'gho_token', token_type: 'bearer', scope: 'repo' }));
  });
  return { fetch, asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in with GitHub: step 1', () => {
  it('asks GitHub for the scope the site fixes, whatever the page that opened it asks', async () => {
    const { location } = await startSignIn('&scope=repo,delete_repo,admin:org,workflow');
    expect(location.searchParams.get('scope')).toBe('repo');
    const publicRepo = await authorize(
      { request: get('/admin/auth?provider=github&scope=repo,user'), env: ENV },
      { ...SETTINGS, scope: 'public_repo' },
    );
    expect(new URL(publicRepo.headers.get('location')!).searchParams.get('scope')).toBe('public_repo');
  });

  it('signs a state that carries its time, and binds it to a __Host- cookie for ten minutes', async () => {
    const { response, state } = await startSignIn();
    expect(state).toMatch(/^\d+\.[\w-]{22}\.[\w-]{43}$/);
    const [issued, nonce] = state.split('.');
    expect(Math.abs(Number(issued) - now())).toBeLessThan(5);
    expect(state).toBe(stateAt(Number(issued), SECRET, nonce));
    expect(response.headers.get('set-cookie')).toBe(
      `${COOKIE}=${state}; Path=/; Max-Age=600; HttpOnly; Secure; SameSite=Lax`,
    );
    expect((await startSignIn()).state).not.toBe(state);
  });

  it('sends a PKCE challenge (S256) of a verifier only the server can make', async () => {
    const { location } = await startSignIn();
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.href).not.toContain('code_verifier');
  });

  it('answers with the opener policy the sign-in needs, HSTS over HTTPS and the site’s Permissions-Policy', async () => {
    const { response } = await startSignIn();
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('permissions-policy')).toMatch(/^accelerometer=\(\), .*camera=\(\)/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const overHttp = await authorize(
      { request: new Request('http://127.0.0.1:8788/admin/auth?provider=github'), env: ENV },
      SETTINGS,
    );
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
  });

  it('names each setting a host lacks, and where to set them', async () => {
    const response = await authorize(
      { request: get('/admin/auth?provider=github'), env: { ...ENV, SIGN_IN_STATE_SECRET: '' } },
      SETTINGS,
    );
    expect(response.status).toBe(500);
    expect(await toldEditor(response)).toMatch(
      /^authorization:github:error:.*SIGN_IN_STATE_SECRET missing\. Set GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and SIGN_IN_STATE_SECRET in the Cloudflare Pages project/,
    );
  });

  it('refuses another provider', async () => {
    const response = await authorize({ request: get('/admin/auth?provider=gitlab'), env: ENV }, SETTINGS);
    expect(response.status).toBe(400);
    expect(await toldEditor(response)).toMatch(/GitHub only/);
  });
});

describe('sign-in with GitHub: step 2', () => {
  const callbackWith = (state: string, cookie: string | undefined, code = 'c') =>
    callback(
      {
        request: get(
          `/admin/callback?code=${code}&state=${encodeURIComponent(state)}`,
          cookie ? { Cookie: cookie } : {},
        ),
        env: ENV,
      },
      SETTINGS,
    );

  it('exchanges the code with the PKCE verifier and clears the cookie; a replay ends in GitHub’s refusal', async () => {
    const { location, state } = await startSignIn();
    const github = standInTokenEndpoint(location.searchParams.get('code_challenge')!);
    vi.stubGlobal('fetch', github.fetch);
    const first = await callbackWith(state, `${COOKIE}=${state}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBe(
      `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(await toldEditor(first)).toBe(
      'authorization:github:success:{"provider":"github","token":"gho_token"}',
    );
    expect(github.asked[0]).toMatchObject({ client_id: 'id', client_secret: 'secret', code: 'c' });
    // The same callback again, even with the cookie a browser no longer has: GitHub refuses the spent code.
    const replay = await callbackWith(state, `${COOKIE}=${state}`);
    expect(replay.status).toBe(502);
    const told = await toldEditor(replay);
    expect(told).toMatch(/^authorization:github:error:.*The code passed is incorrect or expired/);
    expect(told).not.toContain('gho_token');
    expect(replay.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('refuses a forged state, an expired one, a planted cookie and a mismatch, without asking GitHub, clearing the cookie', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const forged = stateAt(now(), 'another-secret');
    const old = stateAt(now() - 601);
    const future = stateAt(now() + 3600);
    const valid = stateAt(now());
    for (const [state, cookie] of [
      [forged, `${COOKIE}=${forged}`],
      ['anything', `${COOKIE}=anything`],
      [old, `${COOKIE}=${old}`],
      [future, `${COOKIE}=${future}`],
      // A cookie a sibling subdomain could plant: not the __Host- one.
      [valid, `editor-sign-in-state=${valid}; ${COOKIE.slice('__Host-'.length)}=${valid}`],
      [valid, `${COOKIE}=${stateAt(now())}x`],
      [valid, undefined],
    ] as const) {
      const response = await callbackWith(state, cookie);
      expect(response.status, `${state} with ${cookie}`).toBe(400);
      expect(response.headers.get('set-cookie')).toMatch(/^__Host-editor-sign-in=; Path=\/; Max-Age=0/);
      expect(await toldEditor(response)).toMatch(
        /not the one the editor started, or it has expired.*Sign In with GitHub again/,
      );
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says what GitHub said when the person declined, and never lets a message end the script', async () => {
    const state = stateAt(now());
    const declined = await callback(
      {
        request: get(
          `/admin/callback?error=access_denied&error_description=${encodeURIComponent('Denied </script><b>')}&state=${state}`,
          {
            Cookie: `${COOKIE}=${state}`,
          },
        ),
        env: ENV,
      },
      SETTINGS,
    );
    expect(declined.status).toBe(400);
    const html = await declined.clone().text();
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(await toldEditor(declined)).toMatch(/GitHub did not sign you in \(Denied <\/script><b>\)/);
  });

  it('says so when GitHub cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('getaddrinfo ENOTFOUND github.com'))),
    );
    const state = stateAt(now());
    const response = await callbackWith(state, `${COOKIE}=${state}`);
    expect(response.status).toBe(502);
    expect(await toldEditor(response)).toMatch(/ENOTFOUND/);
  });

  it('tells the result only to its opener at the editor’s origins, each named by the page', async () => {
    const fetch = standInTokenEndpoint('').fetch;
    vi.stubGlobal('fetch', fetch);
    const state = stateAt(now());
    const html = await (
      await callback(
        { request: get(`/admin/callback?code=c&state=${state}`, { Cookie: `${COOKIE}=${state}` }), env: ENV },
        { ...SETTINGS, editorOrigins: [SITE, 'https://sign-in.example/'] },
      )
    ).text();
    expect(html).toContain('const origins = ["https://dealstream.example","https://sign-in.example"];');
    expect(html).toContain('event.source !== opener');
    expect(html).not.toMatch(/postMessage\([^)]*'\*'\)/);
    expect(html).not.toMatch(/postMessage\([^)]*event\.origin\)/);
  });
});
