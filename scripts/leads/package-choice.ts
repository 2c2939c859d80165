/**
 * The package a visitor chose on /pricing, chosen in the contact form: with the live calls to
 * action (site.json `liveActions`), a package's button links to /contact?package=Growth, and the
 * form's package field takes it, so that the lead says which package brought it. A package the
 * field does not offer (an old link) leaves it as it was. Without JavaScript the field is there,
 * for the visitor to choose by hand.
 */
export function choosePackage(form: HTMLFormElement, search = location.search): void {
  const chosen = new URLSearchParams(search).get('package');
  const field = form.querySelector<HTMLSelectElement>('select#package');
  if (!chosen || !field || ![...field.options].some((option) => option.value === chosen)) return;
  field.value = chosen;
  // As if chosen by hand: the draft (drafts.ts) keeps it.
  field.dispatchEvent(new Event('change', { bubbles: true }));
}
