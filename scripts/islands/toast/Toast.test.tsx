import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markupOf } from '../../../tests/support/render-page';
import messages from '../../../pages/_data/messages.json';
import { TOAST_DURATION_MS, dismissToast, showToast } from '../../page/toast';
import Toast from './Toast';

const SPEC_TITLE =
  "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!";

/** The page's live region and the toast card's template, as the build renders them. */
function renderRegion() {
  document.body.innerHTML = markupOf('/', '[data-island="toast"], template#toast-card');
  const region = document.querySelector<HTMLElement>('[data-island="toast"]')!;
  render(<Toast root={region} />);
  return region;
}

describe('toast island', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      dismissToast();
    });
  });

  it('renders nothing until a toast is shown', () => {
    const region = renderRegion();
    expect(region.childElementCount).toBe(0);
  });

  it('shows the placeholder title from the specification, with the construction emoji, in the live region', () => {
    const region = renderRegion();
    act(() => void showToast());
    expect(messages.placeholderToast.title).toBe(SPEC_TITLE);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toContain(SPEC_TITLE);
    expect(region.textContent).toContain('🚧');
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    const region = renderRegion();
    act(() => void showToast({ icon: '1', title: 'First' }));
    act(() => void showToast({ icon: '2', title: 'Second' }));
    act(() => void vi.advanceTimersByTime(300)); // let the replaced toast finish its exit
    expect(region.querySelectorAll('.ds-toast')).toHaveLength(1);
    expect(region.textContent).toContain('Second');
    expect(region.textContent).not.toContain('First');
  });

  it('dismisses itself after 5000 ms, counted from the latest toast', () => {
    const region = renderRegion();
    act(() => void showToast());
    act(() => void vi.advanceTimersByTime(3000));
    act(() => void showToast());
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(region.textContent).toContain(SPEC_TITLE);
    act(() => void vi.advanceTimersByTime(1));
    act(() => void vi.advanceTimersByTime(300)); // the exit transition
    expect(region.textContent).toBe('');
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('counts the 5000 ms from when the toast is on screen, not from when it was asked for', () => {
    act(() => void showToast()); // before the island has loaded
    act(() => void vi.advanceTimersByTime(2000));
    const region = renderRegion(); // the island arrives 2 s later
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(region.textContent).toContain(SPEC_TITLE);
    act(() => void vi.advanceTimersByTime(1));
    act(() => void vi.advanceTimersByTime(300));
    expect(region.textContent).toBe('');
  });

  it('has a dismiss button that removes the toast', async () => {
    vi.useRealTimers(); // user-event drives real pointer sequences
    const user = userEvent.setup();
    const region = renderRegion();
    act(() => void showToast());
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(region.textContent).toBe(''));
  });
});
