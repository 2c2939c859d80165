import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { IslandMode, IslandProps } from '../island-types';

export const mode: IslandMode = 'enhance';

/**
 * The contact form once the visitor starts on it. Submits are answered by the entry script
 * (scripts/page/contact-form-submits.ts) whether or not this island is live; what the island adds
 * is for a form whose entries came back from an earlier visit in this tab (a reload, back and
 * forth: scripts/leads/drafts.ts marks it `data-draft="restored"`): a line above the submit button
 * that says so, with a button that clears the form and forgets those entries, on a shared computer
 * say. Nothing changes for a form that starts empty.
 */
export default function ContactForm({ root }: IslandProps) {
  if (!(root instanceof HTMLFormElement)) {
    throw new Error('The contact-form island must be placed on a <form> element');
  }
  const [restored, setRestored] = useState(() => root.dataset.draft === 'restored');
  const [slot] = useState(() => document.createElement('div'));

  // The line goes in only while it is shown, so a form without a draft keeps its layout.
  useLayoutEffect(() => {
    if (!restored) return undefined;
    root.querySelector('[type="submit"]')?.before(slot);
    return () => {
      slot.remove();
    };
  }, [restored, root, slot]);

  // However the form is emptied (this button, a delivered lead), the line goes with its entries.
  useEffect(() => {
    const onReset = () => {
      delete root.dataset.draft;
      setRestored(false);
    };
    root.addEventListener('reset', onReset);
    return () => {
      root.removeEventListener('reset', onReset);
    };
  }, [root]);

  if (!restored) return null;
  return createPortal(
    <p className="ds-contact-form__draft">
      We kept what you typed earlier in this tab.{' '}
      <button
        type="button"
        className="ds-contact-form__clear"
        onClick={() => {
          root.reset();
          root.querySelector<HTMLElement>('input, select, textarea')?.focus();
        }}
      >
        Clear the form
      </button>
    </p>,
    slot,
  );
}
