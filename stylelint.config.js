export default {
  extends: ['stylelint-config-standard-scss'],
  ignoreFiles: ['dist/**', 'backstop/output/**', 'node_modules/**'],
  rules: {
    // Prefixed BEM: ds-block__element--modifier.
    'selector-class-pattern': [
      '^ds-[a-z0-9]+(-[a-z0-9]+)*(__[a-z0-9]+(-[a-z0-9]+)*)?(--[a-z0-9]+(-[a-z0-9]+)*)?$',
      { message: 'Use prefixed BEM class names: ds-block__element--modifier' },
    ],
    // Components use tokens; raw hex colours belong in settings/_tokens.scss only.
    'color-no-hex': [true, { severity: 'error' }],
    'scss/dollar-variable-pattern': '^[a-z][a-z0-9-]*$',
  },
  overrides: [{ files: ['styles/settings/_tokens.scss'], rules: { 'color-no-hex': null } }],
};
