import type { IslandDefinition, IslandRegistry } from './types';

const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

type MountState = 'waiting' | 'loading' | 'mounted' | 'failed';

/** Reads the mount state recorded on a root; a root is mounted at most once. */
function stateOf(root: HTMLElement): MountState | undefined {
  return root.dataset.islandState as MountState | undefined;
}

function setState(root: HTMLElement, state: MountState): void {
  root.dataset.islandState = state;
}

/** Loads an island's code and React, then mounts it; failures are logged, never thrown. */
async function load(name: string, root: HTMLElement, definition: IslandDefinition): Promise<void> {
  if (stateOf(root) === 'loading' || stateOf(root) === 'mounted') return;
  setState(root, 'loading');
  try {
    const [island, { mountIsland }] = await Promise.all([definition.load(), import('./mount')]);
    await mountIsland(name, root, island);
    setState(root, 'mounted');
  } catch (error) {
    setState(root, 'failed');
    console.error(`[island:${name}] failed to load; the static HTML stays in place.`, error);
  }
}

export interface IslandController {
  /** Loads every island of that name now (for `demand` islands, e.g. the toast). */
  load(name: string): Promise<void>;
}

/**
 * Finds every `[data-island]` root under `scope` and arranges for it to mount when its trigger
 * fires. Unknown names warn; a root that was already started is left alone.
 */
export function startIslands(scope: ParentNode, registry: IslandRegistry): IslandController {
  const roots = new Map<string, HTMLElement[]>();

  for (const root of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = root.dataset.island ?? '';
    const definition = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!definition) {
      console.warn(`[island:${name}] no island is registered under this name; the HTML stays as it is.`);
      continue;
    }
    if (stateOf(root) !== undefined) {
      console.warn(`[island:${name}] this root was already started; refusing to mount it twice.`);
      continue;
    }
    setState(root, 'waiting');
    roots.set(name, [...(roots.get(name) ?? []), root]);

    if (definition.trigger === 'interaction') {
      const onFirstInteraction = (): void => {
        for (const type of INTERACTION_EVENTS) root.removeEventListener(type, onFirstInteraction);
        void load(name, root, definition);
      };
      for (const type of INTERACTION_EVENTS) {
        root.addEventListener(type, onFirstInteraction, { passive: true });
      }
    }
  }

  return {
    async load(name) {
      const definition = registry[name];
      if (!definition) return;
      await Promise.all((roots.get(name) ?? []).map((root) => load(name, root, definition)));
    },
  };
}
