import { dismissToast, toastVisible, type Toast } from './toast-store';

/**
 * A toast's card, from the page's `<template id="toast-card">` (partials/toast.html): the one
 * markup of a toast, which the entry script's plain toast and the toast island both show. Its
 * dismiss button removes the toast; null where the page has no template.
 */
export function toastCard(toast: Toast): HTMLElement | null {
  const template = document.getElementById('toast-card');
  const card = template instanceof HTMLTemplateElement ? template.content.firstElementChild : null;
  if (!card) return null;
  const copy = card.cloneNode(true) as HTMLElement;
  const [icon, title, dismiss] = ['icon', 'title', 'dismiss'].map((part) =>
    copy.querySelector(`.ds-toast__${part}`),
  );
  if (icon) icon.textContent = toast.icon;
  if (title) title.textContent = toast.title;
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
