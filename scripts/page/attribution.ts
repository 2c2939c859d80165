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

/**
 * The parameters kept: the campaign tags, and the ad platforms' click ids (Google's, Meta's,
 * Microsoft's); any other name a link carries is left out. A lead carries only the five campaign
 * tags every platform writes (scripts/leads/visit-source.ts): the pattern here is looser, as the
 * bytes every page loads are counted.
 */
const KEPT = /^(utm_[a-z]+|gclid|[gw]braid|fbclid|msclkid)$/;
/**
 * The longest value kept: a campaign tag or click id, and an address (the landing page, the
 * referrer). The lead cleans each further when it is sent (scripts/leads/visit-source.ts): what
 * every page must do stays this small.
 */
const MAX_TAG = 200;
const MAX_URL = 512;

/** Records this page as the visit's first, unless an earlier page of the tab has. */
export function recordAttribution(): void {
  try {
    const source: Record<string, string> = {
      landingPage: location.pathname.slice(0, MAX_URL),
      referrer: document.referrer.slice(0, MAX_URL),
    };
    new URLSearchParams(location.search).forEach((value, name) => {
      if (KEPT.test(name)) source[name] = value.slice(0, MAX_TAG);
    });
    sessionStorage[ATTRIBUTION_KEY] ??= JSON.stringify(source);
  } catch {
    // Storage refused: the visit goes unrecorded, as the visitor asked.
  }
}
