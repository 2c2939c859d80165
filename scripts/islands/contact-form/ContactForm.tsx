import { useEffect } from 'react';
import type { IslandMode, IslandProps } from '../types';
import { showToast } from '../toast/toast-store';

export const mode: IslandMode = 'enhance';

/**
 * The contact form once JavaScript runs. Submissions are not sent anywhere yet (SPEC section 7):
 * a valid submit is stopped and the placeholder toast explains; the visitor's entries stay in
 * the fields. The browser's own validation runs first, so an invalid form never gets here.
 */
export default function ContactForm({ root }: IslandProps) {
  useEffect(() => {
    if (!(root instanceof HTMLFormElement)) {
      throw new Error('The contact-form island must be placed on a <form> element');
    }
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      showToast();
    };
    root.addEventListener('submit', onSubmit);
    return () => {
      root.removeEventListener('submit', onSubmit);
    };
  }, [root]);
  return null;
}
