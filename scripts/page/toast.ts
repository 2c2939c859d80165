/**
 * The page's one toast: its state, without React, so that any script can show a toast before the
 * toast island has loaded, and its card, which the island and the entry script's plain toast both
 * show. One module, so that the entry script shares one with the island's chunk.
 */
/** How long a toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5000;

/**
 * A toast's own icon and words. Without them it is the placeholder, for every action that is not
 * built yet (Get Started, Call Now, package buttons, a valid contact form): the page's toast
 * template holds its words (pages/_data/messages.json), so no script carries them.
 */
export interface Toast {
  id: number;
  icon?: string;
  title?: string;
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
export function showToast(content: Omit<Toast, 'id'> = {}): Toast {
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

/**
 * A toast's card, from the page's `<template id="toast-card">` (partials/toast.html): the one
 * markup of a toast, which the entry script's plain toast and the toast island both show. A toast
 * without words of its own keeps the template's (the placeholder's). Its dismiss button removes
 * the toast; null where the page has no template.
 */
export function toastCard(toast: Toast): HTMLElement | null {
  const template = document.getElementById('toast-card');
  const card = template instanceof HTMLTemplateElement ? template.content.firstElementChild : null;
  if (!card) return null;
  const copy = card.cloneNode(true) as HTMLElement;
  const [icon, title, dismiss] = ['icon', 'title', 'dismiss'].map((part) =>
    copy.querySelector(`.ds-toast__${part}`),
  );
  if (icon && toast.icon) icon.textContent = toast.icon;
  if (title && toast.title) title.textContent = toast.title;
  dismiss?.addEventListener('click', dismissToast);
  return copy;
}

/**
 * Shows the toast in the page's live region without React, for when the toast island cannot
 * load (or is slow): the visitor reads the same words, and screen readers hear them. `null`
 * removes it. Like the island, it starts the toast's 5000 ms once it is shown.
 */
export function renderPlainToast(region: HTMLElement, toast: Toast | null): void {
  region.querySelector('[data-plain-toast]')?.remove();
  const card = toast && toastCard(toast);
  if (!toast || !card) return;
  card.dataset.plainToast = '';
  region.append(card);
  toastVisible(toast.id);
}
