/**
 * Puppeteer (pulled in by BackstopJS) would download its own Chrome on install,
 * which fails without network access; the system Chromium is used instead.
 */
module.exports = { skipDownload: true };
