import { requireElement, safelyMatches } from '../markup';

export interface NavLink {
  href: string;
  label: string;
  /** The build marks the current page "page" and the current section "true". */
  current: 'page' | 'true' | undefined;
}

export interface NavItem extends NavLink {
  children: NavLink[];
}

/** What the static header holds and shows at the moment the island takes over. */
export interface NavigationSnapshot {
  items: NavItem[];
  ctaLabel: string | undefined;
  /** The no-JS <details> menu was open (the visitor tapped Menu before the island loaded). */
  menuOpen: boolean;
  /** The item whose CSS dropdown is showing (pointer over it, or focus on one of its sub-links). */
  activeIndex: number | null;
}

function readLink(anchor: Element): NavLink {
  const current = anchor.getAttribute('aria-current');
  return {
    href: anchor.getAttribute('href') ?? '',
    label: anchor.textContent.trim(),
    current: current === 'page' || current === 'true' ? current : undefined,
  };
}

/** Reads the navigation from the header's HTML, the single source the island renders from. */
export function readNavigation(root: HTMLElement): NavigationSnapshot {
  const list = requireElement(root, '.ds-nav__list');
  const itemElements = [...list.querySelectorAll<HTMLLIElement>(':scope > .ds-nav__item')];
  const items = itemElements.map((item) => ({
    ...readLink(requireElement(item, ':scope > .ds-nav__link')),
    children: [...item.querySelectorAll(':scope > .ds-nav__sublist a')].map(readLink),
  }));
  // Focus on the item's own link does not open it (APG disclosure); focus on a sub-link does.
  const active = itemElements.findIndex(
    (item) =>
      safelyMatches(item, ':hover') ||
      Boolean(item.querySelector(':scope > .ds-nav__sublist')?.contains(document.activeElement)),
  );
  return {
    items,
    ctaLabel: root.querySelector('.ds-nav__cta')?.textContent.trim(),
    menuOpen: root.querySelector('details')?.open ?? false,
    activeIndex: active >= 0 ? active : null,
  };
}
