/**
 * The only script every page loads. It is tiny and does not import React: islands are fetched
 * when a visitor first interacts with them, so the page paints and reads from HTML and CSS alone.
 * What it imports statically is in scripts/page/ (every page, no React); scripts/leads/ and
 * scripts/islands/ are chunks it loads when they are needed.
 *
 * It is also the first line of defence of a visitor's request: whatever happens to the islands'
 * code (slow, blocked, failing), a call to action always answers and a submit never leaves the page.
 */
import { outboxKey } from './build/macros/storage-keys' with { type: 'macro' };
import { recordAttribution } from './page/attribution';
import { answerContactFormSubmits } from './page/contact-form-submits';
import { correctFooterYear } from './page/footer-year';
import { startIslands, type IslandController } from './page/island-loader';
import { currentToast, renderPlainToast, showToast, subscribeToToasts } from './page/toast';
import { whenParsed } from './page/when-parsed';
import { whenShown } from './page/when-shown';

/** How long a visitor waits for an island before the entry script answers for it. */
const FEEDBACK_DEADLINE_MS = 1000;

// Styles for JavaScript-only controls key off this class (see the `when-js` mixin).
document.documentElement.classList.add('ds-js');
// The visit's first page, for the lead it may bring: at once, before any navigation can leave it.
recordAttribution();

/** Whether an island's load made it live within the deadline (it may still mount later). */
function liveInTime(loading: Promise<boolean>): Promise<boolean> {
  const deadline = new Promise<false>((resolve) => setTimeout(resolve, FEEDBACK_DEADLINE_MS, false));
  return Promise.race([loading, deadline]);
}

/**
 * The toast island shows whatever the store holds, so it is fetched with the first toast. If it
 * is slow or cannot load, the same card appears without it in the same live region.
 */
function answerToasts(islands: IslandController): void {
  const toastRegion = document.querySelector<HTMLElement>('[data-island="toast"]');
  if (!toastRegion) return;
  subscribeToToasts(() => {
    const toast = currentToast();
    if (!toast) {
      renderPlainToast(toastRegion, null);
      return;
    }
    const loading = islands.load('toast');
    void loading.then((live) => {
      if (live) renderPlainToast(toastRegion, null);
    });
    void liveInTime(loading).then((live) => {
      if (!live && currentToast() === toast) renderPlainToast(toastRegion, toast);
    });
  });
}

// Declarative trigger: any element with data-toast shows the placeholder toast when clicked,
// so pages need no script of their own for actions that are not built yet.
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-toast]')) showToast();
});

/** Whether this tab holds a lead that an earlier page could not deliver yet. */
function hasLeadToDeliver(): boolean {
  try {
    return sessionStorage.getItem(outboxKey()) !== null;
  } catch {
    return false; // storage disabled: the outbox lived in the memory of a page that is gone
  }
}

/** The contact form's drafts, submits and lead delivery: a chunk of its own (scripts/leads/). */
const leads = () => import('./leads/leads');

/** The contact forms' drafts and submits, and leads an earlier page left to deliver. */
function startContactForms(): void {
  whenShown(() => {
    const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-island="contact-form"]')];
    if (forms.length === 0 && !hasLeadToDeliver()) return;
    // Entries survive reloads, and leads left pending by an earlier page of this tab are delivered.
    leads().then(
      ({ startLeads }) => startLeads(forms),
      () => undefined, // retried by the next submit
    );
    answerContactFormSubmits(forms, leads);
  });
}

// Last, once everything above is defined: from the cache the page may already be parsed.
whenParsed(() => {
  correctFooterYear(document);
  const islands = startIslands(document, () => import('./islands/mount'));
  answerToasts(islands);
  startContactForms();
});
