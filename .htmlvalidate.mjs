/**
 * html-validate runs on the built, minified pages (tests/build/html-validate.test.ts). Three
 * rules are off because the minifier does exactly what they forbid, and HTML allows it; one is
 * narrowed:
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // Attribute values are unquoted where HTML allows it (href=/about-us).
    'attr-quotes': 'off',
    // Optional end tags are omitted (</head>, </body>, </html>, </li>, </p>).
    'no-implicit-close': 'off',
    // Indentation left behind by template loops; whitespace, not markup.
    'no-trailing-whitespace': 'off',
    // A number written out in a tel: link must not wrap; a button's words ("Call Now", the live
    // call to action of site.json liveActions) may.
    'tel-non-breaking': ['error', { ignoreClasses: ['ds-button'] }],
  },
};
