/**
 * What an island is, for the islands and the code that starts them: types only, so that an island
 * names them without importing the registry, which imports every island (registry.ts).
 */
import type { ComponentType } from 'react';

/** Props every island component receives: the `[data-island]` element it enhances. */
export interface IslandProps {
  root: HTMLElement;
}

/**
 * How an island meets its markup:
 * - `replace`: React renders into the root, taking over the static markup it read first.
 * - `enhance`: React renders off-screen and works on the existing markup (listeners, portals),
 *   which stays exactly as the server sent it.
 */
export type IslandMode = 'replace' | 'enhance';

/** What an island module exports. */
export interface IslandModule {
  default: ComponentType<IslandProps>;
  mode: IslandMode;
}
