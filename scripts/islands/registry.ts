/**
 * The islands: every name a page may give in `data-island`, and where its code is. This file is
 * part of the lazy mount chunk (mount.tsx), never of the entry script: Parcel writes a loader into
 * whichever bundle holds an `import()`, and the entry script is downloaded by every page. The
 * entry script's loader (scripts/page/island-loader.ts) starts an island on the first pointer,
 * touch or focus inside its root, or when code asks for it (the toast, with the first message).
 */
import type { IslandModule } from './island-types';

/** Each island's code, a chunk of its own; React is shared between them and fetched with the first. */
export const islands: Readonly<Record<string, () => Promise<IslandModule>>> = {
  navigation: () => import('./navigation/Navigation'),
  'contact-form': () => import('./contact-form/ContactForm'),
  toast: () => import('./toast/Toast'),
};
