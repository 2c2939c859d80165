import {
  startTransition,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { CSSTransition } from 'react-transition-group';
import { token, tokenMs } from '../../build/macros/design-tokens' with { type: 'macro' };
import type { IslandMode, IslandProps } from '../island-types';
import { Icon } from '../Icon';
import { transitionClasses } from '../transition-classes';
import { NavAnchor } from './NavAnchor';
import { NavDropdown } from './NavDropdown';
import { readNavigation } from './read-navigation';
import { useMediaQuery } from './use-media-query';

export const mode: IslandMode = 'replace';

/** Desktop navigation from the lg breakpoint up. */
const DESKTOP_QUERY = `(min-width: ${token("breakpoint('lg')")})`;
const PANEL_MS = tokenMs('$duration-panel');

const panelTransition = {
  ...transitionClasses('ds-nav__panel'),
  // A menu that was already open in the static header stays open, without animating again.
  appear: 'ds-nav__panel--open',
  appearActive: 'ds-nav__panel--open',
  appearDone: 'ds-nav__panel--open',
};

/**
 * The header navigation once JavaScript runs. It renders the same links as the static header
 * (read from it), adds Floating UI dropdowns on desktop and an animated, one-section-at-a-time
 * menu panel on mobile.
 */
export default function Navigation({ root }: IslandProps) {
  // Read during the first render, before React replaces the static markup.
  const [snapshot] = useState(() => readNavigation(root));
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [menuOpen, setMenuOpen] = useState(snapshot.menuOpen && !isDesktop);
  // Keep open the dropdown CSS was showing, so focus inside it survives the takeover, or the
  // mobile row the visitor had expanded.
  const [openIndex, setOpenIndex] = useState(isDesktop ? snapshot.activeIndex : snapshot.expandedIndex);
  const [layout, setLayout] = useState(isDesktop);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Each item with a stable callback for its section, so that opening the menu or one section
  // re-renders only the dropdowns whose `open` changed (NavDropdown is memoised): each runs
  // several Floating UI hooks.
  const items = useMemo(
    () =>
      snapshot.items.map((item, index) => ({
        item,
        onOpenChange: (open: boolean) => {
          setOpenIndex((current) => (open ? index : current === index ? null : current));
        },
      })),
    [snapshot],
  );

  // Crossing the breakpoint starts from a closed menu in the new layout.
  if (layout !== isDesktop) {
    setLayout(isDesktop);
    setMenuOpen(false);
    setOpenIndex(null);
  }

  // A tap or click outside the header closes the mobile menu.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePress);
    };
  }, [menuOpen, root]);

  const closeMenu = () => {
    setMenuOpen(false);
    setOpenIndex(null);
  };

  const closeOnLinkChoice = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) closeMenu();
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    closeMenu();
    toggleRef.current?.focus();
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="ds-nav__toggle"
        aria-expanded={menuOpen}
        aria-controls={panelId}
        data-focus-id="nav-toggle"
        onKeyDown={closeOnEscape}
        onClick={() => {
          // A transition: the tap paints first and the panel a frame later, so a slow phone
          // answers the tap at once instead of after React's render.
          startTransition(() => {
            setMenuOpen((open) => !open);
          });
        }}
      >
        <Icon name={menuOpen ? 'close' : 'menu'} />
        <span>Menu</span>
      </button>
      <CSSTransition nodeRef={panelRef} in={menuOpen} appear timeout={PANEL_MS} classNames={panelTransition}>
        <div
          ref={panelRef}
          id={panelId}
          className="ds-nav__panel"
          onClick={closeOnLinkChoice}
          onKeyDown={closeOnEscape}
        >
          <ul className="ds-nav__list">
            {items.map(({ item, onOpenChange }, index) =>
              item.children.length > 0 ? (
                <NavDropdown
                  key={item.href}
                  item={item}
                  isDesktop={isDesktop}
                  open={openIndex === index}
                  onOpenChange={onOpenChange}
                />
              ) : (
                <li key={item.href} className="ds-nav__item ds-nav__item--enhanced">
                  <NavAnchor link={item} className="ds-nav__link" />
                </li>
              ),
            )}
          </ul>
          {snapshot.ctaLabel &&
            (snapshot.ctaHref ? (
              <a
                className="ds-button ds-button--primary ds-nav__cta"
                href={snapshot.ctaHref}
                data-focus-id="nav-cta"
              >
                {snapshot.ctaLabel}
              </a>
            ) : (
              <button
                type="button"
                className="ds-button ds-button--primary ds-nav__cta"
                data-toast
                data-focus-id="nav-cta"
              >
                {snapshot.ctaLabel}
              </button>
            ))}
        </div>
      </CSSTransition>
    </>
  );
}
