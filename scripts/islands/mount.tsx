import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { IslandModule } from './types';

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

/** A selector that finds "the same" focused control after React re-renders the markup. */
function focusSelector(root: HTMLElement): string | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return null;
  if (active.dataset.focusId) return `[data-focus-id="${CSS.escape(active.dataset.focusId)}"]`;
  const href = active.getAttribute('href');
  return href ? `a[href="${CSS.escape(href)}"]` : null;
}

/**
 * Mounts one island into its root. In `replace` mode React takes over the root's markup; if the
 * island throws, the original markup is put back, so visitors keep a working static page.
 */
export function mountIsland(name: string, root: HTMLElement, island: IslandModule): Promise<void> {
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
