/** The interactions of the interaction scenarios in backstop.config.cjs (Puppeteer API). */

const NAV = 'header [data-island="navigation"]';

/** Waits until the navigation island has taken over the static header. */
const navigationMounted = (page) => page.waitForSelector(`${NAV}[data-island-state="mounted"]`);

module.exports = {
  async openDropdown(page) {
    const sublist = `${NAV} .ds-nav__sublist:has(a[href="/services/social-video"])`;
    // The hover that loads the island opens the dropdown under the resting pointer once the
    // island takes over: the capture shows a dropdown the island opened on hover. "open" (not
    // merely visible) is the island's settled state: an opening list is visible already.
    await page.hover(`${NAV} a[href="/services"]`);
    await navigationMounted(page);
    await page.waitForSelector(`${sublist}[data-status="open"]`, { visible: true });
  },

  async openMobileMenu(page) {
    // The island takes over on the first pointer over the header; the capture waits for the
    // takeover and uses the island's own Menu button, so it always shows the island's menu.
    await page.hover(`${NAV} .ds-nav__toggle`);
    await navigationMounted(page);
    await page.click(`${NAV} .ds-nav__toggle`);
    await page.waitForSelector(`${NAV} .ds-nav__toggle[aria-expanded="true"]`);
    // Below lg the whole row of an item with sub-links is its button.
    const expandServices = await page.waitForSelector(`${NAV} ::-p-aria([role="button"][name="Services"])`);
    await expandServices.click();
    await page.waitForSelector(`${NAV} a[href="/services/social-video"]`, { visible: true });
  },

  async showToast(page) {
    const callNow = await page.waitForSelector('main button[data-toast]');
    await callNow.click();
    await page.waitForSelector('[role="status"] .ds-toast', { visible: true });
  },

  async submitInvalidForm(page) {
    await page.type('#first-name', 'Ada');
    await page.click('#contact-form button[type="submit"]');
    // The browser focuses the first invalid field and shows its own message bubble. The bubble's
    // position is not stable between runs, so focus leaves the field to close it: the capture
    // shows the fields the browser marked invalid (:user-invalid).
    await page.waitForFunction(() => document.activeElement?.id === 'last-name');
    await page.evaluate(() => document.activeElement.blur());
    await page.waitForFunction(() => document.querySelectorAll(':user-invalid').length === 4);
  },

  async hoverPricing(page) {
    await page.hover(`${NAV} a[href="/pricing"]`);
    await page.waitForSelector(`${NAV} a[href="/pricing/custom"]`, { visible: true });
  },

  async openStaticMenu(page) {
    await page.click(`${NAV} .ds-nav__toggle`);
    await page.waitForSelector(`${NAV} a[href="/blog"]`, { visible: true });
    // Without JavaScript each section row is a <details> of its own.
    await page.click(`${NAV} summary.ds-nav__row[data-focus-id="/services"]`);
    await page.waitForSelector(`${NAV} a[href="/services/social-video"]`, { visible: true });
  },
};
