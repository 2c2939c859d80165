import { requireElement, safelyMatches } from '../find-markup';

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
  /**
   * Where Get Started leads, when it is a link (site.json `liveActions`); undefined: the
   * placeholder button that shows the toast.
   */
  ctaHref: string | undefined;
  /** The no-JS <details> menu was open (the visitor tapped Menu before the island loaded). */
  menuOpen: boolean;
  /** The item whose CSS dropdown is showing (pointer over it, or focus on one of its sub-links). */
  activeIndex: number | null;
  /** The item whose mobile row the visitor expanded before the island loaded. */
  expandedIndex: number | null;
}

function readLink(anchor: Element): NavLink {
  const current = anchor.getAttribute('aria-current');
  return {
    href: anchor.getAttribute('href') ?? '',
    label: anchor.textContent.trim(),
    current: current === 'page' || current === 'true' ? current : undefined,
  };
}

const indexOrNull = (index: number) => (index >= 0 ? index : null);

/** Reads the navigation from the header's HTML, the single source the island renders from. */
export function readNavigation(root: HTMLElement): NavigationSnapshot {
  const list = requireElement(root, '.ds-nav__list');
  const itemElements = [...list.querySelectorAll<HTMLLIElement>(':scope > .ds-nav__item')];
  const subListOf = (item: Element) => item.querySelector(':scope > .ds-nav__section > .ds-nav__sublist');
  const items = itemElements.map((item) => ({
    ...readLink(requireElement(item, ':scope > .ds-nav__link')),
    // The sub-list's first entry, "<Section> overview", is the section link again.
    children: [...(subListOf(item)?.querySelectorAll(':scope > li:not(.ds-nav__overview) a') ?? [])].map(
      readLink,
    ),
  }));
  // Focus on the item's own link does not open it (APG disclosure); focus on a sub-link does.
  const active = itemElements.findIndex(
    (item) => safelyMatches(item, ':hover') || Boolean(subListOf(item)?.contains(document.activeElement)),
  );
  const cta = root.querySelector('.ds-nav__cta');
  return {
    items,
    ctaLabel: cta?.textContent.trim(),
    ctaHref: cta?.matches('a[href]') ? (cta.getAttribute('href') ?? undefined) : undefined,
    menuOpen: root.querySelector<HTMLDetailsElement>('.ds-nav__disclosure')?.open ?? false,
    activeIndex: indexOrNull(active),
    expandedIndex: indexOrNull(
      itemElements.findIndex((item) => item.querySelector(':scope > .ds-nav__section[open]')),
    ),
  };
}
