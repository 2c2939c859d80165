import { useEffect } from 'react';
import type { IslandMode, IslandProps } from '../types';
import { answerSubmission } from './answer';

export const mode: IslandMode = 'enhance';

/**
 * The contact form once JavaScript runs: a valid submit is stopped and answered (answer.ts); the
 * visitor's entries stay in the fields. The browser's own validation runs first, so an invalid
 * form never gets here. Until this island is live, scripts/main.ts holds submissions for it.
 */
export default function ContactForm({ root }: IslandProps) {
  useEffect(() => {
    if (!(root instanceof HTMLFormElement)) {
      throw new Error('The contact-form island must be placed on a <form> element');
    }
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      answerSubmission(root);
    };
    root.addEventListener('submit', onSubmit);
    return () => {
      root.removeEventListener('submit', onSubmit);
    };
  }, [root]);
  return null;
}
