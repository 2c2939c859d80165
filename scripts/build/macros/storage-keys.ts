/**
 * What the site keeps in the tab's sessionStorage, by key. Build-time macros (`with { type:
 * 'macro' }`): the entry script and the leads chunk each get the key as a string, without
 * sharing a module, which Parcel would register in the entry script at a cost of bytes on every
 * page (tests/build/entry-script.test.ts).
 */

/** The lead outbox: the entry script checks for a waiting lead without carrying the outbox's code (scripts/leads/outbox.ts). */
export function outboxKey(): string {
  return 'ds-lead-outbox';
}

/** Where the visit came from, which its first page records (scripts/page/attribution.ts) and a lead carries. */
export function attributionKey(): string {
  return 'ds-attribution';
}
