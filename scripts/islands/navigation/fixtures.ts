/**
 * The static header navigation as partials/header.html renders it on /about-us/team (a subset of
 * the items, same structure), for the island's unit tests.
 */
export const staticNavigation = `
  <nav class="ds-nav" aria-label="Main" data-island="navigation">
    <details class="ds-nav__disclosure"><summary class="ds-nav__toggle" data-focus-id="nav-toggle">Menu</summary></details>
    <div class="ds-nav__panel">
      <ul class="ds-nav__list">
        <li class="ds-nav__item">
          <a class="ds-nav__link" href="/about-us" aria-current="true">About Us</a>
          <span class="ds-nav__expand" aria-hidden="true"></span>
          <details class="ds-nav__section" name="ds-nav-section">
            <summary class="ds-nav__link ds-nav__row" data-focus-id="/about-us" aria-current="true">About Us</summary>
            <ul class="ds-nav__sublist">
              <li class="ds-nav__overview"><a class="ds-nav__sublink" href="/about-us">About Us overview</a></li>
              <li><a class="ds-nav__sublink" href="/about-us/our-story">Our Story</a></li>
              <li><a class="ds-nav__sublink" href="/about-us/team" aria-current="page">Team</a></li>
            </ul>
          </details>
        </li>
        <li class="ds-nav__item">
          <a class="ds-nav__link" href="/pricing">Pricing</a>
          <span class="ds-nav__expand" aria-hidden="true"></span>
          <details class="ds-nav__section" name="ds-nav-section">
            <summary class="ds-nav__link ds-nav__row" data-focus-id="/pricing">Pricing</summary>
            <ul class="ds-nav__sublist">
              <li class="ds-nav__overview"><a class="ds-nav__sublink" href="/pricing">Pricing overview</a></li>
              <li><a class="ds-nav__sublink" href="/pricing/retainers">Retainers</a></li>
              <li><a class="ds-nav__sublink" href="/pricing/custom">Custom Solutions</a></li>
            </ul>
          </details>
        </li>
        <li class="ds-nav__item"><a class="ds-nav__link" href="/contact">Contact</a></li>
      </ul>
      <button class="ds-button ds-nav__cta" type="button" data-toast>Get Started</button>
    </div>
  </nav>
  <main><a href="#main">Elsewhere on the page</a></main>`;
