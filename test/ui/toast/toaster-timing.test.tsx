import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast, Toaster } from '../../../src/ui/toast';
import { add, advance, fixedHeight, itemTitles, items, region, renderToaster } from './toaster-helpers';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('timing', () => {
  it('closes a toast after 5000 ms by default', () => {
    renderToaster();
    add({ title: 'Default' });
    advance(4999);
    expect(itemTitles()).toEqual(['Default']);
    advance(1);
    expect(items()).toHaveLength(0);
  });

  it('a toast added before mount shows with the time it has left', () => {
    toast.add({ title: 'Early' });
    vi.advanceTimersByTime(3000);
    renderToaster();
    const bar = items()[0]!.querySelector<HTMLElement>('.toast-progress')!;
    expect(bar.style.getPropertyValue('--toast-delay')).toBe('-3000ms');
    advance(1999);
    expect(itemTitles()).toEqual(['Early']);
    advance(1);
    expect(items()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    renderToaster();
    add({ title: 'Quick', duration: 2000 });
    advance(1999);
    expect(itemTitles()).toEqual(['Quick']);
    advance(1);
    expect(items()).toHaveLength(0);
  });

  it('duration 0 stays until closed and has no progress bar', () => {
    renderToaster();
    add({ title: 'Sticky', duration: 0 });
    add({ title: 'Timed' });
    advance(60 * 60 * 1000);
    expect(itemTitles()).toEqual(['Sticky']);
    expect(items()[0]!.querySelector('.toast-progress')).toBeNull();
  });

  it('a timed toast has a bar animated over its whole duration', () => {
    renderToaster();
    add({ title: 'Timed', duration: 3000 });
    const bar = items()[0]!.querySelector<HTMLElement>('.toast-progress')!;
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect(bar.dataset.state).toBe('running');
    expect(bar.style.getPropertyValue('--toast-duration')).toBe('3000ms');
    expect(bar.style.getPropertyValue('--toast-delay')).toBe('0ms');
  });
});

describe('pausing', () => {
  const reasons: [string, () => void, () => void][] = [
    ['the pointer over the area', () => fireEvent.pointerEnter(region()), () => fireEvent.pointerLeave(region())],
    [
      'focus inside the area',
      () => screen.getByRole('button', { name: 'Close' }).focus(),
      () => screen.getByRole('button', { name: 'Outside' }).focus(),
    ],
    ['the window losing focus', () => window.dispatchEvent(new Event('blur')), () => window.dispatchEvent(new Event('focus'))],
    [
      'the page being hidden',
      () => {
        vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
      },
      () => {
        vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
  ];

  it.each(reasons)('%s pauses every toast and leaving resumes with the time left', (_reason, enter, leave) => {
    render(
      <>
        <button type="button">Outside</button>
        <Toaster measureHeight={fixedHeight} />
      </>,
    );
    add({ title: 'Paused' });
    advance(3000);
    act(enter);
    const bar = items()[0]!.querySelector<HTMLElement>('.toast-progress')!;
    expect(bar.dataset.state).toBe('paused');
    expect(bar.style.getPropertyValue('--toast-delay')).toBe('-3000ms');
    advance(10_000);
    expect(itemTitles()).toEqual(['Paused']);
    act(leave);
    expect(items()[0]!.querySelector<HTMLElement>('.toast-progress')!.dataset.state).toBe('running');
    advance(1999);
    expect(itemTitles()).toEqual(['Paused']);
    advance(1);
    expect(items()).toHaveLength(0);
  });

  it('stays paused while another reason still holds', () => {
    renderToaster();
    add({ title: 'Held' });
    act(() => {
      fireEvent.pointerEnter(region());
      window.dispatchEvent(new Event('blur'));
      fireEvent.pointerLeave(region());
    });
    advance(20_000);
    expect(itemTitles()).toEqual(['Held']);
    act(() => void window.dispatchEvent(new Event('focus')));
    advance(5000);
    expect(items()).toHaveLength(0);
  });

  it('focus from a mouse click does not keep toasts paused once the pointer leaves', () => {
    renderToaster();
    add({ title: 'Older' });
    add({ title: 'Newer' });
    const close = within(items()[0]!).getByRole('button', { name: 'Close' });
    act(() => {
      fireEvent.pointerEnter(region());
      fireEvent.pointerDown(close);
      close.focus();
      fireEvent.pointerUp(close);
      fireEvent.click(close);
    });
    // Focus moved on to the remaining toast, but it came from the mouse.
    expect(document.activeElement).toBe(items()[0]);
    act(() => void fireEvent.pointerLeave(region()));
    advance(5000);
    expect(items()).toHaveLength(0);
  });

  it('a key pressed while focus is inside counts as keyboard focus', () => {
    renderToaster();
    add({ title: 'Read me' });
    const item = items()[0]!;
    act(() => {
      fireEvent.pointerDown(item);
      item.focus();
    });
    advance(1000);
    act(() => void fireEvent.keyDown(item, { key: 'Tab' }));
    advance(10_000);
    expect(itemTitles()).toEqual(['Read me']);
  });

  it('releases its pause when it unmounts', () => {
    const { unmount } = renderToaster();
    act(() => void fireEvent.pointerEnter(region()));
    unmount();
    renderToaster();
    add({ title: 'Fresh' });
    advance(5000);
    expect(items()).toHaveLength(0);
  });
});
