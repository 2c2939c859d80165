import { useDeferredValue, useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { CSSTransition, TransitionGroup } from 'react-transition-group';
import { Icon } from '../Icon';
import { transitionClasses } from '../transition';
import type { IslandMode, IslandProps } from '../types';
import {
  currentToast,
  dismissToast,
  subscribeToToasts,
  toastVisible,
  type Toast as ToastData,
} from './toast-store';
import { tokenMs } from '../design-tokens' with { type: 'macro' };

export const mode: IslandMode = 'enhance';

/** The toast's enter/exit transition (toast.scss uses the same token). */
const TRANSITION_MS = tokenMs('$duration-dropdown');
const TOAST_TRANSITION = transitionClasses('ds-toast');

interface CardProps {
  toast: ToastData;
  // Injected by TransitionGroup.
  in?: boolean;
  onExited?: () => void;
}

/** One toast card. Owns its node ref: react-transition-group 4.4.5 otherwise calls findDOMNode. */
function ToastCard({ toast, ...transition }: CardProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Committed to the page: its 5000 ms start now, not when it was asked for.
  useEffect(() => {
    toastVisible(toast.id);
  }, [toast.id]);
  return (
    <CSSTransition {...transition} nodeRef={ref} timeout={TRANSITION_MS} classNames={TOAST_TRANSITION}>
      <div ref={ref} className="ds-toast">
        <span className="ds-toast__icon" aria-hidden="true">
          {toast.icon}
        </span>
        <p className="ds-toast__title">{toast.title}</p>
        <button
          type="button"
          className="ds-toast__dismiss"
          aria-label="Dismiss message"
          onClick={dismissToast}
        >
          <Icon name="close" size={20} />
        </button>
      </div>
    </CSSTransition>
  );
}

/**
 * Renders the current toast into the page's live region (the island's root, present in the HTML
 * from the start so screen readers announce what appears in it).
 */
export default function Toast({ root }: IslandProps) {
  const toast = useSyncExternalStore(subscribeToToasts, currentToast);
  // A new toast renders in a background render, not synchronously in the click that asked for
  // it: the click paints first (a slow phone's interaction stays short) and the toast a frame
  // later. A dismissal renders at once, so the toast leaves on time.
  const deferred = useDeferredValue(toast);
  const shown = toast && deferred;
  return createPortal(
    <TransitionGroup component={null}>{shown && <ToastCard key={shown.id} toast={shown} />}</TransitionGroup>,
    root,
  );
}
