import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast, Toaster, type ToastPosition } from '../../../src/ui/toast';

const START = { x: 200, y: 200 };

const item = () => within(screen.getByRole('region')).queryByRole('listitem');

function showToast(position: ToastPosition, options: Parameters<typeof toast.add>[0] = {}) {
  render(<Toaster position={position} measureHeight={() => 50} />);
  act(() => void toast.add({ title: 'Swipe me', ...options }));
  return item()!;
}

/** Presses at START, moves by (dx, dy) in two steps like a real drag, and releases; `on` is where the press starts. */
function drag(target: HTMLElement, dx: number, dy: number, release = true) {
  const at = (x: number, y: number) => ({ pointerId: 1, pointerType: 'mouse', button: 0, clientX: START.x + x, clientY: START.y + y });
  fireEvent.pointerDown(target, at(0, 0));
  fireEvent.pointerMove(target, at(dx / 2, dy / 2));
  fireEvent.pointerMove(target, at(dx, dy));
  if (release) fireEvent.pointerUp(target, at(dx, dy));
}

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('swipe to dismiss', () => {
  it.each<[ToastPosition, number, number]>([
    ['bottom-right', 60, 0],
    ['top-right', 51, 0],
    ['top-left', -60, 0],
    ['bottom-left', -51, 0],
    ['top-center', 0, -60],
    ['bottom-center', 0, 60],
  ])('%s dismisses on a swipe of (%d, %d)', (position, dx, dy) => {
    const toastItem = showToast(position);
    act(() => drag(toastItem, dx, dy));
    expect(item()).toBeNull();
  });

  it.each([40, 50])('a %d px swipe right snaps back and the toast stays', (distance) => {
    const toastItem = showToast('top-right');
    act(() => drag(toastItem, distance, 0, false));
    expect(toastItem.dataset.swipe).toBe('move');
    expect(toastItem.style.getPropertyValue('--swipe-x')).toBe(`${distance}px`);
    act(() => void fireEvent.pointerUp(toastItem, { pointerId: 1, clientX: START.x + distance, clientY: START.y }));
    expect(item()).toBe(toastItem);
    expect(toastItem.dataset.swipe).toBe('cancel');
    expect(toastItem.style.getPropertyValue('--swipe-x')).toBe('0px');
  });

  it.each<[ToastPosition, number, number]>([
    ['top-right', -120, 0],
    ['bottom-left', 120, 0],
    ['top-center', 0, 120],
    ['bottom-center', 0, -120],
    ['top-right', 0, 120],
  ])('%s holds movement (%d, %d) the other way at 0 and stays', (position, dx, dy) => {
    const toastItem = showToast(position);
    act(() => drag(toastItem, dx, dy, false));
    expect(toastItem.style.getPropertyValue('--swipe-x')).toBe('0px');
    expect(toastItem.style.getPropertyValue('--swipe-y')).toBe('0px');
    act(() => void fireEvent.pointerUp(toastItem, { pointerId: 1, clientX: START.x + dx, clientY: START.y + dy }));
    expect(item()).toBe(toastItem);
  });

  it('pointercancel snaps back', () => {
    const toastItem = showToast('bottom-right');
    act(() => drag(toastItem, 80, 0, false));
    act(() => void fireEvent.pointerCancel(toastItem, { pointerId: 1 }));
    expect(item()).toBe(toastItem);
    expect(toastItem.dataset.swipe).toBe('cancel');
  });

  it('ignores a secondary button', () => {
    const toastItem = showToast('bottom-right');
    act(() => {
      fireEvent.pointerDown(toastItem, { pointerId: 1, button: 2, clientX: 0, clientY: 0 });
      fireEvent.pointerMove(toastItem, { pointerId: 1, clientX: 90, clientY: 0 });
      fireEvent.pointerUp(toastItem, { pointerId: 1, clientX: 90, clientY: 0 });
    });
    expect(item()).toBe(toastItem);
    expect(toastItem.dataset.swipe).toBeUndefined();
  });
});

describe('a swipe never clicks a button inside', () => {
  it('the click after a snapped-back swipe does not run the action', () => {
    const onUndo = vi.fn();
    showToast('top-right', { actions: [{ label: 'Undo', onClick: onUndo }] });
    const button = screen.getByRole('button', { name: 'Undo' });
    act(() => {
      drag(button, 40, 0);
      fireEvent.click(button);
    });
    expect(onUndo).not.toHaveBeenCalled();
    expect(item()).not.toBeNull();
  });

  it('the click after a swipe the wrong way does not close the toast either', () => {
    showToast('top-right');
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => {
      drag(close, -70, 0);
      fireEvent.click(close);
    });
    expect(item()).not.toBeNull();
  });

  it('a plain press without movement still clicks, also after an earlier swipe', () => {
    const onUndo = vi.fn();
    showToast('top-right', { actions: [{ label: 'Undo', onClick: onUndo }] });
    const button = screen.getByRole('button', { name: 'Undo' });
    act(() => drag(button, 30, 0));
    act(() => vi.advanceTimersByTime(0));
    act(() => {
      fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientX: 10, clientY: 10 });
      fireEvent.pointerUp(button, { pointerId: 1, clientX: 10, clientY: 10 });
      fireEvent.click(button);
    });
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(item()).toBeNull();
  });
});
