import { showToast } from '../toast/toast-store';

/**
 * What a valid contact-form submission does, whoever receives it: the island, or the entry
 * script when the island cannot load. Nothing is sent anywhere: the placeholder toast explains,
 * and the visitor's entries stay in the fields (and in their draft).
 */
export function answerSubmission(): void {
  showToast();
}
