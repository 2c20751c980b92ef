import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast, toastStore } from '../../../src/ui/toast';

const ids = () => toastStore.getSnapshot().map((item) => item.id);
const titles = () => toastStore.getSnapshot().map((item) => item.title);

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('adds newest first and returns generated ids', () => {
    const first = toast.add({ title: 'One' });
    const second = toast.add({ title: 'Two' });
    expect(first).not.toBe(second);
    expect(ids()).toEqual([second, first]);
    expect(titles()).toEqual(['Two', 'One']);
  });

  it('fills defaults: neutral colour, 5000 ms, no actions', () => {
    toast.add({ id: 'a' });
    expect(toastStore.getSnapshot()[0]).toMatchObject({ id: 'a', color: 'neutral', duration: 5000, actions: [], updateCount: 0 });
  });

  it('removes a toast after 5000 ms by default, not before', () => {
    toast.add({ id: 'a' });
    vi.advanceTimersByTime(4999);
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('honours a custom duration', () => {
    toast.add({ id: 'a', duration: 1200 });
    vi.advanceTimersByTime(1199);
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('duration %d keeps the toast until it is closed', (duration) => {
    toast.add({ id: 'a', duration });
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(ids()).toEqual(['a']);
    expect(toastStore.getSnapshot()[0]!.duration).toBe(0);
    toast.remove('a');
    expect(ids()).toEqual([]);
  });

  it('keeps at most 5: a 6th removes the oldest at once', () => {
    for (let n = 1; n <= 6; n += 1) toast.add({ id: `t${n}` });
    expect(ids()).toEqual(['t6', 't5', 't4', 't3', 't2']);
  });

  it('an evicted toast’s timer does not fire later', () => {
    for (let n = 1; n <= 6; n += 1) toast.add({ id: `t${n}`, duration: 1000 * n });
    toast.add({ id: 't1', duration: 0 });
    vi.advanceTimersByTime(1000);
    expect(ids()).toContain('t1');
  });

  it('adding with a shown id updates it in place, counts the update and restarts the timer', () => {
    toast.add({ id: 'a', title: 'Saving' });
    toast.add({ id: 'b', title: 'Other' });
    vi.advanceTimersByTime(4000);
    toast.add({ id: 'a', title: 'Saved', color: 'success' });
    expect(ids()).toEqual(['b', 'a']);
    expect(toastStore.getSnapshot()[1]).toMatchObject({ title: 'Saved', color: 'success', updateCount: 1 });
    vi.advanceTimersByTime(4999);
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('update merges a patch into a shown toast and reports unknown ids', () => {
    toast.add({ id: 'a', title: 'Upload', description: 'Starting' });
    expect(toast.update('a', { description: 'Done' })).toBe(true);
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Upload', description: 'Done', updateCount: 1 });
    expect(toast.update('missing', { title: 'x' })).toBe(false);
    expect(ids()).toEqual(['a']);
  });

  it('remove and clear', () => {
    toast.add({ id: 'a' });
    toast.add({ id: 'b' });
    toast.add({ id: 'c' });
    toast.remove('b');
    expect(ids()).toEqual(['c', 'a']);
    toast.clear();
    expect(ids()).toEqual([]);
  });

  it('snapshots are immutable and stable between changes', () => {
    const before = toastStore.getSnapshot();
    toast.add({ id: 'a' });
    const after = toastStore.getSnapshot();
    expect(after).not.toBe(before);
    expect(before).toEqual([]);
    expect(toastStore.getSnapshot()).toBe(after);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = toastStore.subscribe(listener);
    toast.add({ id: 'a' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    toast.remove('a');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('pauseAll freezes the time left and resumeAll continues with it', () => {
    toast.add({ id: 'a' });
    vi.advanceTimersByTime(3000);
    toast.pauseAll();
    expect(toast.remaining('a')).toBe(2000);
    expect(toastStore.getSnapshot()[0]!.clock).toMatchObject({ remaining: 2000, running: false });
    vi.advanceTimersByTime(10_000);
    expect(ids()).toEqual(['a']);
    toast.resumeAll();
    vi.advanceTimersByTime(1999);
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('pause reasons combine: the clock waits until every reason is released', () => {
    toast.add({ id: 'a' });
    toast.pauseAll('hover');
    toast.pauseAll('focus');
    toast.resumeAll('hover');
    vi.advanceTimersByTime(60_000);
    expect(ids()).toEqual(['a']);
    toast.resumeAll('focus');
    vi.advanceTimersByTime(5000);
    expect(ids()).toEqual([]);
  });

  it('a toast added while paused keeps its full time', () => {
    toast.pauseAll();
    toast.add({ id: 'a' });
    vi.advanceTimersByTime(8000);
    toast.resumeAll();
    expect(toast.remaining('a')).toBe(5000);
  });
});

describe('without a toaster', () => {
  it('any module can add, update and remove, and the clock runs', () => {
    toast.add({ id: 'early', title: 'Before mount' });
    toast.update('early', { title: 'Still before mount' });
    expect(titles()).toEqual(['Still before mount']);
    vi.advanceTimersByTime(4999);
    expect(ids()).toEqual(['early']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('remaining is undefined for a toast that is not shown', () => {
    expect(toast.remaining('nope')).toBeUndefined();
  });
});
