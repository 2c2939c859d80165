/**
 * The island loader, on every page: finds each `[data-island]` root and starts its island on the
 * first pointer, touch or focus inside the root, or when code asks for it (`load`). The islands'
 * code, React included, comes from the lazy mount chunk (scripts/islands/mount.tsx) with the first
 * island a visitor needs. Each root mounts once, in its own try/catch; a failed download is
 * retried by the next use; a crash puts the static HTML back.
 */
import type { IslandModule } from '../islands/island-types';

/** What the loader takes from the lazy mount chunk: the islands by name, and how to mount one. */
export interface IslandCode {
  islands: Readonly<Record<string, () => Promise<IslandModule>>>;
  mountIsland: (name: string, root: HTMLElement, island: IslandModule) => Promise<void>;
}

const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** A failed download is retried by the next trigger, at most this many attempts in all… */
export const MAX_LOAD_ATTEMPTS = 4;
/** …and never sooner than this after the previous failure (doubling each time). */
export const RETRY_BACKOFF_MS = 500;

/**
 * `failed` is final: the island crashed while mounting (a bug, not the network), no island has
 * its name, or its code could not be downloaded in MAX_LOAD_ATTEMPTS attempts. `retrying` waits
 * for the next use.
 */
type MountState = 'waiting' | 'loading' | 'mounted' | 'retrying' | 'failed';

interface RootRecord {
  attempts: number;
  retryAfter: number;
  pending?: Promise<boolean> | undefined;
}

const records = new WeakMap<HTMLElement, RootRecord>();

/** Reads the mount state recorded on a root; a root is mounted at most once. */
function stateOf(root: HTMLElement): MountState | undefined {
  return root.dataset.islandState as MountState | undefined;
}

function setState(root: HTMLElement, state: MountState): void {
  root.dataset.islandState = state;
}

/**
 * Tells a developer what became of an island; the page keeps its HTML whatever happened. Short:
 * every page downloads these words.
 */
const report = (level: 'warn' | 'error', name: string, what: string, ...error: unknown[]): void =>
  console[level](`[island:${name}] ${what}; its HTML stays`, ...error);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the browser has painted the frame after this point. The interaction that asks
 * for an island is shown first (the hover's or the tap's own frame), and the island's code, whose
 * evaluation is one long task, runs after it instead of delaying it.
 */
const afterNextPaint = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/** How long after a release to wait for its click, if none comes (a drag, a cancelled touch). */
const CLICK_AFTER_RELEASE_MS = 150;

/**
 * Markup is never replaced under a finger. An island's code often arrives while the press that
 * asked for it is still down (a tap on the static Menu on a slow phone); replacing the markup
 * then sends the release, and so the click, to an element that was not pressed, and the tap is
 * lost. A root that is pressed mounts once the press's click has landed on the static markup.
 */
const presses = {
  root: null as HTMLElement | null,
  waiting: [] as (() => void)[],
};

/** Once per page: startIslands runs once (a second run's listeners would find nothing to do). */
function trackPresses(document: Document): void {
  const options = { capture: true, passive: true };
  document.addEventListener(
    'pointerdown',
    (event) => {
      presses.root =
        event.target instanceof Element ? event.target.closest<HTMLElement>('[data-island]') : null;
    },
    options,
  );
  const release = (): void => {
    if (!presses.root) return;
    presses.root = null;
    const resume = (): void => {
      for (const waiter of presses.waiting.splice(0)) waiter();
    };
    const timer = setTimeout(resume, CLICK_AFTER_RELEASE_MS);
    document.addEventListener(
      'click',
      () => {
        clearTimeout(timer);
        setTimeout(resume, 0); // after the click's default action (a <summary> toggling)
      },
      { capture: true, once: true },
    );
  };
  document.addEventListener('pointerup', release, options);
  document.addEventListener('pointercancel', release, options);
}

function released(root: HTMLElement): Promise<void> {
  if (presses.root !== root) return Promise.resolve();
  return new Promise((resolve) => presses.waiting.push(resolve));
}

/**
 * Downloads an island's code and React, then mounts it. Resolves to whether the island is live;
 * never rejects. A failed download is logged once per root, however often it is retried.
 */
async function attempt(name: string, root: HTMLElement, code: () => Promise<IslandCode>, record: RootRecord) {
  const delay = record.retryAfter - Date.now();
  if (delay > 0) await wait(delay);
  setState(root, 'loading');
  await afterNextPaint();
  record.attempts += 1;
  let island;
  let mountIsland;
  try {
    const loaded = await code();
    // Own names only: `data-island="constructor"` must not find Object's.
    const load = Object.hasOwn(loaded.islands, name) ? loaded.islands[name] : undefined;
    if (!load) {
      setState(root, 'failed');
      report('warn', name, 'not registered');
      return false;
    }
    island = await load();
    ({ mountIsland } = loaded);
  } catch (error) {
    const final = record.attempts >= MAX_LOAD_ATTEMPTS;
    setState(root, final ? 'failed' : 'retrying');
    record.retryAfter = Date.now() + RETRY_BACKOFF_MS * 2 ** (record.attempts - 1);
    if (record.attempts === 1) {
      report('error', name, 'download failed, retried on next use', error);
    }
    return false;
  }
  try {
    await released(root);
    await mountIsland(name, root, island);
    setState(root, 'mounted');
    return true;
  } catch (error) {
    setState(root, 'failed');
    report('error', name, 'mount failed', error);
    return false;
  }
}

function load(name: string, root: HTMLElement, code: () => Promise<IslandCode>): Promise<boolean> {
  const state = stateOf(root);
  if (state === 'mounted') return Promise.resolve(true);
  if (state === 'failed') return Promise.resolve(false);
  const record = records.get(root) ?? { attempts: 0, retryAfter: 0 };
  records.set(root, record);
  record.pending ??= attempt(name, root, code, record).finally(() => {
    record.pending = undefined;
  });
  return record.pending;
}

export interface IslandController {
  /**
   * Loads every island of that name now (the toast, with the first message). Resolves to whether
   * all of them are mounted; a failed download is retried by the next call.
   */
  load(name: string): Promise<boolean>;
}

/**
 * Finds every `[data-island]` root under `scope` and arranges for it to mount on the first
 * interaction inside it; `code` fetches the islands' code (the mount chunk). A root that was
 * already started is left alone; a name no island has warns when it is first used.
 */
export function startIslands(scope: ParentNode, code: () => Promise<IslandCode>): IslandController {
  const roots = new Map<string, HTMLElement[]>();
  trackPresses(document);

  for (const root of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = root.dataset.island ?? '';
    if (stateOf(root) !== undefined) {
      report('warn', name, 'already started');
      continue;
    }
    setState(root, 'waiting');
    roots.set(name, [...(roots.get(name) ?? []), root]);

    // Every interaction is a trigger until the island is live or has given up.
    const onInteraction = (): void => {
      void load(name, root, code).then(() => {
        if (stateOf(root) !== 'mounted' && stateOf(root) !== 'failed') return;
        for (const type of INTERACTION_EVENTS) root.removeEventListener(type, onInteraction);
      });
    };
    for (const type of INTERACTION_EVENTS) {
      root.addEventListener(type, onInteraction, { passive: true });
    }
  }

  return {
    async load(name) {
      const matching = roots.get(name) ?? [];
      if (matching.length === 0) return false;
      const results = await Promise.all(matching.map((root) => load(name, root, code)));
      return results.every(Boolean);
    },
  };
}
