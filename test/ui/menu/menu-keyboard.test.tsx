import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chatItems, expectClosed, expectFocusedItem, item, renderMenu, resetMenuTests, selected } from './menu-fixtures';

resetMenuTests();

describe('Menu keyboard', () => {
  function openWithKeyboard() {
    const trigger = renderMenu();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    return trigger;
  }
  const press = (key: string, init: object = {}) => fireEvent.keyDown(document.activeElement!, { key, ...init });

  it('moves with ArrowDown and ArrowUp, wrapping at both ends', () => {
    openWithKeyboard();
    press('ArrowDown');
    expectFocusedItem('Pin');
    press('ArrowUp');
    press('ArrowUp');
    expectFocusedItem('Delete');
    press('ArrowDown');
    expectFocusedItem('Rename');
  });

  it('jumps with Home and End', () => {
    openWithKeyboard();
    press('End');
    expectFocusedItem('Delete');
    press('Home');
    expectFocusedItem('Rename');
  });

  it('moves to the next item starting with a typed letter, cycling through matches', () => {
    openWithKeyboard();
    press('d');
    expectFocusedItem('Duplicate');
    press('D');
    expectFocusedItem('Delete');
    press('d');
    expectFocusedItem('Duplicate');
    press('e');
    expectFocusedItem('Export');
    press('z');
    expectFocusedItem('Export');
  });

  it.each(['Enter', ' '])('chooses the focused item with %j: runs it, closes and returns focus to the trigger', (key) => {
    const trigger = openWithKeyboard();
    press('End');
    expectFocusedItem('Delete');
    const notPrevented = press(key);
    expect(notPrevented).toBe(false);
    expect(selected).toEqual(['delete']);
    expectClosed(trigger);
    expect(document.activeElement).toBe(trigger);
  });

  it('returns focus to the trigger before the action runs, so the action can move it', () => {
    let focusedWhenRun: Element | null = null;
    const items = [item('rename', 'Rename', { onSelect: () => (focusedWhenRun = document.activeElement) })];
    const trigger = renderMenu(items);
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    press('Enter');
    expect(focusedWhenRun).toBe(trigger);
  });

  it('leaves a disabled item focusable but not choosable', () => {
    const items = [item('rename', 'Rename'), item('export', 'Export', { disabled: true }), item('delete', 'Delete')];
    renderMenu(items);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Chat options' }), { key: 'Enter' });
    press('ArrowDown');
    expectFocusedItem('Export');
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    press('Enter');
    fireEvent.click(document.activeElement!);
    expect(selected).toEqual([]);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('closes on Escape, returns focus to the trigger and keeps the Escape from the page', () => {
    const outside = vi.fn();
    const onDocumentKeyDown = vi.fn();
    const trigger = renderMenu(chatItems, { onOutsideKeyDown: outside });
    document.addEventListener('keydown', onDocumentKeyDown);
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    outside.mockClear();
    const notPrevented = press('Escape');
    document.removeEventListener('keydown', onDocumentKeyDown);
    expectClosed(trigger);
    expect(document.activeElement).toBe(trigger);
    expect(notPrevented).toBe(false);
    expect(outside).not.toHaveBeenCalled();
    expect(onDocumentKeyDown.mock.calls.filter(([event]) => (event as KeyboardEvent).key === 'Escape')).toEqual([]);
    expect(selected).toEqual([]);
  });

  it('lets Escape through when the menu is closed', () => {
    const outside = vi.fn();
    const trigger = renderMenu(chatItems, { onOutsideKeyDown: outside });
    trigger.focus();
    const notPrevented = fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(notPrevented).toBe(true);
    expect(outside).toHaveBeenCalledWith('Escape');
  });

  it('closes on Tab with focus back on the trigger, leaving the Tab to the browser', () => {
    const trigger = openWithKeyboard();
    const notPrevented = press('Tab');
    expectClosed(trigger);
    expect(document.activeElement).toBe(trigger);
    expect(notPrevented).toBe(true);
  });
});

