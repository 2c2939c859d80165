import { showToast } from '../page/toast';
import { clearDraft } from './drafts';
import { deliverNow, isPending, queueLead, type Lead, type Refusal } from './outbox';
import { visitSource } from './visit-source';

const SENDING_ICON = '⏳';
const SENT_ICON = '✅';
const NOT_SENT_ICON = '⚠️';

/** The lead endpoint the form posts to, or null when none is set (site.json `leadEndpoint`). */
function endpointOf(form: HTMLFormElement): string | null {
  return form.method === 'post' ? form.action : null;
}

/** A message from the form's `<template data-lead-message="…">` (partials/contact-form.html). */
function message(form: HTMLFormElement, name: string): string {
  const template = form.querySelector<HTMLTemplateElement>(`template[data-lead-message="${name}"]`);
  return (template?.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The form's named entries (fields are named only when a lead endpoint is set). */
function entriesOf(form: HTMLFormElement): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') entries[name] = value;
  return entries;
}

/**
 * What a valid contact-form submit does (the entry script calls it for every submit).
 * - No lead endpoint (the default): nothing is sent anywhere; the placeholder toast explains and
 *   the entries stay in the fields.
 * - A lead endpoint: the lead is queued and sent (outbox.ts); the live region says it is
 *   on its way, and then that it arrived (leadDelivered) or that it will be sent again.
 */
export function submitContactForm(form: HTMLFormElement): void {
  const endpoint = endpointOf(form);
  if (!endpoint) {
    showToast();
    return;
  }
  const lead = queueLead({
    endpoint,
    form: form.id,
    page: location.pathname,
    confirmation: message(form, 'sent'),
    startedAt: form.dataset.startedAt,
    fields: entriesOf(form),
    source: visitSource(),
  });
  showToast({ icon: SENDING_ICON, title: message(form, 'sending') });
  void deliverNow().then(() => {
    if (isPending(lead.id)) showToast({ icon: NOT_SENT_ICON, title: message(form, 'not-sent') });
  });
}

/**
 * Once a lead has arrived, on whichever page of the tab that happens: confirm it, forget its
 * draft, and empty the form if it still holds exactly what was sent.
 */
export function leadDelivered(lead: Lead): void {
  clearDraft(lead.form);
  const form = document.getElementById(lead.form);
  if (form instanceof HTMLFormElement && JSON.stringify(entriesOf(form)) === JSON.stringify(lead.fields)) {
    form.reset();
  }
  showToast({ icon: SENT_ICON, title: lead.confirmation });
}

/**
 * When the endpoint refused a lead for what it holds (a field the browser let through, as a phone
 * number of three digits): say why, in the endpoint's words, and take the visitor to the first
 * field it named. The entries and their draft stay, to fix and send again.
 */
export function leadRefused(lead: Lead, refusal: Refusal): void {
  const form = document.getElementById(lead.form);
  const refused = form instanceof HTMLFormElement ? message(form, 'refused') : '';
  showToast({ icon: NOT_SENT_ICON, title: [...refusal.reasons, refused].filter(Boolean).join(' ') });
  const field = refusal.field && form?.querySelector<HTMLElement>(`#${CSS.escape(refusal.field)}`);
  if (field) {
    field.setAttribute('aria-invalid', 'true');
    field.focus();
  }
}
