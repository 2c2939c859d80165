import { showToast } from '../toast/toast-store';

/**
 * Answers a valid submit when the lead-path chunk (lead-path.ts) cannot be downloaded. With no
 * lead endpoint (the default) that is the placeholder toast, as everywhere; with one, the form is
 * posted as it is without JavaScript, so the lead still reaches the endpoint.
 */
export function answerWithoutLeadPath(form: HTMLFormElement): void {
  if (form.method === 'post') form.submit();
  else showToast();
}
