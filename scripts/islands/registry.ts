import type { IslandRegistry } from './types';

/**
 * Every island the pages may name in `data-island`, and when each one loads. Each `import()`
 * becomes its own bundle; React is shared between them and fetched with the first one.
 */
export const islandRegistry: IslandRegistry = {
  // The CSS-only header works until the visitor points at, taps or tabs into it.
  navigation: { trigger: 'interaction', load: () => import('./navigation/Navigation') },
  // A visitor has to focus a field (or autofill does) before they can submit.
  'contact-form': { trigger: 'interaction', load: () => import('./contact-form/ContactForm') },
  // Loaded by scripts/main.ts with the first toast.
  toast: { trigger: 'demand', load: () => import('./toast/Toast') },
};
