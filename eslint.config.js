// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Generated or temporary: the build's output, caches, each host's files, wrangler's bundles.
  {
    ignores: [
      'dist/',
      '.parcel-cache/',
      '.cache/',
      'backstop/output/',
      'node_modules/',
      'hosting/',
      '**/.wrangler/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // Tests may assert that an element exists with `!`: a null there fails the test anyway.
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'backstop/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.{ts,tsx}'],
    ignores: ['scripts/build/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every-page code (the entry script and what it imports statically) and the leads chunk: no
    // React. React and the islands load when a visitor first needs one (docs/islands.md); an
    // import here would put them on every page's critical path. Types may be imported.
    files: ['scripts/main.ts', 'scripts/page/**', 'scripts/leads/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-transition-group', '@floating-ui/*'],
              allowTypeImports: true,
              message:
                'Every-page code stays free of React, which loads with the islands on use: put this in an island (scripts/islands/).',
            },
            {
              group: ['**/islands/*', '!**/islands/mount'],
              allowTypeImports: true,
              message:
                'Island code loads on use: reach it through the island loader (scripts/page/island-loader.ts), not a static import.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}', 'scripts/build/**', 'tests/**', 'backstop/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Scripts that pass callbacks into a page (page.evaluate, waitForFunction).
    files: ['backstop/engine/**', 'scripts/build/render-og-image.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // What runs on the host: Cloudflare's runtime, a worker's globals (HTMLRewriter beside fetch).
    files: ['scripts/cloudflare/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, HTMLRewriter: 'readonly' } },
  },
  {
    files: ['**/*.cjs', '.puppeteerrc.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
