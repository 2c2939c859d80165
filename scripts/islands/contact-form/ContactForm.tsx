import { useEffect } from 'react';
import type { IslandMode, IslandProps } from '../types';
import { answerWithoutLeadPath } from './answer-without-lead-path';

export const mode: IslandMode = 'enhance';

/**
 * The contact form once JavaScript runs: a valid submit is stopped and answered (answer.ts, through
 * the lead-path chunk the entry script has already loaded on this page, so the outbox is one); the
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
      import('./lead-path').then(
        ({ answerSubmission }) => {
          answerSubmission(root);
        },
        () => {
          answerWithoutLeadPath(root);
        },
      );
    };
    root.addEventListener('submit', onSubmit);
    return () => {
      root.removeEventListener('submit', onSubmit);
    };
  }, [root]);
  return null;
}
