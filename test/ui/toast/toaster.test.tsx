import { StrictMode } from 'react';
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

describe('Toaster region', () => {
  it('is a focusable landmark "Notifications (F8)" at the default position bottom-right', () => {
    renderToaster();
    expect(region().getAttribute('tabindex')).toBe('-1');
    expect(region().dataset.position).toBe('bottom-right');
    expect(region().getAttribute('aria-hidden')).toBeNull();
  });

  it('takes the position it is given', () => {
    renderToaster({ position: 'top-right' });
    expect(region().dataset.position).toBe('top-right');
  });

  it('shows toasts added before it mounted, as ol > li', () => {
    toast.add({ title: 'Early bird', description: 'Added before mount' });
    renderToaster();
    const list = region().querySelector(':scope > ol');
    expect(list).not.toBeNull();
    expect(list!.querySelectorAll(':scope > li')).toHaveLength(1);
    expect(within(list as HTMLElement).getByText('Early bird')).toBeTruthy();
    expect(within(list as HTMLElement).getByText('Added before mount')).toBeTruthy();
  });

  it('behaves the same under StrictMode (effects run twice)', () => {
    render(
      <StrictMode>
        <Toaster measureHeight={fixedHeight} />
      </StrictMode>,
    );
    add({ title: 'Strict', description: 'Once' });
    expect(itemTitles()).toEqual(['Strict']);
    expect(screen.getByRole('status').textContent).toBe('Notification: Strict. Once');
    act(() => void fireEvent.pointerEnter(region()));
    advance(10_000);
    act(() => void fireEvent.pointerLeave(region()));
    advance(4999);
    expect(itemTitles()).toEqual(['Strict']);
    advance(1);
    expect(items()).toHaveLength(0);
  });

  it('renders no list while empty', () => {
    renderToaster();
    expect(region().querySelector('ol')).toBeNull();
  });
});

describe('stack', () => {
  it('shows at most 5: a 6th removes the oldest at once, newest first in the DOM', () => {
    renderToaster();
    for (let n = 1; n <= 6; n += 1) add({ title: `Toast ${n}` });
    expect(itemTitles()).toEqual(['Toast 6', 'Toast 5', 'Toast 4', 'Toast 3', 'Toast 2']);
    expect(screen.queryByText('Toast 1')).toBeNull();
  });

  it('stacks by measured heights plus 16 px, newest at the edge', () => {
    const heights: Record<string, number> = { Oldest: 70, Middle: 60, Newest: 50 };
    renderToaster({ position: 'top-right', measureHeight: (element) => heights[element.querySelector('.toast-title')!.textContent!]! });
    add({ title: 'Oldest' });
    add({ title: 'Middle' });
    add({ title: 'Newest' });
    expect(items().map((item) => item.style.getPropertyValue('--toast-offset'))).toEqual(['0px', '66px', '142px']);
    expect(items().map((item) => item.style.getPropertyValue('--toast-index'))).toEqual(['0', '1', '2']);
    expect(region().style.getPropertyValue('--toast-stack-height')).toBe('212px');
  });

  it('restacks when a toast in the middle goes', () => {
    renderToaster();
    add({ id: 'a', title: 'A' });
    add({ id: 'b', title: 'B' });
    add({ id: 'c', title: 'C' });
    act(() => toast.remove('b'));
    expect(items().map((item) => item.style.getPropertyValue('--toast-offset'))).toEqual(['0px', '66px']);
  });

  it('adding with a shown id updates in place with a pulse', () => {
    renderToaster();
    add({ id: 'save', title: 'Saving…', color: 'info' });
    const before = items()[0]!;
    expect(before.dataset.pulse).toBeUndefined();
    add({ id: 'save', title: 'Saved', color: 'success' });
    expect(items()).toHaveLength(1);
    expect(items()[0]).toBe(before);
    expect(itemTitles()).toEqual(['Saved']);
    expect(before.dataset.color).toBe('success');
    const firstPulse = before.dataset.pulse;
    expect(firstPulse).toBeDefined();
    act(() => void toast.update('save', { description: 'All changes stored' }));
    expect(before.dataset.pulse).toBeDefined();
    expect(before.dataset.pulse).not.toBe(firstPulse);
  });
});

describe('content', () => {
  it('shows the colour and the close button named from toast.close', () => {
    renderToaster();
    add({ title: 'Oops', description: 'Could not send', color: 'error' });
    const [item] = items();
    expect(item!.dataset.color).toBe('error');
    expect(item!.dataset.state).toBe('open');
    const close = within(item!).getByRole('button', { name: 'Close' });
    fireEvent.click(close);
    expect(items()).toHaveLength(0);
  });

  it('an action runs its handler and closes the toast', () => {
    renderToaster();
    const retry = vi.fn();
    add({ title: 'Failed', actions: [{ label: 'Retry', onClick: retry }] });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(items()).toHaveLength(0);
  });

  it('an action that prevents default keeps the toast open', () => {
    renderToaster();
    add({ title: 'Undo?', actions: [{ label: 'Details', onClick: (event) => event.preventDefault() }] });
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(itemTitles()).toEqual(['Undo?']);
  });

  it('names each toast by its title and describes it by its description', () => {
    renderToaster();
    add({ title: 'Saved', description: 'All changes stored' });
    const item = screen.getByRole('listitem', { name: 'Saved' });
    const describedBy = item.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).toBe('All changes stored');
  });

  it('toasts are not live regions themselves (the announcer speaks for them)', () => {
    renderToaster();
    add({ title: 'Quiet' });
    expect(items()[0]!.getAttribute('aria-live')).toBeNull();
    expect(items()[0]!.getAttribute('role')).toBeNull();
  });
});
