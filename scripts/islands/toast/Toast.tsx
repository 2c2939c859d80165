import { useDeferredValue, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CSSTransition, TransitionGroup } from 'react-transition-group';
import { tokenMs } from '../../build/macros/design-tokens' with { type: 'macro' };
import {
  currentToast,
  toastCard,
  subscribeToToasts,
  toastVisible,
  type Toast as ToastData,
} from '../../page/toast';
import type { IslandMode, IslandProps } from '../island-types';
import { transitionClasses } from '../transition-classes';

export const mode: IslandMode = 'enhance';

/** The toast's enter/exit transition (_toast.scss uses the same token). */
const TRANSITION_MS = tokenMs('$duration-toast');
const TOAST_TRANSITION = transitionClasses('ds-toast');

interface CardProps {
  toast: ToastData;
  region: HTMLElement;
  // Injected by TransitionGroup.
  in?: boolean;
  onExited?: () => void;
}

/**
 * One toast's card: the page's own markup (toastCard, the same as the plain toast), put into the
 * live region and moved in and out by react-transition-group.
 */
function ToastCard({ toast, region, ...transition }: CardProps) {
  const [card] = useState(() => toastCard(toast));
  const ref = useRef(card);
  useLayoutEffect(() => {
    if (!card) return undefined;
    region.append(card);
    return () => {
      card.remove();
    };
  }, [card, region]);
  // Committed to the page: its 5000 ms start now, not when it was asked for.
  useEffect(() => {
    toastVisible(toast.id);
  }, [toast.id]);
  return (
    <CSSTransition {...transition} nodeRef={ref} timeout={TRANSITION_MS} classNames={TOAST_TRANSITION}>
      {() => null}
    </CSSTransition>
  );
}

/**
 * Shows the current toast in the page's live region (the island's root, present in the HTML from
 * the start so screen readers announce what appears in it), with an enter and exit transition.
 */
export default function Toast({ root }: IslandProps) {
  const toast = useSyncExternalStore(subscribeToToasts, currentToast);
  // A new toast renders in a background render, not synchronously in the click that asked for
  // it: the click paints first (a slow phone's interaction stays short) and the toast a frame
  // later. A dismissal renders at once, so the toast leaves on time.
  const deferred = useDeferredValue(toast);
  const shown = toast && deferred;
  return (
    <TransitionGroup component={null}>
      {shown && <ToastCard key={shown.id} toast={shown} region={root} />}
    </TransitionGroup>
  );
}
