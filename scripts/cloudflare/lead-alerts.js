/**
 * The alerts of a new lead, so that the agency hears of it within a minute: an e-mail through
 * Cloudflare's `send_email` binding (ALERT_EMAIL, from LEAD_ALERT_FROM to LEAD_ALERT_TO), and/or a
 * webhook for a CRM, Slack or Zapier (LEAD_WEBHOOK_URL): the lead as JSON, signed with
 * HMAC-SHA256 (LEAD_WEBHOOK_SECRET) in `X-Lead-Signature`.
 *
 * Each alert is a row of the `alerts` table, written in the lead's own transaction, so no lead is
 * ever stored without its alerts. A new lead's alerts are written already claimed by the request
 * that stored it, which sends them at once; a later try first claims its alert (an UPDATE that
 * moves its next attempt on, which only one request can win), so two requests never send the same
 * alert. One that fails stays unsent, with its error, and is due again after a wait that doubles
 * (1, 2, 4 … minutes, at most an hour). Pages Functions have no schedule of their own, so due alerts are
 * sent by whichever request comes next, to the receiver or to the inbox (lead-receiver.js
 * afterAnswer); after a day they are no longer tried, and the inbox shows them as not sent
 * (docs/leads.md "Alerts" says why this way).
 */
import { EmailMessage } from 'cloudflare:email';

const MINUTE_MS = 60_000;
/** After this long, an alert that still failed is no longer tried: the inbox shows it. */
const GIVE_UP_MS = 24 * 60 * MINUTE_MS;
/** At most this many alerts per request: a backlog drains over a few requests. */
const BATCH = 10;

/** The alerts the host's settings ask for: 'email', 'webhook', or none. */
export function alertChannels(env) {
  return [
    ...(env.ALERT_EMAIL && env.LEAD_ALERT_FROM && env.LEAD_ALERT_TO ? ['email'] : []),
    ...(env.LEAD_WEBHOOK_URL ? ['webhook'] : []),
  ];
}

/** Bytes as lowercase hex (a digest, a signature). */
export const hex = (bytes) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** The HMAC-SHA256 of `${timestamp}.${body}` with the secret, as hex: what the webhook checks. */
export async function signature(secret, timestamp, body) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
}

/** The lead as the webhook and the e-mail tell it. */
function leadMessage(row, site) {
  return {
    site: site.name,
    receivedAt: row.received_at,
    page: row.page,
    fields: JSON.parse(row.fields),
    source: JSON.parse(row.source),
  };
}

/** A header value in plain ASCII: RFC 2047's base64 words where it is not. */
const headerText = (text) =>
  /^[\x20-\x7e]*$/.test(text)
    ? text
    : `=?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}?=`;

/** The alert e-mail as a MIME message (plain text): who, how to reach them, where from. */
function alertEmail(message, from, to, inboxUrl) {
  const { fields, source } = message;
  const name = `${fields['first-name']} ${fields['last-name']}`.trim();
  const lines = [
    `New lead for ${message.site}: ${name}`,
    '',
    ...Object.entries(fields)
      .filter(([, value]) => value)
      .map(([field, value]) => `${field}: ${value}`),
    '',
    `Sent from: ${message.page || 'the contact form'} at ${message.receivedAt}`,
    `Campaign: ${source.utm_campaign || '(none)'}; landing page: ${source.landingPage || '(unknown)'}`,
    ...(inboxUrl ? ['', `All leads: ${inboxUrl}`] : []),
  ];
  const domain = from.split('@')[1] ?? 'localhost';
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Reply-To: ${fields.email}`,
    `Subject: ${headerText(`New lead: ${name}`)}`,
    `Message-ID: <lead-${crypto.randomUUID()}@${domain}>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    lines.join('\r\n'),
  ].join('\r\n');
}

async function send(channel, env, settings, row) {
  const message = leadMessage(row, settings.site);
  if (channel === 'email') {
    const raw = alertEmail(message, env.LEAD_ALERT_FROM, env.LEAD_ALERT_TO, settings.inboxUrl);
    await env.ALERT_EMAIL.send(new EmailMessage(env.LEAD_ALERT_FROM, env.LEAD_ALERT_TO, raw));
    return;
  }
  const body = JSON.stringify(message);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(env.LEAD_WEBHOOK_URL, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Lead-Timestamp': timestamp,
      'X-Lead-Signature': `sha256=${await signature(env.LEAD_WEBHOOK_SECRET ?? '', timestamp, body)}`,
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
}

/** The wait before an alert is tried again, after `attempts` tries: 1, 2, 4 … minutes, at most an hour. */
export const retryWait = (attempts) => Math.min(2 ** Math.max(attempts - 1, 0), 60) * MINUTE_MS;

/** Records how each of one lead's alerts went: sent, or the error it met (it is due again later). */
function recordOutcomes(env, leadId, outcomes) {
  const at = new Date().toISOString();
  return env.LEADS.batch(
    outcomes.map(({ channel, error }) =>
      error
        ? env.LEADS.prepare('UPDATE alerts SET last_error = ? WHERE lead_id = ? AND channel = ?').bind(
            String(error?.message ?? error).slice(0, 500),
            leadId,
            channel,
          )
        : env.LEADS.prepare(
            'UPDATE alerts SET sent_at = ?, last_error = NULL WHERE lead_id = ? AND channel = ?',
          ).bind(at, leadId, channel),
    ),
  );
}

/** Sends each channel's alert of one lead, and records how each went. */
async function sendAll(env, settings, row, channels) {
  const outcomes = await Promise.all(
    channels.map((channel) =>
      send(channel, env, settings, row).then(
        () => ({ channel }),
        (error) => ({ channel, error: error ?? new Error('failed') }),
      ),
    ),
  );
  await recordOutcomes(env, row.lead_id, outcomes);
}

/**
 * A new lead's alerts, at once. The request that stored the lead wrote its alerts already claimed
 * (their first try counted, and their next due a minute on: lead-receiver.js storeLead), so no
 * sweep sends them meanwhile; this only sends them and records how it went.
 */
export function sendNewAlerts(env, settings, row, channels) {
  return sendAll(env, settings, row, channels).catch((error) => {
    console.error('lead-alerts: could not record an alert', error);
  });
}

/**
 * Sends every alert that is due (a new lead's at once; a failed one after its wait), each claimed
 * first so that no other request sends it too. Never throws: a failure is recorded on its row.
 */
export async function sendDueAlerts(env, settings, now = Date.now()) {
  const at = new Date(now).toISOString();
  const due = await env.LEADS.prepare(
    `SELECT alerts.lead_id, alerts.channel, alerts.attempts, alerts.next_attempt_at,
            leads.received_at, leads.page, leads.fields, leads.source
       FROM alerts JOIN leads ON leads.id = alerts.lead_id
      WHERE alerts.sent_at IS NULL AND alerts.next_attempt_at <= ? AND leads.received_at > ?
      ORDER BY alerts.next_attempt_at LIMIT ${BATCH}`,
  )
    .bind(at, new Date(now - GIVE_UP_MS).toISOString())
    .all();
  await Promise.all(
    due.results.map(async (row) => {
      const claimed = await env.LEADS.prepare(
        `UPDATE alerts SET next_attempt_at = ?, attempts = attempts + 1
          WHERE lead_id = ? AND channel = ? AND sent_at IS NULL AND next_attempt_at = ?`,
      )
        .bind(
          new Date(now + retryWait(row.attempts + 1)).toISOString(),
          row.lead_id,
          row.channel,
          row.next_attempt_at,
        )
        .run();
      if (claimed.meta.changes === 1) await sendAll(env, settings, row, [row.channel]);
    }),
  ).catch((error) => {
    console.error('lead-alerts: could not send the alerts due', error);
  });
}
