/**
 * Runs before each scenario's page loads: reduced motion, JavaScript off where the scenario asks,
 * and a record of every HTTP error so that on-ready can fail the capture.
 */
module.exports = async (page, scenario) => {
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  // on-ready adds a stylesheet that stops animations; the site's CSP would refuse it.
  await page.setBypassCSP(true);
  if (scenario.javascript === false) await page.setJavaScriptEnabled(false);

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
