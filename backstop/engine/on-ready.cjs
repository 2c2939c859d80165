/**
 * Runs when a scenario's page has loaded: waits for the self-hosted fonts, stops every animation
 * and transition, performs the scenario's interaction, and fails on any HTTP error.
 */
const actions = require('./actions.cjs');

const STILL = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}`;

module.exports = async (page, scenario, viewport) => {
  await page.evaluate(() => document.fonts.ready);
  await page.addStyleTag({ content: STILL });
  if (scenario.action) await actions[scenario.action](page, viewport);
  if (page.httpFailures.length > 0) {
    throw new Error(`HTTP errors while capturing "${scenario.label}": ${page.httpFailures.join(', ')}`);
  }
};
