import { toastVisible, type Toast } from './toast-store';

/**
 * Shows the toast as plain text in the page's live region, for when the toast island cannot
 * load (or is slow): the visitor reads the same words, and screen readers hear them, without
 * React. `null` removes it. Like the island, it starts the toast's 5000 ms once it is shown.
 */
export function renderPlainToast(region: HTMLElement, toast: Toast | null): void {
  region.querySelector('[data-plain-toast]')?.remove();
  if (!toast) return;
  const card = document.createElement('div');
  card.className = 'ds-toast';
  card.dataset.plainToast = '';
  const icon = document.createElement('span');
  icon.className = 'ds-toast__icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = toast.icon;
  const title = document.createElement('p');
  title.className = 'ds-toast__title';
  title.textContent = toast.title;
  card.append(icon, title);
  region.append(card);
  toastVisible(toast.id);
}
