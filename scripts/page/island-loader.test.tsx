import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountIsland } from '../islands/mount';
import type { IslandModule, IslandProps } from '../islands/island-types';
import { MAX_LOAD_ATTEMPTS, RETRY_BACKOFF_MS, startIslands, type IslandCode } from './island-loader';

type Registry = IslandCode['islands'];

function island(component: IslandModule['default'], mode: IslandModule['mode'] = 'replace') {
  return () => Promise.resolve({ default: component, mode });
}

/** The islands' code as the mount chunk gives it, with these islands. */
const code = (islands: Registry) => () => Promise.resolve({ islands, mountIsland });

function Greeting({ root }: IslandProps) {
  return <button type="button">Enhanced {root.dataset.label}</button>;
}

function Broken(): never {
  throw new Error('boom');
}

function page(html: string): void {
  document.body.innerHTML = html;
}

function interactWith(root: Element): void {
  root.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}

describe('startIslands', () => {
  it('leaves the static HTML alone until the first interaction, then mounts the island', async () => {
    page('<div data-island="greeting" data-label="nav"><a href="/x">Static link</a></div>');
    const root = document.querySelector<HTMLElement>('[data-island]')!;
    startIslands(document, code({ greeting: island(Greeting) }));

    expect(screen.getByRole('link', { name: 'Static link' })).toBeTruthy();
    expect(root.dataset.islandState).toBe('waiting');

    interactWith(root);
    expect(await screen.findByRole('button', { name: 'Enhanced nav' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Static link' })).toBeNull();
    await waitFor(() => expect(root.dataset.islandState).toBe('mounted'));
  });

  it('isolates a throwing island: its static HTML comes back and other islands still mount', async () => {
    page(`
      <div data-island="broken"><a href="/safe">Static fallback</a></div>
      <div data-island="greeting" data-label="ok"></div>`);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [brokenRoot, greetingRoot] = document.querySelectorAll<HTMLElement>('[data-island]');
    startIslands(document, code({ broken: island(Broken), greeting: island(Greeting) }));

    interactWith(brokenRoot!);
    interactWith(greetingRoot!);

    expect(await screen.findByRole('button', { name: 'Enhanced ok' })).toBeTruthy();
    await waitFor(() => expect(brokenRoot!.dataset.islandState).toBe('failed'));
    expect(screen.getByRole('link', { name: 'Static fallback' })).toBeTruthy();
    expect(error).toHaveBeenCalled();
  });

  it('keeps the static HTML when an island module fails to load, and the next use retries', async () => {
    page('<div data-island="flaky"><a href="/safe">Still here</a></div>');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = document.querySelector<HTMLElement>('[data-island]')!;
    const load = vi
      .fn<() => Promise<IslandModule>>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValue({ default: Greeting, mode: 'replace' });
    startIslands(document, code({ flaky: load }));

    interactWith(root);
    await waitFor(() => expect(root.dataset.islandState).toBe('retrying'));
    expect(screen.getByRole('link', { name: 'Still here' })).toBeTruthy();

    interactWith(root);
    expect(await screen.findByRole('button', { name: /Enhanced/ })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('gives up after MAX_LOAD_ATTEMPTS downloads, waiting longer between each, and logs once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame'] });
    page('<div data-island="offline"></div>');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new Error('network down')));
    const islands = startIslands(document, code({ offline: load }));

    // Each download starts after the next frame, so frames are faked too.
    const first = islands.load('offline');
    await vi.runAllTimersAsync();
    expect(await first).toBe(false);
    const retry = islands.load('offline');
    await vi.advanceTimersByTimeAsync(RETRY_BACKOFF_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.runAllTimersAsync();
    expect(await retry).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);

    for (let call = 2; call < MAX_LOAD_ATTEMPTS + 2; call += 1) {
      const next = islands.load('offline');
      await vi.runAllTimersAsync();
      expect(await next).toBe(false);
    }
    expect(load).toHaveBeenCalledTimes(MAX_LOAD_ATTEMPTS);
    expect(document.querySelector<HTMLElement>('[data-island]')!.dataset.islandState).toBe('failed');
    expect(error).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('warns about a name that no island is registered under, and keeps its HTML', async () => {
    page('<div data-island="nope"><a href="/x">Static link</a></div>');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const root = document.querySelector<HTMLElement>('[data-island]')!;
    startIslands(document, code({}));
    interactWith(root);
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('[island:nope]')));
    expect(root.dataset.islandState).toBe('failed');
    expect(screen.getByRole('link', { name: 'Static link' })).toBeTruthy();
  });

  it('never takes a name from Object: data-island="constructor" is not an island', async () => {
    page('<div data-island="constructor"></div>');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    startIslands(document, code({}));
    interactWith(document.querySelector('[data-island]')!);
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('[island:constructor]')));
  });

  it('refuses to start a root twice', async () => {
    page('<div data-island="greeting" data-label="once"></div>');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.resolve({ default: Greeting, mode: 'replace' as const }));
    const registry: Registry = { greeting: load };
    startIslands(document, code(registry));
    startIslands(document, code(registry));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('already started'));

    interactWith(document.querySelector('[data-island]')!);
    expect(await screen.findAllByRole('button', { name: 'Enhanced once' })).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('mounts an enhance-mode island without touching its markup', async () => {
    page('<form data-island="watcher"><label>Name <input name="n" value="Ada"></label></form>');
    const seen = vi.fn();
    function Watcher({ root }: IslandProps) {
      seen(root.tagName);
      return null;
    }
    const controller = startIslands(
      document,
      code({ watcher: () => Promise.resolve({ default: Watcher, mode: 'enhance' as const }) }),
    );
    await controller.load('watcher');
    expect(seen).toHaveBeenCalledWith('FORM');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Ada');
  });

  it('moves focus to the same link after React replaces the markup', async () => {
    page('<nav data-island="links"><a href="/a">A</a><a href="/b">B</a></nav>');
    function Links() {
      return (
        <>
          <a href="/a">A</a>
          <a href="/b">B (enhanced)</a>
        </>
      );
    }
    const root = document.querySelector<HTMLElement>('[data-island]')!;
    startIslands(document, code({ links: island(Links) }));
    screen.getByRole('link', { name: 'B' }).focus();
    interactWith(root);
    const enhanced = await screen.findByRole('link', { name: 'B (enhanced)' });
    await waitFor(() => expect(document.activeElement).toBe(enhanced));
  });
});
