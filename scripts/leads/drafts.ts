/**
 * What a visitor types into a form survives a reload, a crashed tab and back/forward: it is kept
 * in sessionStorage (this tab only, gone when the tab closes), never in localStorage, a cookie or
 * a URL. The form's fields are keyed by id; they have no `name` (see partials/contact-form.html).
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const KEY_PREFIX = 'ds-draft:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled by the visitor: the form works, it just forgets
  }
}

function fieldsOf(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (element): element is Field =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement) &&
      element.id !== '',
  );
}

function read(key: string): Record<string, string> {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(key) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Fills empty fields from the saved draft, then saves every change. A form that got entries back
 * says so in `data-draft="restored"` (the contact-form island offers to clear them); resetting the
 * form forgets its draft.
 */
export function keepDraft(form: HTMLFormElement): void {
  const key = KEY_PREFIX + form.id;
  const saved = read(key);
  for (const field of fieldsOf(form)) {
    const value = saved[field.id];
    // Never overwrite what the browser restored or autofilled.
    if (typeof value === 'string' && value !== '' && field.value === '') {
      field.value = value;
      form.dataset.draft = 'restored';
    }
  }
  form.addEventListener('reset', () => {
    clearDraft(form.id);
  });
  const save = (): void => {
    const draft = Object.fromEntries(fieldsOf(form).map((field) => [field.id, field.value]));
    try {
      storage()?.setItem(key, JSON.stringify(draft));
    } catch {
      // Quota or privacy mode: keeping a draft is a nicety, never a reason to fail.
    }
  };
  form.addEventListener('input', save);
  form.addEventListener('change', save);
}

/** Forgets a form's draft, once what it held has been delivered. */
export function clearDraft(formId: string): void {
  try {
    storage()?.removeItem(KEY_PREFIX + formId);
  } catch {
    // Nothing to forget.
  }
}
