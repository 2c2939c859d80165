/**
 * What the lead receiver (lead-receiver.js) accepts as a lead: the contact form's own rules
 * (pages/_data/contact-form.json, written into the Function by the build), checked again on the
 * server, since anyone can post anything to /api/leads. Pure functions: no request, no database.
 */

/** The most bytes a lead's request may carry: a lead with every field full is under 8 KB. */
export const MAX_BODY_BYTES = 16 * 1024;

/** An address as a browser's `type="email"` takes it (WHATWG's rule, without IP literals). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** A phone number: digits with the usual separators, and at least seven digits. */
const PHONE = /^\+?[\d\s().-]+$/;

/** The name of the form's honeypot: a field hidden from people, which only a bot fills. */
export const HONEYPOT = 'leave-empty';

/** The visit's fields a lead may carry (scripts/leads/visit-source.ts keeps the same). */
const SOURCE_FIELD =
  /^(landingPage|referrer|utm_(source|medium|campaign|term|content)|gclid|[gw]braid|fbclid|msclkid)$/;

/** A value as it is stored: control characters out (but a line break), trimmed. The CSV neutralises formulas (lead-inbox.js). */
export const printable = (value) =>
  String(value)
    .replace(/\p{Cc}/gu, (character) => (character === '\n' ? '\n' : ' '))
    .trim();

/**
 * The form's fields checked against `rules` ({ labels, required, maxLength, options }, from
 * pages/_data/contact-form.json): the lead's fields (every field the labels name, '' when not
 * sent) and the problems, each naming its field in the form's words and what to do. Unknown
 * fields are left out.
 */
export function checkFields(sent, rules) {
  const fields = {};
  const problems = [];
  for (const [name, label] of Object.entries(rules.labels)) {
    const value = typeof sent[name] === 'string' ? printable(sent[name]) : '';
    fields[name] = value;
    const problem = (message) => problems.push({ field: name, message: `${label}: ${message}` });
    if (value === '') {
      if (rules.required.includes(name)) problem('this field is required.');
      continue;
    }
    const max = rules.maxLength[name];
    if (max !== undefined && value.length > max) {
      problem(`at most ${max} characters (this one has ${value.length}).`);
    } else if (name === 'email' && !EMAIL.test(value)) {
      problem('enter an address like name@example.com.');
    } else if (name === 'phone' && (!PHONE.test(value) || value.replace(/\D/g, '').length < 7)) {
      problem('enter a phone number of at least 7 digits, like (202) 555-0147.');
    } else if (rules.options[name] && !rules.options[name].includes(value)) {
      problem(`choose one of the form's options.`);
    }
  }
  return { fields, problems };
}

/** Where the visit came from, as the browser sent it: known fields only, each a short string. */
export function checkSource(sent) {
  const source = {};
  if (!sent || typeof sent !== 'object') return source;
  for (const [name, value] of Object.entries(sent)) {
    if (SOURCE_FIELD.test(name) && typeof value === 'string') source[name] = printable(value).slice(0, 512);
  }
  return source;
}

/**
 * The request's own origin or the site's, by `Origin` or, where a browser sends none,
 * `Sec-Fetch-Site`: false for a form on another site posting here. A request with neither (a
 * script, not a browser) is not a cross-site form and passes; the hourly limit still applies.
 */
export function fromTheSite(request, origins) {
  const origin = request.headers.get('Origin');
  if (origin && origin !== 'null') return [new URL(request.url).origin, ...origins].includes(origin);
  const site = request.headers.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  return origin !== 'null';
}

/** An idempotency key as the outbox makes them (scripts/leads/outbox.ts): short and plain. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
