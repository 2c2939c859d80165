import {
  autoUpdate,
  safePolygon,
  shift,
  useDismiss,
  useFloating,
  useHover,
  useInteractions,
  useTransitionStatus,
} from '@floating-ui/react';
import { useId, useRef, type FocusEvent } from 'react';
import { Icon } from '../Icon';
import { NavAnchor } from './NavAnchor';
import type { NavItem } from './read-navigation';

/** Matches $duration-dropdown in the Sass tokens. */
const DROPDOWN_MS = 200;

interface NavDropdownProps {
  item: NavItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isDesktop: boolean;
}

/**
 * A top-level item with sub-links, as a WAI-ARIA APG disclosure: the item's own page stays a
 * link, and a separate button shows or hides the sub-links. On desktop the sub-links float below
 * the item (Floating UI) and open on hover too; on mobile they expand in place.
 */
export function NavDropdown({ item, open, onOpenChange, isDesktop }: NavDropdownProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const {
    // Floating UI's ref setters are stable callbacks, not methods that need `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange(next, _event, reason) {
      onOpenChange(next);
      if (!next && reason === 'escape-key') toggleRef.current?.focus();
    },
    placement: 'bottom-start',
    // Top/left positioning leaves `transform` free for the open/close transition.
    transform: false,
    middleware: [shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const hover = useHover(context, { enabled: isDesktop, handleClose: safePolygon(), delay: { close: 80 } });
  const dismiss = useDismiss(context, { enabled: isDesktop });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, dismiss]);
  const { isMounted, status } = useTransitionStatus(context, { duration: DROPDOWN_MS });
  const visible = isDesktop ? isMounted : open;

  // Tabbing out of an open dropdown closes it.
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLLIElement>) => {
    if (open && isDesktop && !event.currentTarget.contains(event.relatedTarget)) onOpenChange(false);
  };

  return (
    <li
      ref={setReference}
      className="ds-nav__item ds-nav__item--enhanced"
      {...getReferenceProps({ onBlur: closeWhenFocusLeaves })}
    >
      <NavAnchor link={item} className="ds-nav__link" />
      <button
        ref={toggleRef}
        type="button"
        className="ds-nav__expand"
        aria-expanded={open}
        aria-controls={listId}
        onClick={(event) => {
          // A desktop mouse click lands after hovering has already opened the dropdown, so it keeps
          // it open; keyboard (detail 0) and touch-layout activations toggle.
          onOpenChange(isDesktop && event.detail > 0 ? true : !open);
        }}
      >
        <span className="ds-visually-hidden">{item.label} pages</span>
        <Icon name="chevron" size={16} />
      </button>
      <ul
        ref={setFloating}
        id={listId}
        className="ds-nav__sublist"
        hidden={!visible}
        data-status={isDesktop ? status : undefined}
        style={isDesktop ? floatingStyles : undefined}
        {...getFloatingProps()}
      >
        {item.children.map((child) => (
          <li key={child.href}>
            <NavAnchor link={child} className="ds-nav__sublink" />
          </li>
        ))}
      </ul>
    </li>
  );
}
