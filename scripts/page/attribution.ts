/**
 * Where a visit came from, for the lead it may bring: the first page of a visit records its
 * campaign tags (`utm_*`), its ad click ids (`gclid`, `fbclid`), the page before it (the
 * referrer) and itself (the landing page), once, in this tab's sessionStorage; a lead sent later
 * in the tab carries them (scripts/leads/outbox.ts). Nothing else: no cookie, nothing past the
 * tab's life, nothing at all when the visitor's browser refuses storage (README "Lead delivery":
 * what the privacy policy says of it). It runs on every page, as any page can start a visit: kept
 * this small for the entry script's budget (tests/build/entry-script.test.ts).
 */
import { attributionKey } from '../build/macros/storage-keys' with { type: 'macro' };

const ATTRIBUTION_KEY = attributionKey();

/** The parameters kept: the campaign tags every ad platform writes, Google's and Meta's click ids. */
const KEPT = /^(utm_\w+|gclid|fbclid)$/;

/** Records this page as the visit's first, unless an earlier page of the tab has. */
export function recordAttribution(): void {
  try {
    sessionStorage[ATTRIBUTION_KEY] ??= JSON.stringify({
      landingPage: location.pathname,
      referrer: document.referrer,
      ...Object.fromEntries([...new URLSearchParams(location.search)].filter(([name]) => KEPT.test(name))),
    });
  } catch {
    // Storage refused: the visit goes unrecorded, as the visitor asked.
  }
}
