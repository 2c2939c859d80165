/**
 * The lead receiver: POST /api/leads, a Cloudflare Pages Function with a D1 database bound as
 * LEADS (schema: migrations/). The build writes hosting/cloudflare/functions/api/leads.js, which
 * runs this with the site's settings (scripts/build/hosting/lead-receiver-settings.mjs).
 *
 * Two ways in, one lead:
 * - with JavaScript, the browser's outbox (scripts/leads/outbox.ts) posts JSON with an
 *   `Idempotency-Key`, and retries with the same key until it gets a 2xx;
 * - without JavaScript, the form posts itself (application/x-www-form-urlencoded); its key is a
 *   digest of its fields and the sender's address within ten minutes, so a double click or a
 *   resubmitted page is the same lead. It lands (303) on the thank-you page, or on the form again
 *   with what to fix (lead-pages.js).
 *
 * In order: refuse what is not a lead (another site's form, a body over 16 KB, a bad key), answer
 * a replay with the first answer, keep spam apart, check the fields as the form does, hold an
 * address to its hourly limit, check Cloudflare Turnstile's token where the site asks for one,
 * then store the lead and its alerts in one transaction, and only
 * then answer and alert (lead-alerts.js, after the answer: `waitUntil`). A failure to store
 * answers 503, so that the outbox keeps the lead and sends it again.
 */
import { alertChannels, hex, retryWait, sendDueAlerts, sendNewAlerts } from './lead-alerts.js';
import {
  IDEMPOTENCY_KEY,
  MAX_BODY_BYTES,
  HONEYPOT,
  checkFields,
  checkSource,
  fromTheSite,
} from './lead-checks.js';
import { formWithProblems, refusalPage } from './lead-pages.js';
import { functionHeaders } from './response-headers.js';

/** How long a form posted without JavaScript counts as the same lead when posted again. */
const FORM_REPLAY_MINUTES = 10;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const encoder = new TextEncoder();

async function sha256(text) {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** What came in, read: how it came, its key, fields, page, source and timing. */
async function readLead(request, body, address, now) {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json') {
    let payload;
    try {
      payload = JSON.parse(body);
    } catch {
      return { via: 'json', error: 'The body is not JSON.' };
    }
    if (!payload || typeof payload !== 'object' || !payload.fields || typeof payload.fields !== 'object') {
      return { via: 'json', error: 'The body has no "fields" object.' };
    }
    const key = request.headers.get('Idempotency-Key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return {
        via: 'json',
        error: 'The Idempotency-Key header is missing or not 8 to 100 letters, digits, - or _.',
      };
    }
    return {
      via: 'json',
      key: `json:${key}`,
      sent: payload.fields,
      page: typeof payload.page === 'string' ? payload.page.slice(0, 200) : '',
      source: checkSource(payload.source),
      typingMs:
        typeof payload.startedAt === 'string' && typeof payload.submittedAt === 'string'
          ? Date.parse(payload.submittedAt) - Date.parse(payload.startedAt)
          : NaN,
    };
  }
  if (type === 'application/x-www-form-urlencoded') {
    const sent = Object.fromEntries(new URLSearchParams(body));
    const referrer = URL.parse(request.headers.get('Referer') ?? '');
    const sameSite = referrer && referrer.origin === new URL(request.url).origin;
    // The package chosen on /pricing is in the form page's address (/contact?package=Growth),
    // which a form without JavaScript does not choose for the visitor: its Referer carries it.
    if (!sent.package && sameSite) sent.package = referrer.searchParams.get('package') ?? '';
    const window = Math.floor(now / (FORM_REPLAY_MINUTES * 60_000));
    const digest = await sha256(JSON.stringify([address, sent]));
    return {
      via: 'form',
      key: `form:${digest}:${window}`,
      // The window before too: a form posted again at 12:10:05 after 12:09:55 is the same lead.
      previousKey: `form:${digest}:${window - 1}`,
      sent,
      page: sameSite ? referrer.pathname : '',
      source: {},
      typingMs: NaN,
    };
  }
  return { via: 'json', error: 'Send the lead as application/json or application/x-www-form-urlencoded.' };
}

/** Where Cloudflare Turnstile's tokens are checked (TURNSTILE_VERIFY_URL: the tests' stand-in). */
const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** The field Turnstile's widget adds to the form, with its token. */
const TURNSTILE_FIELD = 'cf-turnstile-response';

/**
 * Whether the lead's Turnstile token is good, by Cloudflare's siteverify (on the server: a token
 * is only a claim). A token is spent once checked, so each lead checks it with an idempotency key
 * of its own: the outbox's retry of a lead whose storing failed gets the same verdict, not a
 * "duplicate". Throws when siteverify cannot be reached (503: the outbox sends it again).
 */
async function passesChallenge(env, lead, request) {
  const token = lead.sent[TURNSTILE_FIELD];
  if (typeof token !== 'string' || token === '') return false;
  const key = await sha256(lead.key);
  const body = new FormData();
  body.append('secret', env.TURNSTILE_SECRET_KEY);
  body.append('response', token.slice(0, 2048));
  body.append('remoteip', request.headers.get('CF-Connecting-IP') ?? '');
  body.append(
    'idempotency_key',
    `${key.slice(0, 8)}-${key.slice(8, 12)}-4${key.slice(13, 16)}-8${key.slice(17, 20)}-${key.slice(20, 32)}`,
  );
  const response = await fetch(env.TURNSTILE_VERIFY_URL || SITEVERIFY, {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`Turnstile's siteverify answered ${response.status}`);
  const verdict = await response.json();
  return verdict.success === true;
}

/** The first answer to a lead, whenever it is asked again: the same status and body. */
function answerFor(lead, via, request, settings) {
  if (via === 'form') {
    return new Response(null, {
      status: 303,
      headers: { Location: settings.thankYouPath, ...functionHeaders(request) },
    });
  }
  return Response.json(
    { received: true, receivedAt: lead.received_at },
    { status: 201, headers: { 'Cache-Control': 'no-store', ...functionHeaders(request) } },
  );
}

/** A refusal: JSON that names the fields, or for a form, a page that says what to fix. */
async function refuse(context, settings, via, status, refusal, sent = {}) {
  const { request } = context;
  const headers = { 'Cache-Control': 'no-store', ...functionHeaders(request), ...refusal.headers };
  if (via === 'json') {
    return Response.json(
      {
        error: refusal.error,
        message: refusal.message,
        ...(refusal.problems && { problems: refusal.problems }),
      },
      { status, headers },
    );
  }
  const page = refusal.problems
    ? await formWithProblems(context, settings, refusal.problems, sent)
    : await refusalPage(context, settings, refusal.message);
  return new Response(page.body, { status, headers: { ...Object.fromEntries(page.headers), ...headers } });
}

const leadRow = (db, key) =>
  db.prepare('SELECT id, received_at FROM leads WHERE idempotency_key = ?').bind(key).first();

/**
 * In one query: the lead already stored under the key (or the key of the window before, for a form
 * without JavaScript), and how many leads and spam the address sent in the last hour.
 */
const firstLook = (db, lead, address, since) =>
  db
    .prepare(
      `SELECT stored.id, stored.received_at,
              (SELECT COUNT(*) FROM leads WHERE address_hash = ?3 AND received_at > ?4)
            + (SELECT COUNT(*) FROM spam WHERE address_hash = ?3 AND received_at > ?4) AS recent
         FROM (SELECT 1) LEFT JOIN (SELECT id, received_at FROM leads WHERE idempotency_key IN (?1, ?2)
                                     ORDER BY id LIMIT 1) AS stored`,
    )
    .bind(lead.key, lead.previousKey ?? lead.key, address, since)
    .first();

/** Stores a lead and its alerts in one transaction; null when the key was already stored. */
async function storeLead(env, settings, lead, fields, address, now) {
  const receivedAt = new Date(now).toISOString();
  const channels = alertChannels(env);
  const [inserted] = await env.LEADS.batch([
    env.LEADS.prepare(
      `INSERT INTO leads (idempotency_key, received_at, via, page, fields, source, email, package,
         utm_campaign, landing_page, address_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, received_at`,
    ).bind(
      lead.key,
      receivedAt,
      lead.via,
      lead.page,
      JSON.stringify(fields),
      JSON.stringify(lead.source),
      fields.email,
      fields.package,
      lead.source.utm_campaign ?? '',
      lead.source.landingPage ?? lead.page,
      address,
    ),
    // Claimed by this request, which sends them at once (its first try); due again a minute on.
    ...channels.map((channel) =>
      env.LEADS.prepare(
        `INSERT OR IGNORE INTO alerts (lead_id, channel, attempts, next_attempt_at)
         SELECT id, ?, 1, ? FROM leads WHERE idempotency_key = ? AND received_at = ?`,
      ).bind(channel, new Date(now + retryWait(1)).toISOString(), lead.key, receivedAt),
    ),
  ]);
  const row = inserted.results[0];
  return row ? { ...row, channels } : null;
}

/** Deletes what is older than the retention period: leads (and their alerts) and spam. */
function forgetOld(env, settings, now) {
  const before = new Date(now - settings.retentionDays * DAY_MS).toISOString();
  return env.LEADS.batch([
    env.LEADS.prepare(
      'DELETE FROM alerts WHERE lead_id IN (SELECT id FROM leads WHERE received_at < ?)',
    ).bind(before),
    env.LEADS.prepare('DELETE FROM leads WHERE received_at < ?').bind(before),
    env.LEADS.prepare('DELETE FROM spam WHERE received_at < ?').bind(before),
  ]);
}

/** When this isolate last looked for due alerts, and last deleted old leads. */
const sweeps = { alerts: 0, retention: 0 };
const SWEEP_ALERTS_MS = 60_000;
const SWEEP_RETENTION_MS = HOUR_MS;

/**
 * What runs after an answer (`waitUntil`: never in the visitor's way, never fatal), on any request
 * to the receiver or the inbox: at most once a minute the alerts that failed earlier and are due
 * again, and at most once an hour the retention.
 */
export function afterAnswer(context, settings, now = Date.now()) {
  const work = [];
  if (now - sweeps.alerts > SWEEP_ALERTS_MS) {
    sweeps.alerts = now;
    work.push(sendDueAlerts(context.env, settings, now));
  }
  if (now - sweeps.retention > SWEEP_RETENTION_MS) {
    sweeps.retention = now;
    work.push(forgetOld(context.env, settings, now));
  }
  if (work.length > 0) context.waitUntil(Promise.allSettled(work));
}

export async function receiveLead(context, settings) {
  const { request, env } = context;
  const now = Date.now();
  const typeHint = /json/i.test(request.headers.get('Content-Type') ?? '') ? 'json' : 'form';
  if (!fromTheSite(request, settings.origins)) {
    return refuse(context, settings, typeHint, 403, {
      error: 'cross-site',
      message: 'Leads are taken from this site’s own form only.',
    });
  }
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  const bytes = declared > MAX_BODY_BYTES ? null : await request.arrayBuffer();
  if (!bytes || bytes.byteLength > MAX_BODY_BYTES) {
    return refuse(context, settings, typeHint, 413, {
      error: 'too-large',
      message: `A lead is at most ${MAX_BODY_BYTES / 1024} KB. Shorten the longest field and send it again.`,
    });
  }
  const address = await sha256(request.headers.get('CF-Connecting-IP') ?? 'unknown');
  const lead = await readLead(request, new TextDecoder().decode(bytes), address, now);
  if (lead.error)
    return refuse(context, settings, lead.via, 400, { error: 'bad-request', message: lead.error });

  let stored;
  let fields;
  try {
    const seen = await firstLook(env.LEADS, lead, address, new Date(now - HOUR_MS).toISOString());
    if (seen.id !== null) return answerFor(seen, lead.via, request, settings);

    const checked = checkFields(lead.sent, settings.rules);
    ({ fields } = checked);
    const { problems } = checked;
    const spam = lead.sent[HONEYPOT]
      ? 'honeypot'
      : lead.typingMs < settings.minimumSeconds * 1000
        ? 'too-fast'
        : null;
    if (spam) {
      await env.LEADS.prepare(
        'INSERT INTO spam (received_at, reason, fields, address_hash) VALUES (?, ?, ?, ?)',
      )
        .bind(new Date(now).toISOString(), spam, JSON.stringify(fields), address)
        .run();
      return refuse(context, settings, lead.via, 422, {
        error: 'spam',
        message: `This request looked automated, and was not sent as a lead. Please call us at ${settings.site.phone} or email ${settings.site.email}.`,
      });
    }
    if (problems.length > 0) {
      return refuse(
        context,
        settings,
        lead.via,
        422,
        { error: 'invalid', message: 'Some fields need a change.', problems },
        lead.sent,
      );
    }
    const { recent } = seen;
    if (recent >= settings.perAddressHourly) {
      return refuse(context, settings, lead.via, 429, {
        error: 'too-many',
        message: `We already have ${recent} requests from your connection this hour. Please call us at ${settings.site.phone} instead.`,
        headers: { 'Retry-After': '3600' },
      });
    }
    if (settings.turnstile && !(env.TURNSTILE_SECRET_KEY && (await passesChallenge(env, lead, request)))) {
      // 422, as for a field: the lead leaves the outbox and the visitor sends it again, with the
      // widget's next token (a token lasts five minutes; a retry later would only meet refusals).
      return refuse(context, settings, lead.via, 422, {
        error: 'challenge',
        message: `The check against automated requests did not pass${lead.via === 'form' ? ' (it needs JavaScript)' : ''}: reload the page and send the form again, or call us at ${settings.site.phone}.`,
      });
    }
    stored = await storeLead(env, settings, lead, fields, address, now);
    if (!stored) {
      // The same key, stored by a request that ran alongside this one: the first answer.
      stored = await leadRow(env.LEADS, lead.key);
      return answerFor(stored, lead.via, request, settings);
    }
  } catch (error) {
    console.error('lead-receiver: could not store the lead', error);
    return refuse(context, settings, lead.via, 503, {
      error: 'not-stored',
      message: `Your request could not be stored just now. Please send it again in a minute, or call us at ${settings.site.phone}.`,
      headers: { 'Retry-After': '30' },
    });
  }
  context.waitUntil(
    sendNewAlerts(
      env,
      settings,
      {
        lead_id: stored.id,
        received_at: stored.received_at,
        page: lead.page,
        fields: JSON.stringify(fields),
        source: JSON.stringify(lead.source),
      },
      stored.channels,
    ),
  );
  afterAnswer(context, settings, now);
  return answerFor(stored, lead.via, request, settings);
}
