-- The lead receiver's tables (scripts/cloudflare/lead-receiver.js). Applied by
-- `npm run serve:cloudflare` locally and by `wrangler d1 migrations apply` on the host (README
-- "Lead delivery"); a change to the schema is a new numbered file, never an edit of this one.

-- One row per lead, stored before anything else happens. `idempotency_key` makes a retry the same
-- lead: the browser's outbox key, or for a form posted without JavaScript a digest of its fields.
CREATE TABLE leads (
  id INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  received_at TEXT NOT NULL,
  -- How the lead came: 'json' (the form with JavaScript) or 'form' (without).
  via TEXT NOT NULL,
  -- The page the form was on, and the form's fields as sent, checked (JSON object).
  page TEXT NOT NULL,
  fields TEXT NOT NULL,
  -- Where the visit came from (landingPage, referrer, utm_*, click ids), JSON object.
  source TEXT NOT NULL,
  -- Copies of what the inbox counts and lists by, so that it needs no JSON parsing to group.
  email TEXT NOT NULL,
  package TEXT NOT NULL DEFAULT '',
  utm_campaign TEXT NOT NULL DEFAULT '',
  landing_page TEXT NOT NULL DEFAULT '',
  -- A SHA-256 of the sender's address, for the hourly limit; never the address itself.
  address_hash TEXT NOT NULL
);
CREATE INDEX leads_received_at ON leads (received_at);
CREATE INDEX leads_address ON leads (address_hash, received_at);

-- What looked automated (a filled honeypot, a form sent faster than a person types): kept apart,
-- never alerted, deleted with the leads' retention.
CREATE TABLE spam (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  reason TEXT NOT NULL,
  fields TEXT NOT NULL,
  address_hash TEXT NOT NULL
);
CREATE INDEX spam_address ON spam (address_hash, received_at);

-- Each alert of each lead (an e-mail, a webhook call): written with the lead, in the same
-- transaction, and marked sent once it was. One that failed is retried until it is sent or a day
-- has passed (docs/leads.md "Alerts").
CREATE TABLE alerts (
  lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  sent_at TEXT,
  last_error TEXT,
  PRIMARY KEY (lead_id, channel)
);
CREATE INDEX alerts_due ON alerts (sent_at, next_attempt_at);
