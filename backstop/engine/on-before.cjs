/**
 * Runs before each scenario's page loads: reduced motion, JavaScript off where the scenario asks,
 * the font decision taken out of the machine's hands, and a record of every HTTP error so that
 * on-ready can fail the capture.
 */

/**
 * The site's font is `font-display: optional`: at first paint, the browser uses Inter if it has
 * arrived and the fallback font for the rest of the page's life if it has not. On a busy machine
 * that race decides what a capture shows. Captures get `block` instead, which swaps Inter in
 * whenever it arrives; on-ready then waits for it. The stylesheet is inlined in each page (and the
 * CSP, which pins it by its hash, is bypassed for captures); a separate stylesheet, as the dev
 * server serves, is rewritten too. The production files are not changed.
 */
const fontBlocks = (css) => css.replace(/font-display:\s*optional/g, 'font-display:block');
const REWRITES = { Stylesheet: fontBlocks, Document: fontBlocks };

async function fontAlwaysSwapsIn(cdp) {
  cdp.on('Fetch.requestPaused', async ({ requestId, resourceType, responseStatusCode, responseHeaders }) => {
    try {
      // A redirect has no body to rewrite; the 404 page keeps its status.
      if (responseStatusCode >= 300 && responseStatusCode < 400) throw new Error('a redirect');
      const { body, base64Encoded } = await cdp.send('Fetch.getResponseBody', { requestId });
      const text = REWRITES[resourceType](
        Buffer.from(body, base64Encoded ? 'base64' : 'utf8').toString('utf8'),
      );
      await cdp.send('Fetch.fulfillRequest', {
        requestId,
        responseCode: responseStatusCode,
        // The body handed back is decoded text: its original encoding and length no longer apply.
        responseHeaders: responseHeaders.filter(({ name }) => !/^content-(encoding|length)$/i.test(name)),
        body: Buffer.from(text).toString('base64'),
      });
    } catch {
      await cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined);
    }
  });
  await cdp.send('Fetch.enable', {
    patterns: Object.keys(REWRITES).map((resourceType) => ({ resourceType, requestStage: 'Response' })),
  });
}

module.exports = async (page, scenario) => {
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  const cdp = await page.createCDPSession();
  // on-ready adds a stylesheet that stops animations; the site's CSP would refuse it.
  await cdp.send('Page.setBypassCSP', { enabled: true });
  if (scenario.javascript === false) await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await fontAlwaysSwapsIn(cdp);

  const failures = [];
  page.on('response', (response) => {
    const expected = response.url() === scenario.url ? (scenario.expectStatus ?? 200) : undefined;
    const status = response.status();
    if (expected !== undefined ? status !== expected : status >= 400)
      failures.push(`${status} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
  // Read by on-ready.cjs.
  page.httpFailures = failures;
};
