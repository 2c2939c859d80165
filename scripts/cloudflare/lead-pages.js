/**
 * The pages a form posted without JavaScript lands on, made from the built /contact page with
 * HTMLRewriter, so that they have the site's header, footer, stylesheet and policy and need no
 * page of their own in pages/ (they exist only where the receiver runs):
 * - /contact/thank-you (thankYouPage, after a 303): that the request reached us, what happens
 *   next, and the business hours; noindex;
 * - the form again with what to fix (formWithProblems): an error summary at its top that links to
 *   each field (focused on load, with `autofocus`: no script), and the visitor's entries kept;
 * - a refusal that no field can fix (refusalPage): what happened, and how else to reach us.
 */
import { functionHeaders } from './response-headers.js';

/** Text as HTML shows it, in an element or an attribute: never markup. */
export const escape = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character],
  );

/** A page made from /contact: its own headers plus the Function's, never cached, not indexed. */
async function pageResponse(rewriter, response, request) {
  const page = rewriter.transform(await response);
  const headers = new Headers(page.headers);
  for (const [name, value] of Object.entries(functionHeaders(request))) headers.set(name, value);
  // Another body than the file's: not its validators.
  headers.delete('ETag');
  headers.delete('Last-Modified');
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Robots-Tag', 'noindex');
  return new Response(page.body, { status: 200, headers });
}

/** The built /contact page, with what every page made from it changes: its title; no index, canonical or trail. */
function contactPage(context, settings, title) {
  const { request, env } = context;
  const rewriter = new HTMLRewriter()
    // The built page leaves out the optional <head> tag: the robots meta goes after the title.
    .on('title', {
      element(element) {
        element.setInnerContent(`${title} | ${settings.site.name}`);
        element.after('<meta name="robots" content="noindex" />', { html: true });
      },
    })
    // Not /contact's address, trail or share card: a page of its own that no one shares.
    .on(
      'link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], script[type="application/ld+json"]',
      {
        element(element) {
          element.remove();
        },
      },
    )
    .on('meta[name="description"]', {
      element(element) {
        element.setAttribute('content', title);
      },
    });
  return { rewriter, page: env.ASSETS.fetch(new URL(settings.formPath, request.url)), request };
}

/** A message in the shape of the site's status pages (the 404's), in place of /contact's content. */
function statusSection(badge, heading, paragraphs, link) {
  return `<section class="ds-placeholder ds-container">
  <p class="ds-placeholder__badge">${escape(badge)}</p>
  <h1 class="ds-placeholder__title">${escape(heading)}</h1>
  ${paragraphs.map((text) => `<p class="ds-placeholder__text">${escape(text)}</p>`).join('\n  ')}
  <div class="ds-button-group"><a class="ds-button ds-button--primary" href="${escape(link.href)}">${escape(link.label)}</a></div>
</section>`;
}

/** A page of /contact whose content is one status message (statusSection's). */
function statusPage(context, settings, title, ...message) {
  const { rewriter, page, request } = contactPage(context, settings, title);
  rewriter.on('main', {
    element(element) {
      element.setInnerContent(statusSection(...message), { html: true });
    },
  });
  return pageResponse(rewriter, page, request);
}

/** GET /contact/thank-you: where a form posted without JavaScript lands once its lead is stored. */
export function thankYouPage(context, settings) {
  const { site } = settings;
  return statusPage(
    context,
    settings,
    'Thank You',
    'Request received',
    'Thank you, your request has reached us',
    [
      `What happens next: one of our strategists reads it and calls or emails you to book your free strategy session. ${site.responseTime} on business days.`,
      `Our hours: ${site.hours}. In a hurry? Call us at ${site.phone} or email ${site.email}.`,
    ],
    { href: '/', label: 'Back to the home page' },
  );
}

/** The form again, with a summary of what to fix that links to each field, and the entries kept. */
export function formWithProblems(context, settings, problems, sent) {
  const { rewriter, page, request } = contactPage(context, settings, 'Error: Contact Us');
  const summary = `<div class="ds-contact-form__help ds-contact-form__help--shown" id="contact-form-problems" role="alert" tabindex="-1" autofocus>
  <h3 class="ds-contact-form__help-title">Your request was not sent</h3>
  <p>Please fix ${problems.length === 1 ? 'this field' : `these ${problems.length} fields`}, then send the form again:</p>
  <ul>${problems.map((problem) => `<li><a href="#${escape(problem.field)}">${escape(problem.message)}</a></li>`).join('')}</ul>
</div>`;
  const value = (element) =>
    typeof sent[element.getAttribute('id')] === 'string' ? sent[element.getAttribute('id')] : '';
  let select = '';
  rewriter
    .on('form#contact-form', {
      element(element) {
        element.prepend(summary, { html: true });
      },
    })
    // The help for a form posted without a lead endpoint would say the opposite: it goes.
    .on('#contact-form-help', {
      element(element) {
        element.remove();
      },
    })
    .on('form#contact-form input[id]', {
      element(element) {
        element.setAttribute('value', value(element));
        if (problems.some((problem) => problem.field === element.getAttribute('id'))) {
          element.setAttribute('aria-invalid', 'true');
        }
      },
    })
    .on('form#contact-form select[id]', {
      element(element) {
        select = value(element);
      },
    })
    .on('form#contact-form select[id] option', {
      element(element) {
        if (select && element.getAttribute('value') === select) element.setAttribute('selected', '');
      },
    })
    .on('form#contact-form textarea[id]', {
      element(element) {
        element.setInnerContent(value(element));
      },
    });
  return pageResponse(rewriter, page, request);
}

/** A refusal no field can fix (another site's form, too large, too many, not stored): say so. */
export function refusalPage(context, settings, message) {
  const { site } = settings;
  return statusPage(
    context,
    settings,
    'Request Not Sent',
    'Request not sent',
    'Your request was not sent',
    [message, `You can also call us at ${site.phone} or email ${site.email}: ${site.hours}.`],
    { href: settings.formPath, label: 'Back to the form' },
  );
}
