import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { markupOf } from '../../../tests/support/render-page';
import { keepDraft } from '../../leads/drafts';
import ContactForm from './ContactForm';

const NOTE = /We kept what you typed earlier in this tab/;

/** The form as the build renders it on /contact, with a draft saved by an earlier page load. */
function pageWithForm(draft?: Record<string, string>) {
  if (draft) sessionStorage.setItem('ds-draft:contact-form', JSON.stringify(draft));
  document.body.innerHTML = markupOf('/contact', 'form[data-island="contact-form"]');
  const form = document.querySelector('form')!;
  keepDraft(form);
  return form;
}

describe('contact form island', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  describe('when JavaScript is unavailable or has not loaded the island', () => {
    it('the form has no draft line: nothing is kept without JavaScript', () => {
      document.body.innerHTML = markupOf('/contact', 'form[data-island="contact-form"]');
      expect(screen.queryByText(NOTE)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Clear the form' })).toBeNull();
    });
  });

  describe('when JavaScript is available', () => {
    it('adds nothing to a form that started empty', () => {
      const form = pageWithForm();
      const before = form.innerHTML;
      render(<ContactForm root={form} />);
      expect(screen.queryByText(NOTE)).toBeNull();
      expect(form.innerHTML).toBe(before);
    });

    it('says when entries came back from earlier in this tab, above the submit button', () => {
      const form = pageWithForm({ 'first-name': 'Ada', email: 'ada@example.com' });
      render(<ContactForm root={form} />);
      const note = screen.getByText(NOTE);
      const submit = screen.getByRole('button', { name: 'Book My Free Strategy Session' });
      expect(form.contains(note)).toBe(true);
      expect(note.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('clears the form and forgets the draft, then moves focus to the first field', async () => {
      const user = userEvent.setup();
      const form = pageWithForm({ 'first-name': 'Ada', email: 'ada@example.com' });
      render(<ContactForm root={form} />);
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'First name' }).value).toBe('Ada');

      await user.click(screen.getByRole('button', { name: 'Clear the form' }));

      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'First name' }).value).toBe('');
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('');
      expect(sessionStorage.getItem('ds-draft:contact-form')).toBeNull();
      expect(screen.queryByText(NOTE)).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' }));
    });

    it('drops the line when the form is emptied another way (a delivered lead resets it)', () => {
      const form = pageWithForm({ 'first-name': 'Ada' });
      render(<ContactForm root={form} />);
      act(() => {
        form.reset();
      });
      expect(screen.queryByText(NOTE)).toBeNull();
    });
  });

  describe('when the island fails', () => {
    it('refuses a root that is not a form, so the loader puts the static HTML back', () => {
      const div = document.createElement('div');
      expect(() => render(<ContactForm root={div} />)).toThrow(/must be placed on a <form>/);
    });
  });
});
