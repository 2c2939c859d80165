/**
 * Delivers contact-form leads to the endpoint set in site.json (`leadEndpoint`), never losing
 * one and never sending one twice.
 *
 * A submitted lead goes into an outbox in this tab's sessionStorage before anything is sent, with
 * an idempotency key. It leaves the outbox when the endpoint has answered 2xx, or refused the lead
 * itself (400, 413, 422: a field to fix, which the visitor is told). Any other failure (offline,
 * timeout, 5xx, 429, a dropped connection) keeps it there, and it is sent again, with the
 * same key, on the next trigger: a timer while the page is open, the `online` event, the next page
 * load in this tab. The endpoint treats a repeated key as the same lead (README "Lead delivery").
 */
import { outboxKey } from '../build/macros/storage-keys' with { type: 'macro' };

export interface Lead {
  /** The idempotency key, also sent as the `Idempotency-Key` header. */
  id: string;
  endpoint: string;
  /** The id of the form it came from: its draft is cleared once the lead is delivered. */
  form: string;
  page: string;
  /** What the visitor is told once it is delivered (site.json copy), on whichever page that is. */
  confirmation: string;
  submittedAt: string;
  /**
   * When the visitor first typed into the form (leads.ts), if they did on this page: the receiver
   * takes a lead sent faster than a person types for spam.
   */
  startedAt?: string | undefined;
  fields: Record<string, string>;
  /**
   * Where the visit came from (scripts/page/attribution.ts): its landing page, its referrer, and
   * its campaign tags and ad click ids, as its first page recorded them; empty when storage was
   * refused.
   */
  source: Record<string, string>;
}

/** What the endpoint receives, as JSON. */
export type LeadPayload = Pick<Lead, 'id' | 'page' | 'submittedAt' | 'startedAt' | 'fields' | 'source'>;

const OUTBOX_KEY = outboxKey();

/** A request that has not answered by then counts as failed (and is sent again later). */
const LEAD_TIMEOUT_MS = 10_000;
/** Waits between automatic retries while the page stays open; then `online` and reloads. */
const RETRY_DELAYS_MS = [3_000, 10_000, 30_000, 60_000, 120_000];

/** Where the outbox lives when sessionStorage is disabled: this page only. */
let inMemory: Lead[] = [];

function outbox(): Lead[] {
  try {
    const leads: unknown = JSON.parse(sessionStorage.getItem(OUTBOX_KEY) ?? '[]');
    return Array.isArray(leads) ? (leads as Lead[]) : [];
  } catch {
    return inMemory;
  }
}

function saveOutbox(leads: Lead[]): void {
  inMemory = leads;
  try {
    if (leads.length === 0) sessionStorage.removeItem(OUTBOX_KEY);
    else sessionStorage.setItem(OUTBOX_KEY, JSON.stringify(leads));
  } catch {
    // Storage disabled or full: the lead is still sent from memory while the page is open.
  }
}

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const sameFields = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Puts a lead in the outbox and returns it. Submitting the same entries again while they are
 * still pending (a double click, an impatient retry) returns the pending lead, key and all.
 */
export function queueLead(lead: Omit<Lead, 'id' | 'submittedAt'>): Lead {
  const leads = outbox();
  const pending = leads.find(
    (queued) => queued.endpoint === lead.endpoint && sameFields(queued.fields, lead.fields),
  );
  if (pending) return pending;
  const queued = { ...lead, id: randomKey(), submittedAt: new Date().toISOString() };
  saveOutbox([...leads, queued]);
  return queued;
}

/** Whether the lead is still waiting to be delivered. */
export function isPending(id: string): boolean {
  return outbox().some((lead) => lead.id === id);
}

export function hasPendingLeads(): boolean {
  return outbox().length > 0;
}

/**
 * The answers that say the lead itself is wrong (a field, its size), which sending it again
 * cannot change: the lead leaves the outbox, and the visitor, whose entries stay in the form, is
 * told what to fix. Any other failure, a 403 or 404 of a misconfigured endpoint included, keeps
 * it for later.
 */
const REFUSALS = new Set([400, 413, 422]);

/** A refusal's reason, as the endpoint put it: its problems (the site's receiver) or its message. */
export interface Refusal {
  reasons: string[];
  /** The first field the endpoint named, for the visitor to fix. */
  field?: string | undefined;
}

type Outcome = 'delivered' | 'retry' | Refusal;

async function refusalOf(response: Response): Promise<Refusal> {
  const answer = (await response.json().catch(() => ({}))) as {
    message?: unknown;
    problems?: { field?: unknown; message?: unknown }[];
  };
  const problems = Array.isArray(answer.problems) ? answer.problems : [];
  const reasons = problems.map((problem) => problem.message).filter((reason) => typeof reason === 'string');
  if (reasons.length === 0 && typeof answer.message === 'string') reasons.push(answer.message);
  const field = problems.find((problem) => typeof problem.field === 'string')?.field;
  return { reasons: reasons.slice(0, 5), field: typeof field === 'string' ? field : undefined };
}

async function send(lead: Lead, timeoutMs: number): Promise<Outcome> {
  const payload: LeadPayload = {
    id: lead.id,
    page: lead.page,
    submittedAt: lead.submittedAt,
    startedAt: lead.startedAt,
    fields: lead.fields,
    source: lead.source,
  };
  try {
    const response = await fetch(lead.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': lead.id },
      body: JSON.stringify(payload),
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.ok) return 'delivered';
    return REFUSALS.has(response.status) ? await refusalOf(response) : 'retry';
  } catch {
    return 'retry';
  }
}

/** What a flush did: the leads delivered, and those refused with the endpoint's reasons. */
export interface Flushed {
  delivered: Lead[];
  refused: { lead: Lead; refusal: Refusal }[];
}

let flushing: Promise<Flushed> | undefined;

/**
 * Sends every lead in the outbox, oldest first, one request at a time, and resolves to the leads
 * it delivered and those the endpoint refused (both leave the outbox). Calls while a flush runs
 * join it; a lead queued meanwhile is sent by it too.
 */
export function flushOutbox(timeoutMs = LEAD_TIMEOUT_MS): Promise<Flushed> {
  flushing ??= (async () => {
    const tried = new Set<string>();
    const flushed: Flushed = { delivered: [], refused: [] };
    for (let lead = outbox()[0]; lead; lead = outbox().find((next) => !tried.has(next.id))) {
      tried.add(lead.id);
      const outcome = await send(lead, timeoutMs);
      if (outcome === 'retry') continue;
      const { id } = lead;
      saveOutbox(outbox().filter((queued) => queued.id !== id));
      if (outcome === 'delivered') flushed.delivered.push(lead);
      else flushed.refused.push({ lead, refusal: outcome });
    }
    return flushed;
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

let onDelivered: (lead: Lead) => void = () => undefined;
let onRefused: (lead: Lead, refusal: Refusal) => void = () => undefined;
let retries = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

async function attemptDelivery(): Promise<void> {
  clearTimeout(retryTimer);
  const { delivered, refused } = await flushOutbox();
  delivered.forEach((lead) => {
    onDelivered(lead);
  });
  refused.forEach(({ lead, refusal }) => {
    onRefused(lead, refusal);
  });
  const delay = RETRY_DELAYS_MS[retries];
  if (hasPendingLeads() && delay !== undefined) {
    retries += 1;
    retryTimer = setTimeout(() => void attemptDelivery(), delay);
  }
}

/** Sends what is pending now (a submit, the browser coming back online), with fresh retries. */
export function deliverNow(): Promise<void> {
  retries = 0;
  return attemptDelivery();
}

/**
 * Called once per page: sends what an earlier page left pending, and keeps trying while leads are
 * pending (after each failure, with growing waits, and whenever the browser comes back online).
 * `delivered` hears about every delivered lead, `refused` about every lead the endpoint refused.
 */
export function startDelivery(
  delivered: (lead: Lead) => void,
  refused: (lead: Lead, refusal: Refusal) => void = () => undefined,
): void {
  onDelivered = delivered;
  onRefused = refused;
  window.addEventListener('online', () => void deliverNow());
  if (hasPendingLeads()) void deliverNow();
}
