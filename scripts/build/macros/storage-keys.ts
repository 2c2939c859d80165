/**
 * Where the lead outbox lives in sessionStorage. A build-time macro (`with { type: 'macro' }`):
 * the entry script checks for a waiting lead with this key without carrying, or sharing a module
 * with, the outbox's code (scripts/leads/outbox.ts).
 */
export function outboxKey(): string {
  return 'ds-lead-outbox';
}
