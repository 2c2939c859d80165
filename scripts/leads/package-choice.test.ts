import { describe, expect, it } from 'vitest';
import { choosePackage } from './package-choice';

/** A form with the live package field (partials/contact-form.html), as the build writes it. */
function formWithPackages(): HTMLFormElement {
  document.body.innerHTML = `<form>
    <select id="package"><option value="">Not sure yet</option><option value="Starter">Starter</option><option value="Growth">Growth</option></select>
  </form>`;
  return document.querySelector('form')!;
}

describe('the package chosen on /pricing', () => {
  it('is chosen in the form, as if by hand, so that the draft keeps it', () => {
    const form = formWithPackages();
    const changes: string[] = [];
    form.addEventListener('change', (event) => changes.push((event.target as HTMLSelectElement).value));
    choosePackage(form, '?package=Growth');
    expect(form.querySelector('select')!.value).toBe('Growth');
    expect(changes).toEqual(['Growth']);
  });

  it('leaves the field as it is for a package it does not offer (an old link) or none', () => {
    const form = formWithPackages();
    for (const search of ['?package=Enterprise', '?utm_source=google', '']) {
      choosePackage(form, search);
      expect(form.querySelector('select')!.value, search).toBe('');
    }
  });

  it('does nothing to a form without the field (the calls to action are placeholders)', () => {
    document.body.innerHTML = '<form><input id="email"></form>';
    expect(() => choosePackage(document.querySelector('form')!, '?package=Growth')).not.toThrow();
  });
});
