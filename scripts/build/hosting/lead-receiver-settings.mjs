/**
 * What the lead receiver's Functions (scripts/cloudflare/lead-*.js) are built with, from the
 * site's data: the form's rules (pages/_data/contact-form.json and the packages of pricing.json),
 * the receiver's limits (lead-receiver.json), where its pages are and what they say (site.json).
 * write-hosting-files.mjs writes it into each Function; the receiver's tests build theirs here too.
 */
import siteData from '../posthtml-site/site-data.cjs';

/** The site's own receiver: a leadEndpoint of this path turns it on (README "Lead delivery"). */
export const RECEIVER_PATH = '/api/leads';
/** The form a visitor without JavaScript posts, and where that lands. */
const FORM_PATH = '/contact';
export const THANK_YOU_PATH = '/contact/thank-you';
/** The agency's inbox, behind Cloudflare Access. */
export const INBOX_PATH = '/admin/leads';

/** The receiver's settings, from the site's data (`overrides` for a test's own limits). */
export function leadReceiverSettings(overrides = {}) {
  const { site, contactForm, pricing, leadReceiver } = siteData.loadSiteData().locals;
  const values = (choices) => choices.map((choice) => choice.value);
  return {
    origins: [site.url],
    formPath: FORM_PATH,
    thankYouPath: THANK_YOU_PATH,
    inboxUrl: `${site.url}${INBOX_PATH}`,
    retentionDays: leadReceiver.retentionDays,
    perAddressHourly: leadReceiver.perAddressHourly,
    minimumSeconds: leadReceiver.minimumSeconds,
    // Cloudflare Turnstile: the form carries its token, which the receiver checks.
    turnstile: Boolean(leadReceiver.turnstileSiteKey),
    rules: {
      labels: contactForm.labels,
      required: contactForm.required,
      maxLength: contactForm.maxLength,
      options: {
        'investing-type': values(contactForm.options['investing-type']),
        budget: values(contactForm.options.budget),
        package: pricing.packages.map((pkg) => pkg.name),
      },
    },
    site: {
      name: site.name,
      phone: site.phone,
      email: site.email,
      hours: site.hours,
      responseTime: site.responseTime,
    },
    ...overrides,
  };
}

/**
 * The Pages project's Wrangler file (hosting/cloudflare/wrangler.jsonc) while the receiver is on:
 * its D1 database (lead-receiver.json `databaseId`; a local one until it is set) with the
 * migrations, and the alert e-mail's binding. With it, the file is the project's source of truth
 * for bindings (README "Lead delivery"). `migrationsDir`: the repository's
 * scripts/cloudflare/migrations, from the folder the file is written in.
 */
export function wranglerConfig({ project, databaseId, migrationsDir }) {
  return {
    name: project,
    pages_build_output_dir: '../../dist',
    compatibility_date: '2026-05-01',
    d1_databases: [
      {
        binding: 'LEADS',
        database_name: 'leads',
        database_id: databaseId || 'local-leads',
        migrations_dir: migrationsDir,
      },
    ],
    send_email: [{ name: 'ALERT_EMAIL' }],
  };
}
