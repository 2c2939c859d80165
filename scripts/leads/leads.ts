/**
 * The contact form's own code (no React), as one chunk that the entry script loads only where it
 * is needed: on a page with a form, or on any page while a lead is still waiting to be delivered.
 * Pages without a form (all but /contact) do not download it.
 */
import { keepDraft } from './drafts';
import { startDelivery } from './outbox';
import { choosePackage } from './package-choice';
import { leadDelivered, leadRefused, submitContactForm } from './submit';

export { submitContactForm };

/**
 * Keeps each form's draft, chooses the package its address names, and delivers the leads an
 * earlier page of this tab left pending.
 */
export function startLeads(forms: HTMLFormElement[]): void {
  for (const form of forms) {
    keepDraft(form);
    choosePackage(form);
    // The visitor's first keystroke, not a restored draft's (untrusted) events: the lead carries
    // it, and the receiver takes a lead typed faster than a person types for spam.
    form.addEventListener('input', (event) => {
      if (event.isTrusted) form.dataset.startedAt ??= new Date().toISOString();
    });
  }
  startDelivery(leadDelivered, leadRefused);
}
