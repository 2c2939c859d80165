import { attributionKey } from '../build/macros/storage-keys' with { type: 'macro' };

/**
 * A value as a lead carries it: printable, at most `max` characters, and never starting with what
 * makes a spreadsheet cell a formula (=, +, -, @) once the owner opens the leads in one. A crafted
 * campaign link (`?utm_source==HYPERLINK(…)`) so writes no formula into a real prospect's lead.
 */
const bounded = (value: string, max: number) => value.replace(/^[\s\p{C}=+\-@]+|\p{C}/gu, '').slice(0, max);

/** The visit's fields a lead may carry: the addresses, the campaign tags and the ad click ids. */
const SOURCE_FIELD =
  /^(landingPage|referrer|utm_(source|medium|campaign|term|content)|gclid|[gw]braid|fbclid|msclkid)$/;

/**
 * Where the visit came from, as its first page recorded it (scripts/page/attribution.ts), each
 * value cleaned (`bounded`); {} without it.
 */
export function visitSource(): Record<string, string> {
  try {
    const source: unknown = JSON.parse(sessionStorage.getItem(attributionKey()) ?? '{}');
    if (!source || typeof source !== 'object') return {};
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      if (!SOURCE_FIELD.test(name) || typeof value !== 'string') continue;
      const clean = bounded(value, /^(landingPage|referrer)$/.test(name) ? 512 : 200);
      if (clean || name === 'referrer') kept[name] = clean;
    }
    return kept;
  } catch {
    return {};
  }
}
