import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Window as HappyDOMWindow } from 'happy-dom';
import { markupOf } from '../../../tests/support/render-page';
import { site } from '../../../tests/support/site';
import { markupWithSettings } from '../../../tests/support/tree-copy';
import { mountIsland } from '../mount';
import Navigation from './Navigation';

/** happy-dom's window has a `happyDOM` handle for test-only controls such as the viewport size. */
function setViewportWidth(width: number): void {
  const { happyDOM } = window as unknown as HappyDOMWindow;
  act(() => {
    happyDOM.setViewport({ width, height: 800 });
  });
}

/** The header's navigation and the main content of /about-us/team, as the build renders them. */
const staticNavigation = markupOf('/about-us/team', 'header nav, main');

/** Get Started as the header has it: a link with the live calls to action, else the toast button. */
const getStarted = (scope: ReturnType<typeof mountNavigation>, live = site.liveActions) =>
  scope.getByRole(live ? 'link' : 'button', { name: 'Get Started' });

/** Renders the island over the static header, as the loader does (replace mode). */
function mountNavigation(markup = staticNavigation) {
  document.body.innerHTML = markup;
  const root = document.querySelector<HTMLElement>('[data-island="navigation"]')!;
  render(<Navigation root={root} />, { container: root });
  return within(root);
}

/** Desktop: the chevron button beside the item's link. */
/**
 * Runs `check` while the browser says the pointer rests on the menu item `label` (:hover), as it
 * does after the hover that loaded the island: happy-dom has no pointer, so the test says it, and
 * no further pointer event comes.
 */
async function whileHovered(label: string, check: () => Promise<void>): Promise<void> {
  // The original, called with the element as `this` below.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const matches = Element.prototype.matches;
  const spy = vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector) {
    if (selector === ':hover') return this.matches('li') && this.textContent.startsWith(label);
    return matches.call(this, selector);
  });
  try {
    await check();
  } finally {
    spy.mockRestore();
  }
}

const subMenuButton = (nav: ReturnType<typeof mountNavigation>, label: string) =>
  nav.getByRole('button', { name: `${label} pages` });
/** Mobile: the item's whole row. */
const rowButton = (nav: ReturnType<typeof mountNavigation>, label: string) =>
  nav.getByRole('button', { name: new RegExp(`^${label}$`) });

describe('navigation island', () => {
  describe('with JavaScript available, from the static markup', () => {
    beforeEach(() => {
      setViewportWidth(1280);
    });

    it('renders every link of the static header with its current-page marking', () => {
      const nav = mountNavigation();
      expect(nav.getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('true');
      expect(nav.getByRole('link', { name: 'Team', hidden: true }).getAttribute('aria-current')).toBe('page');
      expect(nav.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
      expect(getStarted(nav).hasAttribute('data-toast')).toBe(!site.liveActions);
    });

    // site.json's liveActions turns the placeholder into a link; the island keeps whichever it is.
    // Each case renders a copy of the tree through the page plugin: seconds beside the build in npm test.
    it.each([false, true])(
      'keeps Get Started as the header has it, with liveActions %s',
      { timeout: 30_000 },
      (live) => {
        const nav = mountNavigation(
          markupWithSettings('/about-us/team', { liveActions: live, phone: '+1 202 555 0147' }).match(
            /<header[^]*?<\/header>/,
          )![0],
        );
        const cta = getStarted(nav, live);
        expect(cta.getAttribute('href')).toBe(live ? '/contact' : null);
        expect(cta.hasAttribute('data-toast')).toBe(!live);
        expect(cta.dataset.focusId).toBe('nav-cta');
      },
    );
  });

  describe('on desktop (1280px)', () => {
    beforeEach(() => {
      setViewportWidth(1280);
    });

    it('opens a dropdown on hover and closes it when the pointer leaves', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      await user.hover(nav.getByRole('link', { name: 'Pricing' }));
      await waitFor(() => expect(subMenuButton(nav, 'Pricing').getAttribute('aria-expanded')).toBe('true'));
      expect(nav.getByRole('link', { name: 'Retainers' })).toBeTruthy();

      await user.unhover(nav.getByRole('link', { name: 'Pricing' }));
      await user.hover(document.querySelector('main a')!);
      await waitFor(() => expect(subMenuButton(nav, 'Pricing').getAttribute('aria-expanded')).toBe('false'));
    });

    it('opens the dropdown of the item the pointer rests on when it takes over, without another move', async () => {
      // The hover that loaded the island rests on Pricing.
      await whileHovered('Pricing', async () => {
        const nav = mountNavigation();
        await waitFor(() => expect(subMenuButton(nav, 'Pricing').getAttribute('aria-expanded')).toBe('true'));
        expect(subMenuButton(nav, 'About Us').getAttribute('aria-expanded')).toBe('false');
      });
    });

    it('opens nothing when the pointer leaves the item before the island has taken over', async () => {
      // The browser may still say :hover of the new markup for a frame after the pointer left.
      await whileHovered('Pricing', async () => {
        const nav = mountNavigation();
        const pricing = subMenuButton(nav, 'Pricing').closest('li')!;
        pricing.dispatchEvent(new PointerEvent('pointerleave'));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
        expect(subMenuButton(nav, 'Pricing').getAttribute('aria-expanded')).toBe('false');
      });
    });

    it('keeps at most one dropdown open', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      await user.click(subMenuButton(nav, 'About Us'));
      expect(subMenuButton(nav, 'About Us').getAttribute('aria-expanded')).toBe('true');
      await user.click(subMenuButton(nav, 'Pricing'));
      expect(subMenuButton(nav, 'Pricing').getAttribute('aria-expanded')).toBe('true');
      expect(subMenuButton(nav, 'About Us').getAttribute('aria-expanded')).toBe('false');
    });

    it('toggles with Enter and Space, and Escape closes and returns focus to the toggle', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      const toggle = subMenuButton(nav, 'Pricing');
      toggle.focus();
      await user.keyboard('{Enter}');
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      await user.keyboard(' ');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      await user.keyboard('{Enter}');
      await user.tab();
      expect(document.activeElement).toBe(nav.getByRole('link', { name: 'Retainers' }));
      await user.keyboard('{Escape}');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(toggle);
    });

    it('closes a dropdown when focus tabs out of it', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      const toggle = subMenuButton(nav, 'Pricing');
      toggle.focus();
      await user.keyboard('{Enter}');
      await user.tab(); // Retainers
      await user.tab(); // Custom Solutions
      await user.tab(); // Case Studies, the next item, outside the dropdown
      expect(document.activeElement).toBe(nav.getByRole('link', { name: 'Case Studies' }));
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    });

    it('keeps focus on a sub-link that had focus when the island took over', () => {
      document.body.innerHTML = staticNavigation;
      const root = document.querySelector<HTMLElement>('[data-island="navigation"]')!;
      root.querySelector<HTMLElement>('a[href="/pricing/custom"]')!.focus();
      render(<Navigation root={root} />, { container: root });
      const custom = screen.getByRole('link', { name: 'Custom Solutions' });
      expect(subMenuButton(within(root), 'Pricing').getAttribute('aria-expanded')).toBe('true');
      expect(custom.closest('[hidden]')).toBeNull();
    });

    // A visitor who tabs on while the island loads may be on its last control when it takes over.
    it('keeps focus on Get Started when the island takes over while it has focus', async () => {
      document.body.innerHTML = staticNavigation;
      const root = document.querySelector<HTMLElement>('[data-island="navigation"]')!;
      const staticButton = root.querySelector<HTMLElement>('.ds-nav__cta')!;
      staticButton.focus();
      // As the loader mounts it (outside act(), which would hold back the effect it waits for).
      void mountIsland('navigation', root, { default: Navigation, mode: 'replace' });
      await waitFor(() => expect(staticButton.isConnected, 'the static button, replaced').toBe(false));
      expect(document.activeElement).toBe(getStarted(within(root)));
    });

    it('keeps the parent page reachable as a link', () => {
      const nav = mountNavigation();
      expect(nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    });
  });

  describe('on mobile (375px)', () => {
    beforeEach(() => {
      setViewportWidth(375);
    });

    it('toggles the menu panel with the Menu button', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      const menu = nav.getByRole('button', { name: 'Menu' });
      const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
      expect(menu.getAttribute('aria-expanded')).toBe('false');

      await user.click(menu);
      expect(menu.getAttribute('aria-expanded')).toBe('true');
      expect(panel.className).toMatch(/ds-nav__panel--(enter|entering|open)/);

      await user.click(menu);
      expect(menu.getAttribute('aria-expanded')).toBe('false');
    });

    it('makes the whole row of an item with sub-links its toggle, with its own page first in the list', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      await user.click(nav.getByRole('button', { name: 'Menu' }));
      expect(nav.queryByRole('link', { name: 'Pricing' })).toBeNull();
      const pricing = rowButton(nav, 'Pricing');
      expect(pricing.getAttribute('aria-expanded')).toBe('false');
      await user.click(pricing);
      const list = document.getElementById(pricing.getAttribute('aria-controls')!)!;
      const links = within(list).getAllByRole('link');
      expect(links[0]?.textContent).toBe('Pricing overview');
      expect(links[0]?.getAttribute('href')).toBe('/pricing');
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/pricing',
        '/pricing/retainers',
        '/pricing/custom',
      ]);
      // The current section is marked on its row, as on its link on desktop.
      expect(rowButton(nav, 'About Us').getAttribute('aria-current')).toBe('true');
    });

    it('expands one sub-list at a time', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      await user.click(nav.getByRole('button', { name: 'Menu' }));
      const about = rowButton(nav, 'About Us');
      const pricing = rowButton(nav, 'Pricing');
      const aboutList = document.getElementById(about.getAttribute('aria-controls')!)!;
      const pricingList = document.getElementById(pricing.getAttribute('aria-controls')!)!;

      await user.click(about);
      expect(about.getAttribute('aria-expanded')).toBe('true');
      expect(aboutList.hidden).toBe(false);

      await user.click(pricing);
      expect(pricing.getAttribute('aria-expanded')).toBe('true');
      expect(pricingList.hidden).toBe(false);
      expect(about.getAttribute('aria-expanded')).toBe('false');
      expect(aboutList.hidden).toBe(true);

      await user.click(pricing);
      expect(pricingList.hidden).toBe(true);
    });

    it('closes the panel when a link is chosen', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      const menu = nav.getByRole('button', { name: 'Menu' });
      await user.click(menu);
      const contact = nav.getByRole('link', { name: 'Contact' });
      contact.addEventListener('click', (event) => {
        event.preventDefault(); // stay on the test page
      });
      await user.click(contact);
      expect(menu.getAttribute('aria-expanded')).toBe('false');
    });

    it('closes the panel with Escape and returns focus to the Menu button', async () => {
      const user = userEvent.setup();
      const nav = mountNavigation();
      const menu = nav.getByRole('button', { name: 'Menu' });
      await user.click(menu);
      nav.getByRole('link', { name: 'Contact' }).focus();
      await user.keyboard('{Escape}');
      expect(menu.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(menu);
    });

    it('starts as the visitor left the no-JS menu: open, with the row they expanded', () => {
      document.body.innerHTML = staticNavigation;
      document.querySelector<HTMLDetailsElement>('.ds-nav__disclosure')!.open = true;
      document.querySelector<HTMLDetailsElement>('.ds-nav__section:has([data-focus-id="/pricing"])')!.open =
        true;
      const root = document.querySelector<HTMLElement>('[data-island="navigation"]')!;
      render(<Navigation root={root} />, { container: root });
      const nav = within(root);
      expect(nav.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
      expect(rowButton(nav, 'Pricing').getAttribute('aria-expanded')).toBe('true');
      expect(rowButton(nav, 'About Us').getAttribute('aria-expanded')).toBe('false');
    });
  });

  describe('when its markup is missing', () => {
    it('fails loudly with the selector it expected', () => {
      const root = document.createElement('nav');
      expect(() => render(<Navigation root={root} />)).toThrow('.ds-nav__list');
    });
  });
});
