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

/**
 * When an island's code is fetched and mounted. React stays off the critical path: nothing
 * loads at page load, so the page paints and is usable from its HTML and CSS alone.
 * - `interaction`: first pointer, touch or focus inside the root.
 * - `demand`: only when some code asks for it (e.g. the first toast).
 */
export type IslandTrigger = 'interaction' | 'demand';

export interface IslandDefinition {
  load: () => Promise<IslandModule>;
  trigger: IslandTrigger;
}

export type IslandRegistry = Record<string, IslandDefinition>;
