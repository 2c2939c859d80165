/**
 * The page's one toast, as plain state without React, so that any script can show a toast
 * before the toast island has loaded. The island renders whatever this holds.
 */
import { placeholderToast } from '../build/macros/placeholder-toast' with { type: 'macro' };

/** The message for every action that is not built yet (Get Started, Call Now, package buttons, a valid contact form). */
export const PLACEHOLDER_TOAST = placeholderToast();

/** How long a toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  icon: string;
  title: string;
}

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function publish(toast: Toast | null): void {
  current = toast;
  for (const listener of listeners) listener();
}

/**
 * Shows a toast, replacing the one on screen. It is dismissed TOAST_DURATION_MS after whatever
 * renders it reports it visible (toastVisible): the toast island is fetched with the first toast,
 * and the visitor gets the full time to read it however long that takes.
 */
export function showToast(content: Omit<Toast, 'id'> = PLACEHOLDER_TOAST): Toast {
  clearTimeout(timer);
  timer = undefined;
  const toast = { ...content, id: nextId++ };
  publish(toast);
  return toast;
}

/** Starts the toast's time on screen, once: called by what renders it, when it is visible. */
export function toastVisible(id: number): void {
  if (current?.id !== id || timer !== undefined) return;
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
}

/** Removes the toast on screen, if any. */
export function dismissToast(): void {
  clearTimeout(timer);
  timer = undefined;
  if (current) publish(null);
}

/** The toast on screen, or null. */
export function currentToast(): Toast | null {
  return current;
}

/** Calls `listener` whenever the toast changes; returns a function that stops it. */
export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
