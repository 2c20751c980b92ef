import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { add, fixedHeight, itemTitles, items, region, renderToaster } from './toaster-helpers';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('keyboard', () => {
  it('F8 moves focus to the area', () => {
    render(
      <>
        <button type="button">Outside</button>
        <Toaster measureHeight={fixedHeight} />
      </>,
    );
    screen.getByRole('button', { name: 'Outside' }).focus();
    fireEvent.keyDown(document.body, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(region());
  });

  it('Tab order runs newest first: toasts are focusable in DOM order', () => {
    renderToaster();
    add({ title: 'Older' });
    add({ title: 'Newer' });
    expect(items().map((item) => item.tabIndex)).toEqual([0, 0]);
    expect(itemTitles()).toEqual(['Newer', 'Older']);
  });

  it('Escape closes the focused toast and moves focus to the next', () => {
    renderToaster();
    add({ title: 'Older' });
    add({ title: 'Newer' });
    const newest = items()[0]!;
    newest.focus();
    fireEvent.keyDown(newest, { key: 'Escape' });
    expect(itemTitles()).toEqual(['Older']);
    expect(document.activeElement).toBe(items()[0]);
  });

  it('Escape on the area closes the newest toast, and focus returns where it was when none are left', () => {
    render(
      <>
        <button type="button">Outside</button>
        <Toaster measureHeight={fixedHeight} />
      </>,
    );
    add({ title: 'Only' });
    const outside = screen.getByRole('button', { name: 'Outside' });
    outside.focus();
    fireEvent.keyDown(document.body, { key: 'F8' });
    fireEvent.keyDown(region(), { key: 'Escape' });
    expect(items()).toHaveLength(0);
    add({ title: 'Again' });
    items()[0]!.focus();
    fireEvent.keyDown(items()[0]!, { key: 'Escape' });
    expect(items()).toHaveLength(0);
    expect(document.activeElement).toBe(outside);
  });

  it('leaves Escape alone outside the area (dialogs and menus keep it)', () => {
    const onDocumentEscape = vi.fn((event: KeyboardEvent) => event.defaultPrevented);
    document.addEventListener('keydown', onDocumentEscape);
    render(
      <>
        <button type="button">Outside</button>
        <Toaster measureHeight={fixedHeight} />
      </>,
    );
    add({ title: 'Stays' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Outside' }), { key: 'Escape' });
    expect(itemTitles()).toEqual(['Stays']);
    expect(onDocumentEscape).toHaveReturnedWith(false);
    document.removeEventListener('keydown', onDocumentEscape);
  });

  it('a caller can veto the built-in Escape', () => {
    renderToaster({ onKeyDown: (event) => event.preventDefault() });
    add({ title: 'Kept' });
    fireEvent.keyDown(items()[0]!, { key: 'Escape' });
    expect(itemTitles()).toEqual(['Kept']);
  });
});
