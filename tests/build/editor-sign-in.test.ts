/**
 * "Sign In with GitHub" for the browser editor: the Pages Functions at /admin/auth and
 * /admin/callback (scripts/build/hosting/editor-sign-in.js), run by Cloudflare's runtime (wrangler
 * pages dev) with the settings an owner gives the Pages project, against a stand-in for GitHub's
 * OAuth pages and token endpoint on loopback. The happy path in Chromium too: the editor's page
 * opens the sign-in window, which goes through "GitHub" and back, and tells the page the token.
 * Each way it refuses is a unit test of the same code (editor-sign-in.test.ts beside it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { startCloudflare } from '../support/hosts';
import type { RunningServer } from '../support/server';
import { GROWN_TREE, ROOT } from '../support/site';

const SETTINGS = { GITHUB_CLIENT_ID: 'stand-in-client', GITHUB_CLIENT_SECRET: 'stand-in-secret' };
const CODE = 'stand-in-code';
const TOKEN = 'gho_standInToken123';

/** What GitHub's OAuth pages do, as far as the flow goes; each token request is recorded. */
async function startStandInGitHub(): Promise<{
  url: string;
  tokenRequests: Record<string, string>[];
  server: Server;
}> {
  const tokenRequests: Record<string, string>[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      // The user approves: back to the app's callback with a code and the state it was given.
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', CODE);
      back.searchParams.set('state', url.searchParams.get('state')!);
      response.writeHead(302, { Location: back.href }).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const asked = JSON.parse(body) as Record<string, string>;
        tokenRequests.push(asked);
        const good = asked.code === CODE && asked.client_secret === SETTINGS.GITHUB_CLIENT_SECRET;
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify(
            good
              ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo,user' }
              : {
                  error: 'bad_verification_code',
                  error_description: 'The code passed is incorrect or expired.',
                },
          ),
        );
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokenRequests, server };
}

// Its code, not the content: the grown tree's checks leave it out.
describe.skipIf(GROWN_TREE)('sign-in with GitHub on Cloudflare Pages (wrangler pages dev)', () => {
  let github: Awaited<ReturnType<typeof startStandInGitHub>> | undefined;
  let site: RunningServer;
  beforeAll(async () => {
    const standIn = await startStandInGitHub();
    github = standIn;
    site = await startCloudflare(ROOT, { ...SETTINGS, GITHUB_OAUTH_ORIGIN: standIn.url });
  }, 180_000);
  afterAll(async () => {
    // If it started: a runtime that failed to start leaves it unset.
    await (site as RunningServer | undefined)?.stop();
    github?.server.close();
  });

  /** /admin/auth's redirect and cookie, as the editor's window would follow it. */
  async function authorize() {
    const response = await fetch(`${site.url}/admin/auth?provider=github&site_id=127.0.0.1&scope=repo,user`, {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? 'about:blank');
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { response, location, cookie, state: location.searchParams.get('state') };
  }

  it('sends the editor’s window to GitHub with the app’s id, the scope, a one-time state and the callback', async () => {
    const { response, location, cookie, state } = await authorize();
    expect(response.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${github!.url}/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe(SETTINGS.GITHUB_CLIENT_ID);
    expect(location.searchParams.get('scope')).toBe('repo,user');
    expect(location.searchParams.get('redirect_uri')).toBe(`${site.url}/admin/callback`);
    expect(state).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookie).toBe(`editor-sign-in-state=${state}`);
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/);
    // Each sign-in has its own state.
    expect((await authorize()).state).not.toBe(state);
  });

  it('exchanges the code for a token with the app’s secret, and tells only the editor’s window', async () => {
    const { cookie, state } = await authorize();
    const response = await fetch(`${site.url}/admin/callback?code=${CODE}&state=${state}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(github!.tokenRequests.at(-1)).toEqual({
      client_id: SETTINGS.GITHUB_CLIENT_ID,
      client_secret: SETTINGS.GITHUB_CLIENT_SECRET,
      code: CODE,
    });
    const html = await response.text();
    expect(html).toContain(
      `authorization:github:success:{\\"provider\\":\\"github\\",\\"token\\":\\"${TOKEN}\\"}`,
    );
    // Its one inline script runs by a nonce of this response only; the secret never leaves.
    const nonce = /<script nonce="([0-9a-f]+)">/.exec(html)?.[1];
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).not.toContain(SETTINGS.GITHUB_CLIENT_SECRET);
    // The state cookie is spent.
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('refuses a callback whose state is not the one it gave, without asking GitHub', async () => {
    const asked = github!.tokenRequests.length;
    const { cookie } = await authorize();
    const response = await fetch(`${site.url}/admin/callback?code=${CODE}&state=someone-else`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/not the one the editor started.*Sign In with GitHub again/);
    expect(github!.tokenRequests.length).toBe(asked);
  });

  it('in Chromium, the window the editor opens goes through GitHub and back, and tells the editor the token', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      // The editor's page, under its own policy and opener policy (served from dist/).
      const editor = await page.goto(`${site.url}/admin`);
      expect(editor?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      // What the editor does on Sign In with GitHub (its own code, here in the page's world).
      const message = await page.evaluate(
        (authUrl) =>
          new Promise<string>((resolve, reject) => {
            const popup = window.open(authUrl, 'sign-in', 'width=600,height=600');
            if (!popup) reject(new Error('no window'));
            window.addEventListener('message', ({ data, origin }) => {
              if (origin !== window.location.origin) return;
              if (data === 'authorizing:github') popup!.postMessage(data, origin);
              else if (typeof data === 'string' && data.startsWith('authorization:github:')) {
                popup!.close();
                resolve(data);
              }
            });
            setTimeout(() => reject(new Error('the sign-in window said nothing within 20 s')), 20_000);
          }),
        `${site.url}/admin/auth?provider=github&site_id=127.0.0.1&scope=repo,user`,
      );
      expect(message).toBe(
        `authorization:github:success:${JSON.stringify({ provider: 'github', token: TOKEN })}`,
      );
    } finally {
      await browser.close();
    }
  }, 60_000);
});
