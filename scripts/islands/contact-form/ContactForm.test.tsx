import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as toasts from '../toast/toast-store';
import { markupOf } from '../../../tests/support/render-page';
import ContactForm from './ContactForm';

/** The form as the build renders it on /contact. */
function renderForm() {
  document.body.innerHTML = markupOf('/contact', 'form[data-island="contact-form"]');
  const form = document.querySelector('form')!;
  render(<ContactForm root={form} />);
  return form;
}

describe('contact form island', () => {
  afterEach(() => {
    toasts.dismissToast();
  });

  it('stops a valid submission, shows the toast and keeps what the visitor typed', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toasts, 'showToast');
    const form = renderForm();
    const submitted = vi.fn((event: SubmitEvent) => event.defaultPrevented);
    // Registered after the island's listener, so it sees whether the island prevented the default.
    form.addEventListener('submit', (event) => submitted(event));

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '555 0100');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Type of real estate investing' }),
      'rental',
    );
    await user.click(screen.getByRole('button', { name: 'Book My Free Strategy Session' }));

    expect(submitted).toHaveReturnedWith(true);
    // Answered through the lead-path chunk, which the island imports on submit.
    await vi.waitFor(() => {
      expect(show).toHaveBeenCalledTimes(1);
    });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'First name' }).value).toBe('Ada');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe(
      'ada@example.com',
    );
  });

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
