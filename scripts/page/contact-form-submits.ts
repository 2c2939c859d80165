import { submitWithoutFormCode } from './submit-without-form-code';

/** The leads chunk (scripts/leads/leads.ts), or what a test gives instead. */
type Leads = () => Promise<{ submitContactForm: (form: HTMLFormElement) => void }>;

/**
 * Answers every valid submit of the contact forms at once, on the page: through the leads chunk
 * (the placeholder toast, or the lead's delivery), or, if that chunk cannot be downloaded, without
 * it. A submit never leaves the page, whether or not any island is live. The browser's own
 * validation runs first, so an invalid form never gets here.
 */
export function answerContactFormSubmits(forms: HTMLFormElement[], leads: Leads): void {
  for (const form of forms) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      leads().then(
        ({ submitContactForm }) => {
          submitContactForm(form);
        },
        () => {
          submitWithoutFormCode(form);
        },
      );
    });
  }
}
