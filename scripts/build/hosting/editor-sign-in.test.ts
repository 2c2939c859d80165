// @vitest-environment node
/**
 * Each way "Sign In with GitHub" refuses (editor-sign-in.js), run in Node with the same Request,
 * Response and fetch as Cloudflare's runtime: a host without the OAuth app's settings, another
 * provider, a state that is not the one given, a code GitHub refuses or an unreachable GitHub. The
 * happy path runs in Cloudflare's own runtime (tests/build/editor-sign-in.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorize, callback } from './editor-sign-in.js';

const SITE = 'https://dealstream.example';
const SETTINGS = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}${path}`, { headers });

/** What the sign-in window's page would tell the editor: the message its script posts. */
const toldEditor = async (response: Response) => {
  const html = await response.text();
  return JSON.parse(/postMessage\(("authorization:github:[^\n]*?"), origin\)/.exec(html)![1]!) as string;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in with GitHub, when it cannot go on', () => {
  it('names the two settings a host without them needs, and where to set them', async () => {
    const response = await authorize({ request: get('/admin/auth?provider=github'), env: {} });
    expect(response.status).toBe(500);
    expect(await toldEditor(response)).toMatch(
      /^authorization:github:error:.*Set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET in the Cloudflare Pages project \(README \\"Edit in the browser\\"\), or sign in with a token/,
    );
  });

  it('refuses another provider', async () => {
    const response = await authorize({ request: get('/admin/auth?provider=gitlab'), env: SETTINGS });
    expect(response.status).toBe(400);
    expect(await toldEditor(response)).toMatch(/GitHub only/);
  });

  it('refuses a callback without the state it gave, or without a code, and never asks GitHub', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    for (const request of [
      get('/admin/callback?code=c&state=s1', { Cookie: 'editor-sign-in-state=s2' }),
      get('/admin/callback?code=c&state=s1'),
      get('/admin/callback?state=s1', { Cookie: 'editor-sign-in-state=s1' }),
    ]) {
      const response = await callback({ request, env: SETTINGS });
      expect(response.status).toBe(400);
      expect(await toldEditor(response)).toMatch(/choose Sign In with GitHub again/);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells the editor what GitHub said when it refuses the code, and never lets a message end the script', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json({ error: 'bad_verification_code', error_description: 'Expired </script><b>' }),
        ),
      ),
    );
    const response = await callback({
      request: get('/admin/callback?code=c&state=s', { Cookie: 'editor-sign-in-state=s' }),
      env: SETTINGS,
    });
    expect(response.status).toBe(502);
    const html = await response.clone().text();
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(await toldEditor(response)).toMatch(/GitHub did not give a token \(Expired <\/script><b>\)/);
  });

  it('says so when GitHub cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('getaddrinfo ENOTFOUND github.com'))),
    );
    const response = await callback({
      request: get('/admin/callback?code=c&state=s', { Cookie: 'editor-sign-in-state=s' }),
      env: SETTINGS,
    });
    expect(response.status).toBe(502);
    expect(await toldEditor(response)).toMatch(/ENOTFOUND/);
  });

  it('sends the state cookie only over HTTPS on a site served over HTTPS, for ten minutes, to the callback alone', async () => {
    const response = await authorize({ request: get('/admin/auth?provider=github'), env: SETTINGS });
    expect(response.status).toBe(302);
    expect(response.headers.get('set-cookie')).toMatch(
      /^editor-sign-in-state=[0-9a-f-]{36}; Path=\/admin\/callback; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
    );
  });
});
