import {
  autoUpdate,
  safePolygon,
  shift,
  useDismiss,
  useFloating,
  useHover,
  useInteractions,
  useMergeRefs,
  useTransitionStatus,
} from '@floating-ui/react';
import { memo, useEffect, useId, useRef, type FocusEvent } from 'react';
import { tokenMs } from '../../build/macros/design-tokens' with { type: 'macro' };
import { Icon } from '../Icon';
import { NavAnchor } from './NavAnchor';
import type { NavItem } from './read-navigation';

const DROPDOWN_MS = tokenMs('$duration-dropdown');

interface NavDropdownProps {
  item: NavItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isDesktop: boolean;
}

/**
 * A top-level item with sub-links, as a WAI-ARIA APG disclosure.
 * - Desktop: the item's own page stays a link, and a separate chevron button shows or hides the
 *   sub-links, which float below the item (Floating UI) and open on hover too.
 * - Mobile: the whole row is the button (the spec: tapping an item with a sub-menu expands or
 *   collapses it), and the section's own page is the first entry of its sub-list.
 */
export const NavDropdown = memo(function NavDropdown({
  item,
  open,
  onOpenChange,
  isDesktop,
}: NavDropdownProps) {
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

  // The hover that loaded this island rests on its item: Floating UI opens on the next mouse
  // move only, so an item under the pointer when the island takes over opens at once. The
  // browser updates what is hovered once the new markup is laid out: a frame later; a pointer
  // that left meanwhile opens nothing.
  const itemRef = useRef<HTMLLIElement>(null);
  const itemRefs = useMergeRefs([setReference, itemRef]);
  useEffect(() => {
    const item = itemRef.current;
    if (!isDesktop || !item) return undefined;
    let left = false;
    const leave = () => {
      left = true;
    };
    item.addEventListener('pointerleave', leave, { once: true });
    const frame = requestAnimationFrame(() => {
      if (!left && item.matches(':hover')) onOpenChange(true);
    });
    return () => {
      cancelAnimationFrame(frame);
      item.removeEventListener('pointerleave', leave);
    };
    // Once, when the island takes over (or the screen becomes wide): not on every open or close.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isDesktop]);

  // Tabbing out of an open dropdown closes it.
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLLIElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget)) onOpenChange(false);
  };

  const subLinks = item.children.map((child) => (
    <li key={child.href}>
      <NavAnchor link={child} className="ds-nav__sublink" />
    </li>
  ));

  if (!isDesktop) {
    return (
      <li className="ds-nav__item ds-nav__item--enhanced">
        <button
          type="button"
          className="ds-nav__link ds-nav__row"
          aria-expanded={open}
          aria-controls={listId}
          aria-current={item.current}
          // The static row (a <summary>) has the same id, so focus on it survives the takeover.
          data-focus-id={item.href}
          onClick={() => {
            onOpenChange(!open);
          }}
        >
          {item.label}
          <Icon name="chevron" size={16} />
        </button>
        <ul id={listId} className="ds-nav__sublist" hidden={!open}>
          <li>
            <NavAnchor link={{ ...item, label: `${item.label} overview` }} className="ds-nav__sublink" />
          </li>
          {subLinks}
        </ul>
      </li>
    );
  }

  return (
    <li
      ref={itemRefs}
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
          // A mouse click lands after hovering has already opened the dropdown, so it keeps it
          // open; a keyboard activation (detail 0) toggles.
          onOpenChange(event.detail > 0 ? true : !open);
        }}
      >
        <span className="ds-visually-hidden">{item.label} pages</span>
        <Icon name="chevron" size={16} />
      </button>
      <ul
        ref={setFloating}
        id={listId}
        className="ds-nav__sublist"
        hidden={!isMounted}
        data-status={status}
        style={floatingStyles}
        {...getFloatingProps()}
      >
        {subLinks}
      </ul>
    </li>
  );
});
