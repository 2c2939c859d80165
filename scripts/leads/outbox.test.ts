// @vitest-environment node
/**
 * Lead delivery against a real local HTTP endpoint that fails in every way a network and a server
 * can: 500s, 4xx, timeouts, dropped connections, slow answers, and leads stored whose answer never
 * arrives (so the client must send them again). Across the randomized runs, every lead must reach
 * the endpoint exactly once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadPayload } from './outbox';

type Outbox = typeof import('./outbox');

const RUNS = 50;
/** The randomized runs' client timeout: short, so hangs cost little; a slow answer is a retry. */
const TIMEOUT_MS = 80;
/** The single-lead tests expect an answer, however busy the machine (a cold first request). */
const PATIENT_MS = 10_000;

/** sessionStorage for Node: it outlives a "reload" (a fresh import of the module), like a tab. */
class TabStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
const tab = new TabStorage();
vi.stubGlobal('sessionStorage', tab);

/**
 * What the endpoint does with a request: store the lead or not, then answer (after a delay), drop
 * the connection, or hang until the client gives up. "ok" is listed twice to weight it.
 */
const BEHAVIOURS = {
  ok: { store: true, status: 201 },
  slow: { store: true, status: 200, delay: TIMEOUT_MS / 3 },
  'error-500': { store: false, status: 500 },
  'error-503': { store: false, status: 503 },
  'error-429': { store: false, status: 429 },
  // A misconfigured endpoint: the lead is kept and sent again, never dropped.
  'error-404': { store: false, status: 404 },
  'drop-before-storing': { store: false, drop: true },
  'drop-after-storing': { store: true, drop: true },
  hang: { store: false, hang: true },
  'store-then-500': { store: true, status: 500 },
  'store-then-hang': { store: true, hang: true },
} as const satisfies Record<
  string,
  { store: boolean; status?: number; delay?: number; drop?: true; hang?: true }
>;
type Fault = keyof typeof BEHAVIOURS;
const FAULTS = ['ok', ...Object.keys(BEHAVIOURS)] as Fault[];

/** A tiny deterministic PRNG (mulberry32), so a failing run can be replayed from its seed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The endpoint: stores a lead once per idempotency key, as README "Lead delivery" asks. */
class Endpoint {
  server: Server = createServer((request, response) => void this.handle(request, response));
  stored = new Map<string, LeadPayload>();
  requests = 0;
  faultsSeen = new Map<Fault, number>();
  nextFault: () => Fault = () => 'ok';
  /** Every request refused with this answer instead (the lead itself is wrong). */
  refusal: { status: number; body: unknown } | undefined;

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/leads`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    this.requests += 1;
    if (this.refusal) {
      const { status, body: answer } = this.refusal;
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
      return;
    }
    const fault = this.nextFault();
    this.faultsSeen.set(fault, (this.faultsSeen.get(fault) ?? 0) + 1);
    const behaviour: { store: boolean; status?: number; delay?: number; drop?: true; hang?: true } =
      BEHAVIOURS[fault];
    if (behaviour.store) {
      const lead = JSON.parse(body) as LeadPayload;
      expect(request.headers['idempotency-key']).toBe(lead.id);
      if (!this.stored.has(lead.id)) this.stored.set(lead.id, lead);
    }
    if (behaviour.drop) request.socket.destroy();
    else if (behaviour.hang) setTimeout(() => request.socket.destroy(), TIMEOUT_MS * 4);
    else setTimeout(() => response.writeHead(behaviour.status ?? 200).end(), behaviour.delay ?? 0);
  }
}

const endpoint = new Endpoint();
beforeAll(() => new Promise<void>((resolve) => endpoint.server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => endpoint.server.close(() => resolve())));

/** The module as a freshly loaded page of the same tab sees it. */
async function freshPage(): Promise<Outbox> {
  vi.resetModules();
  return import('./outbox');
}

beforeEach(() => {
  tab.clear();
  endpoint.stored.clear();
  endpoint.nextFault = () => 'ok';
  endpoint.refusal = undefined;
});

function leadFrom(run: number, index: number) {
  return {
    endpoint: endpoint.url,
    form: 'contact-form',
    page: '/contact',
    confirmation: 'Thank you.',
    fields: { 'first-name': `Ada ${run}.${index}`, email: `ada${run}.${index}@example.com` },
    source: { landingPage: '/pricing', referrer: 'https://www.google.com/', utm_campaign: 'frederick' },
  };
}

describe('lead outbox', () => {
  it('sends a lead as JSON with its idempotency key, and forgets it once stored', async () => {
    const outbox = await freshPage();
    const lead = outbox.queueLead(leadFrom(0, 0));
    expect(outbox.isPending(lead.id)).toBe(true);
    expect(await outbox.flushOutbox(PATIENT_MS)).toEqual({ delivered: [lead], refused: [] });
    expect(outbox.isPending(lead.id)).toBe(false);
    expect(endpoint.stored.get(lead.id)).toEqual({
      id: lead.id,
      page: '/contact',
      submittedAt: lead.submittedAt,
      fields: lead.fields,
      source: lead.source,
    });
  });

  it('keeps a lead the endpoint refused, and sends it again with the same key', async () => {
    const outbox = await freshPage();
    endpoint.nextFault = () => 'store-then-500';
    const lead = outbox.queueLead(leadFrom(0, 1));
    expect(await outbox.flushOutbox(PATIENT_MS)).toEqual({ delivered: [], refused: [] });
    expect(outbox.isPending(lead.id)).toBe(true);
    endpoint.nextFault = () => 'ok';
    const again = await freshPage(); // the next visit in this tab
    expect((await again.flushOutbox(PATIENT_MS)).delivered.map((sent) => sent.id)).toEqual([lead.id]);
    expect(endpoint.stored.size).toBe(1);
  });

  it('drops a lead the endpoint refuses for what it holds (422), with the reasons it gave, once', async () => {
    const outbox = await freshPage();
    endpoint.refusal = {
      status: 422,
      body: { error: 'invalid', problems: [{ field: 'phone', message: 'Phone number: at least 7 digits.' }] },
    };
    const lead = outbox.queueLead(leadFrom(0, 3));
    expect(await outbox.flushOutbox(PATIENT_MS)).toEqual({
      delivered: [],
      refused: [{ lead, refusal: { reasons: ['Phone number: at least 7 digits.'], field: 'phone' } }],
    });
    expect(outbox.isPending(lead.id)).toBe(false);
    endpoint.refusal = { status: 413, body: 'Too large' };
    const large = outbox.queueLead(leadFrom(0, 4));
    expect((await outbox.flushOutbox(PATIENT_MS)).refused).toEqual([
      { lead: large, refusal: { reasons: [], field: undefined } },
    ]);
    expect(endpoint.stored.size).toBe(0);
  });

  it('queues the same entries once, however often they are submitted', async () => {
    const outbox = await freshPage();
    const first = outbox.queueLead(leadFrom(0, 2));
    const second = outbox.queueLead(leadFrom(0, 2));
    expect(second.id).toBe(first.id);
    expect(outbox.hasPendingLeads()).toBe(true);
  });

  it(`loses and duplicates no lead across ${RUNS} randomized runs of faults, double submits and reloads`, async () => {
    const totals = { leads: 0, requests: 0, flushes: 0, reloads: 0 };
    endpoint.faultsSeen.clear();
    const requestsBefore = endpoint.requests;
    for (let run = 1; run <= RUNS; run += 1) {
      const next = random(run);
      tab.clear();
      endpoint.stored.clear();
      endpoint.nextFault = () => FAULTS[Math.floor(next() * FAULTS.length)] ?? 'ok';
      let outbox = await freshPage();

      const submitted = new Map<string, Record<string, string>>();
      const leads = 1 + Math.floor(next() * 3);
      for (let index = 0; index < leads; index += 1) {
        const lead = outbox.queueLead(leadFrom(run, index));
        submitted.set(lead.id, lead.fields);
        // An impatient visitor submits again while the first send is under way.
        const sending = outbox.flushOutbox(TIMEOUT_MS);
        if (next() < 0.3) outbox.queueLead(leadFrom(run, index));
        await sending;
      }
      for (let flush = 0; outbox.hasPendingLeads(); flush += 1) {
        expect(flush, `run ${run}: still pending after 40 flushes`).toBeLessThan(40);
        if (next() < 0.2) {
          outbox = await freshPage(); // a reload or the next visit
          totals.reloads += 1;
        }
        await outbox.flushOutbox(TIMEOUT_MS);
        totals.flushes += 1;
      }

      expect([...endpoint.stored.keys()].sort(), `run ${run}: every lead, each once`).toEqual(
        [...submitted.keys()].sort(),
      );
      const storedFields = [...endpoint.stored.values()].map((lead) => JSON.stringify(lead.fields));
      expect(new Set(storedFields).size, `run ${run}: no lead stored twice`).toBe(storedFields.length);
      totals.leads += submitted.size;
    }
    totals.requests = endpoint.requests - requestsBefore;
    const faults = Object.fromEntries(endpoint.faultsSeen);
    console.info(`lead delivery: ${RUNS} runs`, totals, faults, '0 lost, 0 duplicated');
  }, 120_000);
});
