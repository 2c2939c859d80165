export default {
  extends: ['stylelint-config-standard-scss'],
  ignoreFiles: ['dist/**', 'backstop/output/**', 'node_modules/**', '.cache/**'],
  rules: {
    // Prefixed BEM: ds-block__element--modifier.
    'selector-class-pattern': [
      '^ds-[a-z0-9]+(-[a-z0-9]+)*(__[a-z0-9]+(-[a-z0-9]+)*)?(--[a-z0-9]+(-[a-z0-9]+)*)?$',
      { message: 'Use prefixed BEM class names: ds-block__element--modifier' },
    ],
    // Colours are tokens (styles/settings/_tokens.scss): no hex, colour function or colour name
    // anywhere else, so a palette change is one file.
    'color-no-hex': [true, { message: 'Use a colour token from styles/settings/_tokens.scss' }],
    'color-named': ['never', { message: 'Use a colour token from styles/settings/_tokens.scss' }],
    'function-disallowed-list': [
      ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix'],
      { message: 'Use a colour token from styles/settings/_tokens.scss' },
    ],
    'scss/dollar-variable-pattern': '^[a-z][a-z0-9-]*$',
  },
  overrides: [
    {
      files: ['styles/settings/**'],
      rules: { 'color-no-hex': null, 'color-named': null, 'function-disallowed-list': null },
    },
  ],
};
