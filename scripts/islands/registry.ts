import type { IslandName } from './island-code';
import type { IslandDefinition, IslandModule } from './types';

/**
 * An island's code, fetched through the mount chunk (island-code.ts), which every island needs
 * anyway: the entry script carries no loader of its own for each island.
 */
const throughMount = (name: IslandName) => (): Promise<IslandModule> =>
  import('./mount').then(({ islandCode }) => islandCode[name]());

/**
 * Every island the pages may name in `data-island`, and when each one loads. Each island's code
 * is its own bundle; React is shared between them and fetched with the first one.
 */
export const islandRegistry: Record<IslandName, IslandDefinition> = {
  // The CSS-only header works until the visitor points at, taps or tabs into it.
  navigation: { trigger: 'interaction', load: throughMount('navigation') },
  // A visitor has to focus a field (or autofill does) before they can submit.
  'contact-form': { trigger: 'interaction', load: throughMount('contact-form') },
  // Loaded by scripts/main.ts with the first toast.
  toast: { trigger: 'demand', load: throughMount('toast') },
};
