import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { IslandModule } from './island-types';

export { islands } from './registry';

interface BoundaryProps {
  name: string;
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Catches a render error inside one island so it cannot take the page or other islands down. */
class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(
      `[island:${this.props.name}] crashed; restoring its static HTML.`,
      error,
      info.componentStack,
    );
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** The longest a takeover waits for the static markup's own motion (the menu's 0.3 s opening). */
const MOTION_WAIT_MS = 400;

/**
 * Markup is not replaced mid-motion either (nor under a finger: scripts/page/island-loader.ts): a static menu still fading in would jump to the island's
 * fully open panel. Waits for the root's running transitions and animations to end, at most
 * MOTION_WAIT_MS, so an endless animation never holds a takeover back.
 */
function settled(root: HTMLElement): Promise<unknown> {
  // happy-dom, in the unit tests, has no Web Animations.
  const running = 'getAnimations' in root ? root.getAnimations({ subtree: true }) : [];
  if (running.length === 0) return Promise.resolve();
  return Promise.race([
    Promise.allSettled(running.map((animation) => animation.finished)),
    new Promise((resolve) => setTimeout(resolve, MOTION_WAIT_MS)),
  ]);
}

/** A selector that finds "the same" focused control after React re-renders the markup. */
function focusSelector(root: HTMLElement): string | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return null;
  if (active.dataset.focusId) return `[data-focus-id="${CSS.escape(active.dataset.focusId)}"]`;
  const href = active.getAttribute('href');
  return href ? `a[href="${CSS.escape(href)}"]` : null;
}

/**
 * Mounts one island into its root, once the root's own motion has ended. In `replace` mode React
 * takes over the root's markup; if the island throws, the original markup is put back, so
 * visitors keep a working static page.
 */
export async function mountIsland(name: string, root: HTMLElement, island: IslandModule): Promise<void> {
  await settled(root);
  const { default: Island, mode } = island;
  const staticMarkup = [...root.childNodes].map((node) => node.cloneNode(true));
  const container = mode === 'replace' ? root : document.createElement('div');

  const reactRoot: Root = createRoot(container);

  return new Promise((resolve, reject) => {
    const restore = (error: unknown): void => {
      // Unmounting synchronously inside React's commit phase is not allowed.
      queueMicrotask(() => {
        reactRoot.unmount();
        if (mode === 'replace') root.replaceChildren(...staticMarkup);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    };
    const onMounted = (): void => {
      resolve();
    };

    reactRoot.render(
      <IslandBoundary name={name} onError={restore}>
        {mode === 'replace' && <KeepFocus root={root} />}
        <Island root={root} />
        <MountedSignal onMounted={onMounted} />
      </IslandBoundary>,
    );
  });
}

/**
 * Renders nothing; moves focus to the island's version of the control that had it. It reads the
 * focus while rendering, in the same task in which React then replaces the markup, so a visitor
 * who keeps tabbing while the island loads does not lose their place.
 */
function KeepFocus({ root }: { root: HTMLElement }): null {
  const [selector] = useState(() => focusSelector(root));
  useEffect(() => {
    if (selector) root.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }, [root, selector]);
  return null;
}

/** Renders nothing; tells the mounter that the island's first render has been committed. */
function MountedSignal({ onMounted }: { onMounted: () => void }): null {
  // Runs once, after the island's own effects: the island is live.
  useEffect(() => onMounted(), [onMounted]);
  return null;
}
