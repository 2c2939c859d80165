/**
 * The only script every page loads. It is tiny and does not import React: islands are fetched
 * when a visitor first interacts with them, so the page paints and reads from HTML and CSS alone.
 *
 * It is also the first line of defence of the lead path: whatever happens to the islands' code
 * (slow, blocked, failing), a call to action always answers and a submit never leaves the page.
 */
import { correctFooterYear } from './footer-year';
import { answerSubmission, leadDelivered } from './islands/contact-form/answer';
import { keepDraft } from './islands/contact-form/draft';
import { startDelivery } from './islands/contact-form/lead-outbox';
import { islandRegistry } from './islands/registry';
import { startIslands } from './islands/start';
import { renderPlainToast } from './islands/toast/plain-toast';
import { currentToast, showToast, subscribeToToasts } from './islands/toast/toast-store';
import { whenShown } from './when-shown';

/** How long a visitor waits for an island before the entry script answers for it. */
const FEEDBACK_DEADLINE_MS = 1000;

// Styles for JavaScript-only controls key off this class (see the `when-js` mixin).
document.documentElement.classList.add('ds-js');

correctFooterYear(document);

const islands = startIslands(document, islandRegistry);

/** Whether an island's load made it live within the deadline (it may still mount later). */
function liveInTime(loading: Promise<boolean>): Promise<boolean> {
  const deadline = new Promise<false>((resolve) => setTimeout(resolve, FEEDBACK_DEADLINE_MS, false));
  return Promise.race([loading, deadline]);
}

// The toast island renders whatever the store holds, so it is fetched with the first toast. If
// it is slow or cannot load, the same words appear as plain text in the same live region.
const toastRegion = document.querySelector<HTMLElement>('[data-island="toast"]');
if (toastRegion) {
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

whenShown(() => {
  // The contact form: entries survive reloads, and a submit before its island is live (a slow
  // phone, a failed download) is held for the island, or answered here if it does not come.
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-island="contact-form"]')) {
    keepDraft(form);
    form.addEventListener('submit', (event) => {
      if (form.dataset.islandState === 'mounted') return; // the island answers
      event.preventDefault();
      void liveInTime(islands.load('contact-form')).then((live) =>
        live ? form.requestSubmit() : answerSubmission(form),
      );
    });
  }

  // Leads (when a lead endpoint is set) that an earlier page of this tab could not deliver.
  startDelivery(leadDelivered);
});
