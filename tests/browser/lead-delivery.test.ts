/**
 * Real lead delivery, with a lead endpoint set and the calls to action live: /pricing, /about-us
 * and /contact are built from a copy of the site with site.json's `liveActions` on and
 * LEAD_ENDPOINT pointing at a local endpoint (another origin, as a form service would be), served
 * with the site's own security headers, and driven in Chromium with JavaScript on and off: the
 * lead, the package a visitor chose on /pricing, and where the visit came from.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inlineCodeOf, securityHeaders } from '../../scripts/build/hosting/headers.mjs';
import {
  MAIN_NAV,
  attributeOf,
  byRole,
  closePage,
  islandState,
  launchBrowser,
  pathOf,
  newPage,
  textOf,
  urlOf,
  valueOf,
} from '../support/browser';
import { field, fillContactForm, submitContactForm } from '../support/contact-form';
import { bodyOf, listenOnLoopback } from '../support/server';
import { runIn } from '../support/site';
import { copyOfSite, type TreeCopy } from '../support/tree-copy';

/** The pages built, by path. */
const PAGES = ['/pricing', '/about-us', '/contact'];
/** The settings of a site gone live (pages/_data/site.json). */
const LIVE = {
  liveActions: true,
  phone: '(202) 555-0147',
  bookingUrl: 'https://calendly.com/example/strategy-call',
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/** The lead endpoint: CORS for the site's origin, one stored lead per idempotency key. */
const endpoint = {
  leads: new Map<string, { contentType: string; body: string }>(),
  posts: 0,
  failWith: 0,
  server: createServer((request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': request.headers.origin ?? '*',
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    void bodyOf(request).then((body) => {
      endpoint.posts += 1;
      if (endpoint.failWith) return void response.writeHead(endpoint.failWith, cors).end();
      const key = String(request.headers['idempotency-key'] ?? `form-${endpoint.posts}`);
      if (!endpoint.leads.has(key))
        endpoint.leads.set(key, { contentType: String(request.headers['content-type']), body });
      response
        .writeHead(201, { ...cors, 'Content-Type': 'text/plain' })
        .end('Thank you, we received your request.');
    });
  }),
};

let endpointUrl = '';
let siteUrl = '';
let browser: Browser;
let dist = '';
let tree: TreeCopy;
const siteServer = createServer((request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://x').pathname;
  const file = path.join(dist, PAGES.includes(pathname) ? `${pathname}.html` : pathname);
  try {
    const body = readFileSync(file);
    // The policy of the page sent (each page carries its stylesheet), or of /contact for its files.
    const { scriptHashes, styleHashes } = inlineCodeOf(
      String(file.endsWith('.html') ? body : readFileSync(path.join(dist, 'contact.html'))),
    );
    const headers = securityHeaders(scriptHashes, endpointUrl, { inlineStyleHashes: styleHashes });
    response.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});

beforeAll(async () => {
  endpointUrl = `${await listenOnLoopback(endpoint.server)}/leads`;
  siteUrl = await listenOnLoopback(siteServer);
  dist = mkdtempSync(path.join(tmpdir(), 'lead-site-'));
  tree = copyOfSite();
  const siteFile = path.join(tree.root, 'pages/_data/site.json');
  tree.write(
    'pages/_data/site.json',
    JSON.stringify({ ...JSON.parse(readFileSync(siteFile, 'utf8')), ...LIVE }),
  );
  const { cwd, env } = runIn(tree.root);
  execFileSync(
    'npx',
    [
      'parcel',
      'build',
      ...PAGES.map((page) => path.join(tree.root, `pages${page}.html`)),
      '--dist-dir',
      dist,
      // Parcel opens its cache folder even when it uses none: the copy's, gone with it.
      '--cache-dir',
      path.join(tree.root, '.cache/parcel'),
      '--no-cache',
      '--no-source-maps',
      '--log-level',
      'error',
    ],
    { cwd, env: { ...env, LEAD_ENDPOINT: endpointUrl }, stdio: 'inherit' },
  );
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  // What beforeAll made, if it stopped halfway.
  await (browser as Browser | undefined)?.close();
  endpoint.server.close();
  siteServer.close();
  rmSync(dist, { recursive: true, force: true });
  (tree as TreeCopy | undefined)?.remove();
});

beforeEach(() => {
  endpoint.leads.clear();
  endpoint.posts = 0;
  endpoint.failWith = 0;
});

async function openContact(javaScriptEnabled = true): Promise<Page> {
  const page = await newPage(browser, 1280, { javaScriptEnabled });
  await page.goto(`${siteUrl}/contact`);
  return page;
}

const status = (page: Page) => textOf(page, byRole('status'));
const SENT = 'Thank you, your request has reached us. Response within 24 hours on business days.';

describe('lead delivery with an endpoint set', () => {
  it('with JavaScript, sends the lead once as JSON, confirms it, and clears the form and draft', async () => {
    const page = await openContact();
    await fillContactForm(page);
    await submitContactForm(page);
    await expect.poll(() => status(page)).toContain(SENT);

    expect(endpoint.leads.size).toBe(1);
    const [lead] = [...endpoint.leads.entries()];
    expect(lead?.[1].contentType).toBe('application/json');
    const payload = JSON.parse(lead?.[1].body ?? '{}') as {
      id: string;
      page: string;
      fields: Record<string, string>;
    };
    expect(payload.id).toBe(lead?.[0]);
    expect(payload.page).toBe('/contact');
    expect(payload.fields).toEqual({
      'first-name': 'Ada',
      'last-name': 'Lovelace',
      email: 'ada@example.com',
      phone: '555 0100',
      'investing-type': 'rental',
      budget: '',
      package: '',
      challenge: 'Finding motivated sellers',
    });
    expect(await valueOf(page, 'First name')).toBe('');
    // Nothing typed is kept; what stays is where the visit came from, for the tab's next lead.
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['ds-attribution']);
    expect(new URL((await urlOf(page))!).search).toBe('');
    await closePage(page);
  });

  it('when the endpoint fails, says so, keeps every entry, and delivers once when back online', async () => {
    endpoint.failWith = 503;
    const page = await openContact();
    await fillContactForm(page);
    await submitContactForm(page);
    await expect.poll(() => status(page)).toContain('has not reached us yet');
    expect(await valueOf(page, 'First name')).toBe('Ada');
    expect(endpoint.leads.size).toBe(0);

    endpoint.failWith = 0;
    await page.setOfflineMode(true);
    await page.setOfflineMode(false); // the `online` event
    await expect.poll(() => status(page)).toContain(SENT);
    expect(endpoint.leads.size).toBe(1);
    await closePage(page);
  });

  it('a lead that could not be sent before a reload is delivered by the next page load, once', async () => {
    endpoint.failWith = 500;
    const page = await openContact();
    await fillContactForm(page);
    await submitContactForm(page);
    await expect.poll(() => status(page)).toContain('has not reached us yet');
    endpoint.failWith = 0;
    await page.reload(); // before the first automatic retry, 3 s later
    await expect.poll(() => status(page)).toContain(SENT);
    expect(await valueOf(page, 'First name')).toBe('');
    await submitContactForm(page).catch(() => undefined); // an empty form: the browser's validation stops it
    expect(endpoint.leads.size).toBe(1);
    await closePage(page);
  });

  it('without JavaScript, the form POSTs its named fields to the endpoint, nothing in a URL', async () => {
    const page = await openContact(false);
    await fillContactForm(page);
    await page.select(field(PACKAGE), 'Scale');
    await submitContactForm(page);
    await expect.poll(() => urlOf(page)).toBe(endpointUrl);
    expect(await textOf(page, 'body')).toContain('we received your request');
    const [lead] = [...endpoint.leads.values()];
    expect(lead?.contentType).toBe('application/x-www-form-urlencoded');
    const fields = new URLSearchParams(lead?.body);
    expect(fields.get('first-name')).toBe('Ada');
    expect(fields.get('investing-type')).toBe('rental');
    expect(fields.get('package')).toBe('Scale');
    expect(new URL((await urlOf(page))!).search).toBe('');
    await closePage(page);
  });
});

/** The payload of the one lead the endpoint stored. */
function theLead(): { fields: Record<string, string>; source: Record<string, string> } {
  expect(endpoint.leads.size, 'leads stored').toBe(1);
  expect(endpoint.posts, 'requests to the endpoint').toBe(1);
  return JSON.parse([...endpoint.leads.values()][0]!.body) as ReturnType<typeof theLead>;
}

const PACKAGE = 'Package you are interested in';

describe('a lead says where it came from', () => {
  it('lands on /pricing from a campaign, visits two more pages: the lead carries that first page, once', async () => {
    const page = await newPage(browser, 1280);
    await page.goto(
      `${siteUrl}/pricing?utm_source=google&utm_medium=cpc&utm_campaign=frederick-sellers&gclid=Cj0KCQ&ref=newsletter`,
      // A search result's address: an http:// one, as an https:// page sends none to http://127.0.0.1.
      { referer: 'http://search.example/results?q=sell+my+house+fast' },
    );
    // Two more pages in the tab, the second from another campaign's link: the first page counts.
    await page.goto(`${siteUrl}/about-us?utm_campaign=retargeting`);
    await page.goto(`${siteUrl}/contact`);
    await fillContactForm(page);
    await submitContactForm(page);
    await expect.poll(() => status(page)).toContain(SENT);
    // Its campaign tags and click id, not the other parameters; the landing page, not the last one.
    expect(theLead().source).toEqual({
      landingPage: '/pricing',
      referrer: 'http://search.example/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'frederick-sellers',
      gclid: 'Cj0KCQ',
    });
    // Kept in this tab only: no cookie.
    expect(await page.browserContext().cookies()).toEqual([]);
    await closePage(page);
  });

  it('a package’s button on /pricing opens the form with that package chosen, and the lead says which', async () => {
    const page = await newPage(browser, 1280);
    await page.goto(`${siteUrl}/pricing`);
    await page.click(byRole('link', 'Choose Growth'));
    await expect.poll(() => pathOf(page)).toBe('/contact');
    expect(new URL((await urlOf(page))!).search).toBe('?package=Growth');
    await expect.poll(() => valueOf(page, PACKAGE)).toBe('Growth');
    await fillContactForm(page);
    await submitContactForm(page);
    await expect.poll(() => status(page)).toContain(SENT);
    expect(theLead().fields.package).toBe('Growth');
    expect(theLead().source.landingPage).toBe('/pricing');
    await closePage(page);
  });
});

describe('the live calls to action (site.json liveActions)', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`are plain links, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const page = await newPage(browser, 1280, { javaScriptEnabled });
      await page.goto(`${siteUrl}/contact`);
      expect(await attributeOf(page, byRole('link', 'Call Now'), 'href')).toBe('tel:2025550147');
      expect(await attributeOf(page, byRole('link', 'Book a Call', 'main'), 'href')).toBe(LIVE.bookingUrl);
      await page.goto(`${siteUrl}/pricing`);
      if (javaScriptEnabled) {
        // The navigation island renders Get Started as the link it was.
        await page.hover(`${MAIN_NAV} a[href="/about-us"]`);
        await expect.poll(() => islandState(page, 'navigation')).toBe('mounted');
      }
      // The static header's or the island's: a link either way.
      expect(await page.$eval('.ds-nav__cta', (cta) => cta.outerHTML)).toMatch(/^<a [^>]*href="\/contact"/);
      await page.click('.ds-nav__cta');
      await expect.poll(() => pathOf(page)).toBe('/contact');
      await closePage(page);
    });
  }
});
