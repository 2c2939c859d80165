'use strict';
/**
 * A post's HTML, held to an allowlist: the elements, attributes and URL schemes that text, photos,
 * links and tables need, and nothing that runs code, loads from another site or changes the page
 * around the post (a script, a style, a frame, a form, a `<meta>` refresh, an event handler, a
 * `javascript:` or `data:` address).
 *
 * The HTML is parsed as a browser parses it (parse5, through hast-util-from-html), so that markup
 * which one parser reads as text and a browser reads as code (`<noembed><p title="</noembed>
 * <script>…`) is seen as the browser sees it; it is sanitised by hast-util-sanitize, the maintained
 * sanitiser of the unified ecosystem, on the allowlist below; and the page gets the sanitised tree
 * as serialised, never the original text. What the sanitiser would remove is refused instead
 * (read-posts.cjs stops the build at its line), so that the author knows.
 */
const { fromHtml } = require('hast-util-from-html');
const { sanitize, defaultSchema } = require('hast-util-sanitize');
const { toHtml } = require('hast-util-to-html');

/** The elements a post may have: what its Markdown renders, and the few Markdown has no way to say. */
const TAG_NAMES = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'div',
  'span',
  'section',
  'a',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'q',
  'cite',
  'abbr',
  'dfn',
  'kbd',
  'samp',
  'var',
  'code',
  'pre',
  'time',
  'wbr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'details',
  'summary',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
  'figure',
  'figcaption',
  'img',
];

/**
 * The attributes each may have, as hast names them. `widths` is the build's own (the picture
 * markup, posthtml-site/pictures.cjs), on the photos the Markdown renders.
 */
const ATTRIBUTES = {
  '*': [
    'className',
    'id',
    'title',
    'lang',
    'dir',
    'tabIndex',
    'ariaLabel',
    'ariaHidden',
    'ariaLabelledBy',
    'ariaDescribedBy',
  ],
  a: ['href', 'hrefLang', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'sizes', 'widths'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  th: ['colSpan', 'rowSpan', 'scope', 'abbr'],
  td: ['colSpan', 'rowSpan', 'headers'],
  col: ['span'],
  colgroup: ['span'],
  time: ['dateTime'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'dateTime'],
  ins: ['cite', 'dateTime'],
  details: ['open'],
};

/** The URL schemes an address may have; an address without one (a path, a fragment) is the site's. */
const PROTOCOLS = {
  href: ['http', 'https', 'mailto', 'tel'],
  cite: ['http', 'https'],
  // A photo is a file of pages/_images/, named by path: no scheme at all. (The sanitiser reads an
  // empty list as "any"; "-" is no scheme, since a scheme starts with a letter.)
  src: ['-'],
};

const SCHEMA = {
  tagNames: TAG_NAMES,
  attributes: ATTRIBUTES,
  protocols: PROTOCOLS,
  ancestors: defaultSchema.ancestors,
  required: {},
  strip: [],
  // Ids keep their names: the headings' anchors are linked from the contents.
  clobber: [],
  clobberPrefix: '',
  allowComments: true,
  allowDoctypes: false,
};

/** Why a thing is refused, where the site's policy says it more precisely than the allowlist. */
const ELEMENT_REASONS = {
  script: 'which the site’s Content-Security-Policy refuses to run',
  style: 'which the Content-Security-Policy refuses to apply',
  iframe: 'which the Content-Security-Policy refuses to load',
  object: 'which the Content-Security-Policy refuses to load',
  embed: 'which the Content-Security-Policy refuses to load',
  meta: 'which can send the reader to another page',
  form: 'which would collect what a reader types',
  input: 'which would collect what a reader types',
};

/** A hast property's attribute name, as an author writes it: className → class, tabIndex → tabindex. */
const attributeName = (property) =>
  property === 'className'
    ? 'class'
    : property.startsWith('aria')
      ? `aria-${property.slice(4).toLowerCase()}`
      : property.toLowerCase();

/** The scheme of an address ("javascript"), or "" for a path or a fragment. */
const schemeOf = (value) =>
  /^([a-z][a-z0-9+.-]*):/i.exec(String(value).replace(/[\s\p{Cc}]/gu, ''))?.[1].toLowerCase() ?? '';

/**
 * What the allowlist refuses in a parsed tree, each with what it is and what to look for in the
 * post's text to find its line.
 */
function refusedIn(tree) {
  const refused = [];
  const visit = (node) => {
    if (node.type === 'element') {
      const tag = node.tagName;
      if (!TAG_NAMES.includes(tag)) {
        refused.push({
          what: `a <${tag}>, ${ELEMENT_REASONS[tag] ?? 'which a post may not use'}`,
          needles: [`<${tag}`],
        });
      } else {
        for (const [property, value] of Object.entries(node.properties ?? {})) {
          const name = attributeName(property);
          const allowed = [...ATTRIBUTES['*'], ...(ATTRIBUTES[tag] ?? [])];
          if (name === 'style') {
            refused.push({
              what: 'a style= attribute, which the Content-Security-Policy refuses to apply',
              needles: ['style='],
            });
          } else if (/^on/.test(name)) {
            refused.push({
              what: `an inline event handler (${name}=), which the Content-Security-Policy refuses to run`,
              needles: [`${name}=`],
            });
          } else if (!allowed.includes(property)) {
            refused.push({
              what: `the attribute ${name}= on a <${tag}>, which a post may not use`,
              needles: [`${name}=`],
            });
          } else if (PROTOCOLS[property]) {
            const scheme = schemeOf(Array.isArray(value) ? value.join(' ') : value);
            if (scheme && !PROTOCOLS[property].includes(scheme)) {
              refused.push({
                what: `a ${scheme}: address in ${name}=, which a post may not link to`,
                needles: [`${scheme}:`, `${name}=`],
              });
            }
          }
        }
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return refused;
}

/**
 * A post's rendered HTML, parsed as browsers parse it and sanitised on the allowlist: `html`, what
 * the page shows; `refused`, what the sanitiser removed (empty when nothing was), each with what it
 * is and the text that finds its line.
 * @param {string} html
 * @returns {{ html: string, refused: { what: string, needles: string[] }[] }}
 */
function sanitizePostHtml(html) {
  const tree = fromHtml(html, { fragment: true });
  const clean = sanitize(tree, SCHEMA);
  const safe = toHtml(clean);
  const refused = refusedIn(tree);
  if (refused.length === 0 && safe !== toHtml(tree)) {
    // Removed by a rule of the sanitiser this explanation does not name (an element out of place).
    refused.push({ what: 'HTML that a browser would read otherwise than it is written', needles: ['<'] });
  }
  return { html: safe, refused };
}

module.exports = { sanitizePostHtml };
