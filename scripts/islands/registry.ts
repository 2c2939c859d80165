import type { IslandRegistry } from './types';

/** Every island the pages may name in `data-island`, and when each one loads. */
export const islandRegistry: IslandRegistry = {};
