import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_BACKLOG_DELAY_MS, preloadToaster, resetToasts, toast, ToastArea } from '../../../src/ui/toast';

/** The area, found the way AT finds it. */
const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });
/** Waits for the renderer's code (in the app: the first toast's fetch, or the idle one). */
const loaded = () =>
  act(async () => {
    await preloadToaster();
  });

// Fake timers: the idle fetch (a timeout in happy-dom) only happens when a test lets time pass.
beforeEach(() => {
  vi.useFakeTimers();
  preloadToaster.reset();
  resetToasts();
});
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('ToastArea', () => {
  it('is the region "Notifications (F8)", top-right, before the toasts’ code has loaded', () => {
    render(<ToastArea position="top-right" />);
    expect(region().dataset.state).toBe('loading');
    expect(region().dataset.position).toBe('top-right');
    expect(region().dataset.side).toBe('top');
    expect(within(region()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('fetches the renderer for the first toast, then shows and announces a toast added before it loaded', async () => {
    render(<ToastArea position="top-right" measureHeight={() => 50} />);
    act(() => void toast.add({ title: 'Chat deleted', description: 'Undo within 5 s.' }));
    await loaded();
    expect(region().dataset.state).toBeUndefined();
    expect(screen.getAllByRole('region', { name: 'Notifications (F8)' })).toHaveLength(1);
    const [item] = within(region()).getAllByRole('listitem');
    expect(item?.textContent).toContain('Chat deleted');
    act(() => vi.advanceTimersByTime(ANNOUNCE_BACKLOG_DELAY_MS));
    expect(within(region()).getByRole('status').textContent).toBe('Notification: Chat deleted. Undo within 5 s.');
  });

  it('fetches the renderer right after the first paint when no toast has come', async () => {
    render(<ToastArea position="top-right" />);
    act(() => vi.advanceTimersByTime(0));
    await loaded();
    expect(region().dataset.state).toBeUndefined();
    expect(region().dataset.position).toBe('top-right');
  });

  it('keeps the focus F8 gave it when the renderer replaces the stand-in', async () => {
    render(<ToastArea position="top-right" />);
    fireEvent.keyDown(window, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(region());
    await loaded();
    expect(region().dataset.state).toBeUndefined();
    expect(document.activeElement).toBe(region());
  });
});
