import type { IslandModule } from './types';

/**
 * Where each island's code is, as `import()`s. It is part of the mount chunk (mount.tsx), not of
 * the entry script: Parcel writes a loader into the bundle that holds an `import()` (and, for an
 * island with its own stylesheet, a stylesheet loader), and the entry script is on every page.
 * registry.ts says when each island loads; a name missing here is a type error there.
 */
const code = {
  navigation: () => import('./navigation/Navigation'),
  'contact-form': () => import('./contact-form/ContactForm'),
  toast: () => import('./toast/Toast'),
} satisfies Record<string, () => Promise<IslandModule>>;

export type IslandName = keyof typeof code;
export const islandCode: Record<IslandName, () => Promise<IslandModule>> = code;
