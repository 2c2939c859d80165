import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as toasts from '../toast/toast-store';
import ContactForm from './ContactForm';

/** The form as partials/contact-form.html ships it (the fields that matter here). */
function renderForm() {
  document.body.innerHTML = `
    <form action="#contact-form-help" method="get">
      <label for="first">First name</label><input id="first" required>
      <label for="email">Email address</label><input id="email" type="email" required>
      <label for="focus">Type of real estate investing</label>
      <select id="focus" required><option value="">Select your focus</option><option value="rental">Rental</option></select>
      <button type="submit">Book My Free Strategy Session</button>
    </form>`;
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
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Type of real estate investing' }),
      'rental',
    );
    await user.click(screen.getByRole('button', { name: 'Book My Free Strategy Session' }));

    expect(submitted).toHaveReturnedWith(true);
    expect(show).toHaveBeenCalledTimes(1);
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
