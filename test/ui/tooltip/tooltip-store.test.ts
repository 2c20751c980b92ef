import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTooltipStore, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../src/ui/tooltip/tooltip-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createTooltipStore', () => {
  it('defaults to the 700 ms delay and 300 ms skip window', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('opens a hovered tooltip after the delay, as delayed-open', () => {
    const store = createTooltipStore();
    store.hover('a');
    vi.advanceTimersByTime(699);
    expect(store.getState('a')).toBe('closed');
    vi.advanceTimersByTime(1);
    expect(store.getState('a')).toBe('delayed-open');
  });

  it('notifies subscribers when a tooltip opens or closes, not while a hover is pending', () => {
    const store = createTooltipStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.hover('a');
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(700);
    expect(listener).toHaveBeenCalledTimes(1);
    store.close('a');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('cancels a pending hover on close', () => {
    const store = createTooltipStore();
    store.hover('a');
    vi.advanceTimersByTime(500);
    expect(store.close('a')).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(store.getState('a')).toBe('closed');
  });

  it('restarts the delay when the pointer moves on to another trigger before it opens', () => {
    const store = createTooltipStore();
    store.hover('a');
    vi.advanceTimersByTime(500);
    store.hover('b');
    vi.advanceTimersByTime(500);
    expect(store.getState('a')).toBe('closed');
    expect(store.getState('b')).toBe('closed');
    vi.advanceTimersByTime(200);
    expect(store.getState('b')).toBe('delayed-open');
  });

  it('switches at once while one is open, keeping one open at a time', () => {
    const store = createTooltipStore();
    store.hover('a');
    vi.advanceTimersByTime(700);
    store.hover('b');
    expect(store.getState('a')).toBe('closed');
    expect(store.getState('b')).toBe('instant-open');
  });

  it('opens at once within 299 ms after a close, and needs the full delay from 300 ms', () => {
    const store = createTooltipStore();
    store.open('a');
    store.close('a');
    vi.advanceTimersByTime(299);
    store.hover('b');
    expect(store.getState('b')).toBe('instant-open');

    store.close('b');
    vi.advanceTimersByTime(300);
    store.hover('c');
    vi.advanceTimersByTime(699);
    expect(store.getState('c')).toBe('closed');
    vi.advanceTimersByTime(1);
    expect(store.getState('c')).toBe('delayed-open');
  });

  it('opens at once on open() and reports whether close() closed anything', () => {
    const store = createTooltipStore();
    store.open('a');
    expect(store.getState('a')).toBe('instant-open');
    expect(store.close('b')).toBe(false);
    expect(store.getState('a')).toBe('instant-open');
    expect(store.close('a')).toBe(true);
    expect(store.close('a')).toBe(false);
  });

  it('follows configured durations', () => {
    const store = createTooltipStore({ delayDuration: 100, skipDelayDuration: 0 });
    store.hover('a');
    vi.advanceTimersByTime(100);
    expect(store.getState('a')).toBe('delayed-open');
    store.close('a');
    store.hover('b');
    expect(store.getState('b')).toBe('closed');
    store.configure({ delayDuration: 0 });
    store.hover('c');
    expect(store.getState('c')).toBe('instant-open');
  });

  it('reset closes everything and forgets the skip window', () => {
    const store = createTooltipStore();
    store.open('a');
    store.reset();
    expect(store.getState('a')).toBe('closed');
    store.hover('b');
    expect(store.getState('b')).toBe('closed');
    vi.advanceTimersByTime(700);
    expect(store.getState('b')).toBe('delayed-open');
  });
});
