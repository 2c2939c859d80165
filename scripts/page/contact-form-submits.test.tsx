import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markupOf } from '../../tests/support/render-page';
import { answerContactFormSubmits } from './contact-form-submits';
import * as toasts from './toast';

/** The form as the build renders it on /contact, its submits answered as on the page. */
function renderForm(leads: Parameters<typeof answerContactFormSubmits>[1] = () => import('../leads/leads')) {
  document.body.innerHTML = markupOf('/contact', 'form[data-island="contact-form"]');
  const form = document.querySelector('form')!;
  answerContactFormSubmits([form], leads);
  return form;
}

/** Fills in every required field, as a visitor would, and submits. */
async function submitValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '555 0100');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type of real estate investing' }), 'rental');
  await user.click(screen.getByRole('button', { name: 'Book My Free Strategy Session' }));
}

describe('contact form submits', () => {
  afterEach(() => {
    toasts.dismissToast();
  });

  it.each([
    ['through the leads chunk', () => import('../leads/leads')],
    ['without the leads chunk when it cannot be downloaded', () => Promise.reject(new Error('blocked'))],
  ] as const)(
    'stops a valid submission and answers it %s: the toast, and what the visitor typed kept',
    async (_, leads) => {
      const user = userEvent.setup();
      const show = vi.spyOn(toasts, 'showToast');
      const form = renderForm(leads);
      const submitted = vi.fn((event: SubmitEvent) => event.defaultPrevented);
      // Registered after the page's listener, so it sees whether that listener prevented the default.
      form.addEventListener('submit', (event) => submitted(event));

      await submitValidForm(user);

      expect(submitted).toHaveReturnedWith(true);
      await vi.waitFor(() => {
        expect(show).toHaveBeenCalledTimes(1);
      });
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'First name' }).value).toBe('Ada');
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe(
        'ada@example.com',
      );
    },
  );

  it('leaves an invalid form to the browser: no submission, no toast', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toasts, 'showToast');
    const form = renderForm();
    const submitted = vi.fn();
    form.addEventListener('submit', submitted);

    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Book My Free Strategy Session' }));

    expect(form.checkValidity()).toBe(false);
    expect(submitted).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });
});
