import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startNpmServer, type RunningServer } from '../tests/support/server';
import { prepareCaptureBrowser, unsupportedReason } from './capture-browser.cjs';

/**
 * A capture must show the same pixels whenever the font arrives: on a busy CI machine it can
 * come late. Captures one page through Backstop's own engine hooks, behind a proxy that holds
 * the font back, and compares with a capture where it came at once.
 */
type Hook = (page: unknown, scenario: object, viewport?: object) => Promise<void>;
const require = createRequire(import.meta.url);
const onBefore = require('./engine/on-before.cjs') as Hook;
const onReady = require('./engine/on-ready.cjs') as Hook;
// Backstop's own launch options: the same browser, with the same flags.
const { engineOptions } = require('./backstop.config.cjs') as {
  engineOptions: { executablePath: string; args: string[]; env: Record<string, string> };
};

const ROUTE = '/blog/marketing-tips';
const VIEWPORT = { width: 768, height: 1024 };

describe.skipIf(unsupportedReason())('visual capture determinism', () => {
  let server: RunningServer;
  let proxy: Server;
  let proxyUrl = '';
  let fontDelayMs = 0;

  beforeAll(async () => {
    await prepareCaptureBrowser();
    server = await startNpmServer('serve');
    const upstream = new URL(server.url);
    proxy = createServer((req, res) => {
      const forward = () =>
        req.pipe(
          request(
            {
              host: upstream.hostname,
              port: upstream.port,
              path: req.url,
              method: req.method,
              headers: req.headers,
            },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          ),
        );
      if (req.url?.endsWith('.woff2')) setTimeout(forward, fontDelayMs);
      else forward();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await server.stop();
  });

  async function capture(delayMs: number): Promise<Buffer> {
    fontDelayMs = delayMs;
    // As Backstop's Puppeteer engine does: a browser of its own per capture.
    const browser = await puppeteer.launch(engineOptions);
    try {
      const page = await browser.newPage();
      await page.setViewport(VIEWPORT);
      const scenario = { label: 'font timing', url: proxyUrl + ROUTE };
      await onBefore(page, scenario);
      await page.goto(scenario.url);
      await onReady(page, scenario, VIEWPORT);
      return Buffer.from(await page.screenshot({ fullPage: true }));
    } finally {
      await browser.close();
    }
  }

  it('captures the same image whether the font arrives at once or late', async () => {
    const prompt = await capture(0);
    // Well past first paint: without the engine's font handling this page is drawn in the
    // fallback font, and its capture is taller.
    const late = await capture(600);
    expect(late.equals(prompt)).toBe(true);
  }, 60_000);
});
