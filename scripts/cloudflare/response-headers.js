/**
 * The response headers every answer of the site carries, wherever it comes from: the build's
 * header files for the pages and files (scripts/build/hosting/headers.mjs reads these) and the
 * Pages Functions of this folder, whose responses no `_headers` rule reaches. One definition, so
 * that a Function's page is held to what the site's pages are.
 */

/** HTTPS only, for a year, subdomains too; sent only on a response over HTTPS (ignored over HTTP). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Features the site never uses. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
  'magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), usb=(), ' +
  'browsing-topics=()';

/**
 * The headers a Function's response adds to its own: the opener policy it needs (the site's pages
 * send `same-origin`; the sign-in's steps need `unsafe-none`, editor-sign-in.js says why), and HSTS
 * when the request came over HTTPS.
 */
export function functionHeaders(request, { openerPolicy = 'same-origin' } = {}) {
  return {
    'Cross-Origin-Opener-Policy': openerPolicy,
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    ...(new URL(request.url).protocol === 'https:' && {
      'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
    }),
  };
}
