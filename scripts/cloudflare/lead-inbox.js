/**
 * The agency's inbox of leads at /admin/leads, behind Cloudflare Access: a Pages Function that
 * trusts no request without a valid `Cf-Access-Jwt-Assertion`, checked with jose against the
 * team's published keys (ACCESS_TEAM_DOMAIN, https://<team>.cloudflareaccess.com) and the Access
 * application's audience tag (ACCESS_AUD). Missing settings refuse everyone: the inbox is never
 * open by mistake.
 *
 * - GET /admin/leads?from=2026-11-01&to=2026-11-30: the leads of the period, newest first, each
 *   with its campaign, landing page and package; the counts by `utm_campaign` and by landing page;
 *   alerts not sent. Plain HTML with forms: it works without JavaScript, under a policy that
 *   allows no script at all.
 * - GET /admin/leads/export.csv?from=…&to=…: the same leads as CSV, every value that a spreadsheet
 *   would take for a formula (=, +, -, @, a tab or a carriage return first) neutralised with a '.
 * - POST /admin/leads/delete (id): deletes a lead and its alerts (a privacy request).
 * - GET /admin/leads/inbox.css: its stylesheet.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { fromTheSite } from './lead-checks.js';
import { escape } from './lead-pages.js';
import { afterAnswer } from './lead-receiver.js';
import { functionHeaders } from './response-headers.js';

const INBOX = '/admin/leads';
const DAY_MS = 86_400_000;
const MAX_ROWS = 500;

/** The inbox's policy: its own stylesheet, its own forms, nothing else. */
const POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const keySets = new Map();

/** Who Access says this is (the JWT's claims), or why not: 401 without a JWT, 403 with a bad one. */
async function accessIdentity(request, env) {
  const token = request.headers.get('Cf-Access-Jwt-Assertion');
  if (!token) return { status: 401, reason: 'This page is behind Cloudflare Access: sign in through it.' };
  const team = env.ACCESS_TEAM_DOMAIN;
  if (!team || !env.ACCESS_AUD) {
    return { status: 403, reason: 'The inbox is not set up: ACCESS_TEAM_DOMAIN and ACCESS_AUD are missing.' };
  }
  const issuer = new URL(team).origin;
  if (!keySets.has(issuer)) keySets.set(issuer, createRemoteJWKSet(new URL('/cdn-cgi/access/certs', issuer)));
  try {
    const { payload } = await jwtVerify(token, keySets.get(issuer), {
      issuer,
      audience: env.ACCESS_AUD,
      algorithms: ['RS256'],
    });
    return { status: 200, payload };
  } catch (error) {
    return { status: 403, reason: `Cloudflare Access's token was refused (${error.code ?? error.message}).` };
  }
}

/** A CSV cell: quoted, and never a formula once a spreadsheet opens it. */
function csvCell(value) {
  const text = String(value ?? '');
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const SOURCE_COLUMNS = [
  'landingPage',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
];

/** The leads as CSV, one row each, newest first: a column for each of the form's `fields`, in order. */
function leadsCsv(rows, fields) {
  const header = ['received_at', 'via', 'page', ...fields, ...SOURCE_COLUMNS];
  const lines = rows.map((row) => {
    const values = JSON.parse(row.fields);
    const source = JSON.parse(row.source);
    return [
      row.received_at,
      row.via,
      row.page,
      ...fields.map((name) => values[name]),
      ...SOURCE_COLUMNS.map((name) => source[name]),
    ]
      .map(csvCell)
      .join(',');
  });
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

/** The period asked for (?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included); the last 30 days by default. */
function periodOf(url, now) {
  const day = (name) => {
    const value = url.searchParams.get(name) ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  };
  const to = day('to') ?? new Date(now).toISOString().slice(0, 10);
  const from = day('from') ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
  return { from, to, since: `${from}T00:00:00.000Z`, until: new Date(Date.parse(to) + DAY_MS).toISOString() };
}

const leadsOf = (db, period) =>
  db
    .prepare(
      `SELECT id, received_at, via, page, fields, source, package, utm_campaign, landing_page
         FROM leads WHERE received_at >= ? AND received_at < ? ORDER BY received_at DESC, id DESC LIMIT ${MAX_ROWS}`,
    )
    .bind(period.since, period.until)
    .all();

const countsBy = (db, column, period) =>
  db
    .prepare(
      `SELECT ${column} AS name, COUNT(*) AS leads FROM leads WHERE received_at >= ? AND received_at < ?
        GROUP BY ${column} ORDER BY leads DESC, name`,
    )
    .bind(period.since, period.until)
    .all();

function countsTable(caption, rows, none) {
  return `<table><caption>${escape(caption)}</caption>
<thead><tr><th scope="col">${escape(caption.replace(/^Leads by /, '').replace(/^./, (c) => c.toUpperCase()))}</th><th scope="col">Leads</th></tr></thead>
<tbody>${rows.map((row) => `<tr><td>${escape(row.name || none)}</td><td>${row.leads}</td></tr>`).join('')}</tbody></table>`;
}

function inboxPage({ period, leads, byCampaign, byLanding, unsent, who, notice }) {
  const query = `from=${period.from}&amp;to=${period.to}`;
  const rows = leads
    .map((row) => {
      const fields = JSON.parse(row.fields);
      return `<tr>
<td><time datetime="${escape(row.received_at)}">${escape(row.received_at.slice(0, 16).replace('T', ' '))}</time></td>
<td>${escape(`${fields['first-name']} ${fields['last-name']}`)}<br /><a href="mailto:${escape(fields.email)}">${escape(fields.email)}</a><br />${escape(fields.phone)}</td>
<td>${escape(fields['investing-type'])}${fields.budget ? `, ${escape(fields.budget)}` : ''}${fields.challenge ? `<br />${escape(fields.challenge)}` : ''}</td>
<td>${escape(row.package || '—')}</td>
<td>${escape(row.utm_campaign || '—')}</td>
<td>${escape(row.landing_page || '—')}</td>
<td><form method="post" action="${INBOX}/delete"><input type="hidden" name="id" value="${row.id}" /><button type="submit">Delete</button></form></td>
</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>Leads</title>
<link rel="stylesheet" href="${INBOX}/inbox.css" />
</head>
<body>
<main>
<h1>Leads</h1>
<p class="who">Signed in as ${escape(who)}.</p>
${notice ? `<p class="notice" role="status">${escape(notice)}</p>` : ''}
<form method="get" action="${INBOX}" class="period">
<label>From <input type="date" name="from" value="${period.from}" /></label>
<label>To <input type="date" name="to" value="${period.to}" /></label>
<button type="submit">Show</button>
<a href="${INBOX}/export.csv?${query}">Export to CSV</a>
</form>
${unsent > 0 ? `<p class="notice">${unsent} alert${unsent === 1 ? ' was' : 's were'} not sent in the last day (tried again for a day): check the alert settings (README "Lead delivery"). The leads are below.</p>` : ''}
<div class="counts">
${countsTable('Leads by campaign', byCampaign, '(no campaign)')}
${countsTable('Leads by landing page', byLanding, '(unknown)')}
</div>
<table class="leads">
<caption>${leads.length} lead${leads.length === 1 ? '' : 's'} from ${period.from} to ${period.to}, newest first${leads.length === MAX_ROWS ? ` (the first ${MAX_ROWS}: export for all)` : ''}</caption>
<thead><tr><th scope="col">Received (UTC)</th><th scope="col">Who</th><th scope="col">Investing</th><th scope="col">Package</th><th scope="col">Campaign</th><th scope="col">Landing page</th><th scope="col"><span class="hidden">Delete</span></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>
`;
}

const INBOX_CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:80rem;margin:0 auto;padding:1.5rem}
table{border-collapse:collapse;width:100%;margin:1.5rem 0}
caption{text-align:left;font-weight:600;padding:.5rem 0}
th,td{text-align:left;vertical-align:top;padding:.5rem;border-bottom:1px solid #d4d4d8}
.counts{display:grid;gap:1.5rem;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr))}
.period{display:flex;flex-wrap:wrap;gap:1rem;align-items:end}
.notice{padding:.75rem 1rem;background:#fef3c7;border-left:4px solid #b45309}
.who{color:#52525b}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
button{font:inherit;padding:.25rem .75rem}
`;

function respond(request, body, { status = 200, type = 'text/html; charset=utf-8', headers = {} } = {}) {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': type,
      'Content-Security-Policy': POLICY,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
      ...functionHeaders(request),
      ...headers,
    },
  });
}

/** /admin/leads and what is under it. */
export async function leadInbox(context, settings) {
  const { request, env } = context;
  const url = new URL(request.url);
  const identity = await accessIdentity(request, env);
  if (identity.status !== 200) {
    return respond(request, `${identity.reason}\n`, {
      status: identity.status,
      type: 'text/plain; charset=utf-8',
    });
  }
  const now = Date.now();
  afterAnswer(context, settings, now);
  const route = url.pathname.replace(/\/+$/, '');
  if (route === `${INBOX}/inbox.css`) return respond(request, INBOX_CSS, { type: 'text/css; charset=utf-8' });
  if (route === `${INBOX}/delete` && request.method === 'POST') {
    if (!fromTheSite(request, settings.origins)) {
      return respond(request, 'Only the inbox deletes leads.\n', {
        status: 403,
        type: 'text/plain; charset=utf-8',
      });
    }
    const id = Number(new URLSearchParams(await request.text()).get('id'));
    await env.LEADS.batch([
      env.LEADS.prepare('DELETE FROM alerts WHERE lead_id = ?').bind(id),
      env.LEADS.prepare('DELETE FROM leads WHERE id = ?').bind(id),
    ]);
    return new Response(null, {
      status: 303,
      headers: { Location: `${INBOX}?deleted=1`, ...functionHeaders(request) },
    });
  }
  if (request.method !== 'GET')
    return respond(request, 'Not allowed.\n', { status: 405, type: 'text/plain', headers: { Allow: 'GET' } });
  const period = periodOf(url, now);
  const leads = (await leadsOf(env.LEADS, period)).results;
  if (route === `${INBOX}/export.csv`) {
    return respond(request, leadsCsv(leads, Object.keys(settings.rules.labels)), {
      type: 'text/csv; charset=utf-8',
      headers: { 'Content-Disposition': `attachment; filename="leads-${period.from}-to-${period.to}.csv"` },
    });
  }
  if (route !== INBOX)
    return respond(request, 'Not found.\n', { status: 404, type: 'text/plain; charset=utf-8' });
  const [byCampaign, byLanding, unsent] = await Promise.all([
    countsBy(env.LEADS, 'utm_campaign', period),
    countsBy(env.LEADS, 'landing_page', period),
    env.LEADS.prepare(
      `SELECT COUNT(*) AS count FROM alerts JOIN leads ON leads.id = alerts.lead_id
        WHERE alerts.sent_at IS NULL AND alerts.last_error IS NOT NULL AND leads.received_at > ?`,
    )
      .bind(new Date(now - DAY_MS).toISOString())
      .first('count'),
  ]);
  return respond(
    request,
    inboxPage({
      period,
      leads,
      byCampaign: byCampaign.results,
      byLanding: byLanding.results,
      unsent,
      who: identity.payload.email ?? identity.payload.sub ?? 'an Access user',
      notice: url.searchParams.has('deleted') ? 'The lead was deleted.' : '',
    }),
  );
}
