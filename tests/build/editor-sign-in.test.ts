/**
 * "Sign In with GitHub" for the browser editor: the Pages Functions at /admin/auth and
 * /admin/callback (scripts/cloudflare/editor-sign-in.js), run by Cloudflare's runtime (wrangler
 * pages dev) with the settings an owner gives the Pages project, against a stand-in for GitHub's
 * OAuth pages and token endpoint on loopback, which checks PKCE and spends each code once. In
 * Chromium: the editor's page opens the sign-in window, which goes through "GitHub" and back and
 * tells the page the token; a page of another origin that opens the same window hears nothing.
 * Each step's every refusal is also a unit test of the same code (editor-sign-in.test.ts beside it).
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { startCloudflare } from '../support/hosts';
import type { RunningServer } from '../support/server';
import { GROWN_TREE, SITE_ROOT } from '../support/site';

const SETTINGS = {
  GITHUB_CLIENT_ID: 'stand-in-client',
  GITHUB_CLIENT_SECRET: 'stand-in-secret',
  SIGN_IN_STATE_SECRET: 'stand-in-state-secret',
};
const TOKEN = 'gho_standInToken123';
const COOKIE = '__Host-editor-sign-in';

/**
 * What GitHub's OAuth pages do, as far as the flow goes: approve at once (as GitHub does for an
 * app the user has already authorised), and give a token for a code once, to the verifier of its
 * PKCE challenge. Each token request is recorded.
 */
async function startStandInGitHub(): Promise<{
  url: string;
  tokenRequests: Record<string, string>[];
  tokensGiven: () => number;
  server: Server;
}> {
  const tokenRequests: Record<string, string>[] = [];
  const challenges = new Map<string, string>();
  const spent = new Set<string>();
  let given = 0;
  let codes = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      // The user approves: back to the app's callback with a code and the state it was given.
      const code = `stand-in-code-${(codes += 1)}`;
      challenges.set(code, url.searchParams.get('code_challenge') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
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
        const verifier = createHash('sha256')
          .update(asked.code_verifier ?? '')
          .digest('base64url');
        const good =
          challenges.get(asked.code!) === verifier &&
          !spent.has(asked.code!) &&
          asked.client_secret === SETTINGS.GITHUB_CLIENT_SECRET;
        if (good) {
          spent.add(asked.code!);
          given += 1;
        }
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify(
            good
              ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo' }
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokenRequests,
    tokensGiven: () => given,
    server,
  };
}

/**
 * A page on another origin than the site's (another port of loopback), as an attacker would put
 * it on the web: it opens the editor's sign-in in a window and records every message it gets,
 * answering "authorizing:github" as the editor would, and sending it unasked too.
 */
async function startOtherOrigin(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><title>Another site</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A state as the Function signs it, at `issued` (seconds), with any secret. */
function stateAt(issued: number, secret = SETTINGS.SIGN_IN_STATE_SECRET) {
  const payload = `${issued}.${Buffer.alloc(16, 3).toString('base64url')}`;
  return `${payload}.${createHmac('sha256', secret).update(`state:${payload}`).digest('base64url')}`;
}

/** What the editor's code does on Sign In with GitHub, run in a page: the message it gets back. */
function signInFrom(authUrl: string) {
  return new Promise<string[]>((resolve) => {
    const heard: string[] = [];
    const popup = window.open(authUrl, 'sign-in', 'width=600,height=600');
    window.addEventListener('message', ({ data, origin }) => {
      heard.push(`${origin} ${String(data)}`);
      if (data === 'authorizing:github') popup!.postMessage(data, origin);
      else if (typeof data === 'string' && data.startsWith('authorization:github:')) {
        popup!.close();
        resolve(heard);
      }
    });
    // What a hostile page tries besides: asking the window unasked, to whatever origin it has.
    const asking = setInterval(() => popup?.postMessage('authorizing:github', '*'), 200);
    const stop = () => {
      clearInterval(asking);
      popup?.close();
      resolve(heard);
    };
    // The test may stop it sooner (stopSignIn): once GitHub has given the token, the window has
    // had its chance to speak.
    (window as unknown as { stopSignIn: () => void }).stopSignIn = stop;
    setTimeout(stop, 10_000);
  });
}

// Its code, not the content: the grown tree's checks leave it out.
describe.skipIf(GROWN_TREE)('sign-in with GitHub on Cloudflare Pages (wrangler pages dev)', () => {
  let github: Awaited<ReturnType<typeof startStandInGitHub>> | undefined;
  let other: Awaited<ReturnType<typeof startOtherOrigin>> | undefined;
  let site: RunningServer;
  beforeAll(async () => {
    const standIn = await startStandInGitHub();
    github = standIn;
    other = await startOtherOrigin();
    site = await startCloudflare(SITE_ROOT, { ...SETTINGS, GITHUB_OAUTH_ORIGIN: standIn.url });
  }, 180_000);
  afterAll(async () => {
    // If it started: a runtime that failed to start leaves it unset.
    await (site as RunningServer | undefined)?.stop();
    github?.server.close();
    other?.server.close();
  });

  /** /admin/auth's redirect and cookie, as the editor's window would follow it. */
  async function authorize(scope = 'repo,user') {
    const response = await fetch(`${site.url}/admin/auth?provider=github&site_id=127.0.0.1&scope=${scope}`, {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? 'about:blank');
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { response, location, cookie, state: location.searchParams.get('state')! };
  }

  /** GitHub's way back to the callback with a code for this sign-in, as the stand-in gives it. */
  async function approve(location: URL) {
    const back = await fetch(location, { redirect: 'manual' });
    return new URL(back.headers.get('location')!);
  }

  it('sends the editor’s window to GitHub with the app’s id, the site’s scope, a signed state, PKCE and the callback', async () => {
    const { response, location, cookie, state } = await authorize('repo,delete_repo,admin:org,workflow');
    expect(response.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${github!.url}/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe(SETTINGS.GITHUB_CLIENT_ID);
    expect(location.searchParams.get('scope')).toBe('repo');
    expect(location.searchParams.get('redirect_uri')).toBe(`${site.url}/admin/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(state).toMatch(/^\d+\.[\w-]{22}\.[\w-]{43}$/);
    expect(cookie).toBe(`${COOKIE}=${state}`);
    expect(response.headers.get('set-cookie')).toMatch(
      /; Path=\/; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    // Each sign-in has its own state.
    expect((await authorize()).state).not.toBe(state);
  });

  it('exchanges the code with the app’s secret and the PKCE verifier; a replayed callback ends in GitHub’s refusal', async () => {
    const { location, cookie } = await authorize();
    const callbackUrl = await approve(location);
    const response = await fetch(callbackUrl, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(github!.tokenRequests.at(-1)).toMatchObject({
      client_id: SETTINGS.GITHUB_CLIENT_ID,
      client_secret: SETTINGS.GITHUB_CLIENT_SECRET,
      code: callbackUrl.searchParams.get('code'),
    });
    const html = await response.text();
    expect(html).toContain(
      `authorization:github:success:{\\"provider\\":\\"github\\",\\"token\\":\\"${TOKEN}\\"}`,
    );
    // Its one inline script runs by a nonce of this response only; the secrets never leave.
    const nonce = /<script nonce="([0-9a-f]+)">/.exec(html)?.[1];
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(html).not.toContain(SETTINGS.GITHUB_CLIENT_SECRET);
    expect(html).not.toContain(SETTINGS.SIGN_IN_STATE_SECRET);
    // The state cookie is spent.
    expect(response.headers.get('set-cookie')).toMatch(/^__Host-editor-sign-in=; Path=\/; Max-Age=0/);
    // The same callback again, with the cookie: GitHub refuses the spent code, and no token is shown.
    const replay = await fetch(callbackUrl, { headers: { Cookie: cookie } });
    expect(replay.status).toBe(502);
    const replayed = await replay.text();
    expect(replayed).toMatch(/GitHub did not give a token \(The code passed is incorrect or expired\.\)/);
    expect(replayed).not.toContain(TOKEN);
  });

  it('refuses a forged state, an expired one and a planted cookie, without asking GitHub', async () => {
    const asked = github!.tokenRequests.length;
    const now = Math.floor(Date.now() / 1000);
    const forged = stateAt(now, 'not-the-secret');
    const old = stateAt(now - 11 * 60);
    const valid = stateAt(now);
    for (const [state, cookie] of [
      [forged, `${COOKIE}=${forged}`],
      [old, `${COOKIE}=${old}`],
      [valid, `editor-sign-in-state=${valid}`],
      ['someone-else', (await authorize()).cookie],
    ]) {
      const response = await fetch(`${site.url}/admin/callback?code=stand-in-code-1&state=${state}`, {
        headers: { Cookie: cookie! },
      });
      expect(response.status, `${state} with ${cookie}`).toBe(400);
      expect(await response.text()).toMatch(
        /not the one the editor started, or it has expired.*Sign In with GitHub again/,
      );
      expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    }
    expect(github!.tokenRequests.length).toBe(asked);
  });

  it('in Chromium, the window the editor opens goes through GitHub and back, and tells the editor the token', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      // The editor's page, under its own policy and opener policy (served from dist/).
      const editor = await page.goto(`${site.url}/admin`);
      expect(editor?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const heard = await page.evaluate(
        signInFrom,
        `${site.url}/admin/auth?provider=github&site_id=127.0.0.1&scope=repo,user`,
      );
      expect(heard.at(-1)).toBe(
        `${site.url} authorization:github:success:${JSON.stringify({ provider: 'github', token: TOKEN })}`,
      );
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('in Chromium, a page of another origin that opens the sign-in hears nothing, though GitHub gave the token', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(other!.url);
      const given = github!.tokensGiven();
      const heard = page.evaluate(signInFrom, `${site.url}/admin/auth?provider=github&scope=repo,user`);
      // The window went through GitHub and back (the code was exchanged), and in the 3 s after,
      // while this page kept asking it, told this page nothing.
      await expect.poll(() => github!.tokensGiven(), { timeout: 10_000 }).toBe(given + 1);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await page.evaluate(() => (window as unknown as { stopSignIn: () => void }).stopSignIn());
      expect(await heard).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
