/**
 * html-validate runs on the built, minified pages (tests/build/html-validate.test.ts). Three
 * rules are off because the minifier does exactly what they forbid, and HTML allows it:
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
  },
};
