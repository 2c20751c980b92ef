// Undo by keyboard (issue 33): Ctrl/⌘+Z outside a text field runs the newest toast's Undo and
// closes that toast; and F8 then one Tab reaches a toast's Undo.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { isUndoHotkey, resetUndoHotkey, undoAction } from '../../../src/ui/toast/undo-hotkey';
import { add, fixedHeight, itemTitles, region } from './toaster-helpers';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  resetUndoHotkey();
  resetToasts();
  vi.useRealTimers();
});

function setup() {
  render(
    <>
      <button type="button">Outside</button>
      <textarea aria-label="Message" />
      <div contentEditable aria-label="Notes" role="textbox" />
      <Toaster measureHeight={fixedHeight} />
    </>,
  );
}

const ctrlZ = (target: Element, init: KeyboardEventInit = { ctrlKey: true }) => act(() => void fireEvent.keyDown(target, { key: 'z', ...init }));

describe('isUndoHotkey', () => {
  it.each([
    ['Ctrl+Z', { key: 'z', ctrlKey: true }, true],
    ['⌘Z', { key: 'z', metaKey: true }, true],
    ['Ctrl+Z with Caps Lock', { key: 'Z', ctrlKey: true }, true],
    ['Ctrl+Shift+Z (Redo)', { key: 'Z', ctrlKey: true, shiftKey: true }, false],
    ['Ctrl+Alt+Z', { key: 'z', ctrlKey: true, altKey: true }, false],
    ['Z alone', { key: 'z' }, false],
    ['Ctrl+Y', { key: 'y', ctrlKey: true }, false],
    ['Ctrl+Z on a Russian layout (я)', { key: 'я', code: 'KeyZ', ctrlKey: true }, true],
    ['Ctrl+Z on AZERTY (Z where QWERTY has W)', { key: 'z', code: 'KeyW', ctrlKey: true }, true],
    ['Ctrl+W on AZERTY (where QWERTY has Z)', { key: 'w', code: 'KeyZ', ctrlKey: true }, false],
  ])('%s', (_name, init, expected) => {
    expect(isUndoHotkey({ code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init })).toBe(expected);
  });
});

describe('Ctrl/⌘+Z', () => {
  it('runs the newest Undo and closes its toast; then the one before', () => {
    setup();
    const undone: string[] = [];
    add({ title: 'Chat deleted', actions: [undoAction('Undo', () => undone.push('chat'))] });
    add({ title: 'Message deleted', actions: [undoAction('Undo', () => undone.push('message'))] });
    add({ title: 'Copied' });
    ctrlZ(screen.getByRole('button', { name: 'Outside' }));
    expect(undone).toEqual(['message']);
    expect(itemTitles()).toEqual(['Copied', 'Chat deleted']);
    ctrlZ(document.body, { metaKey: true });
    expect(undone).toEqual(['message', 'chat']);
    expect(itemTitles()).toEqual(['Copied']);
    // Nothing left to undo: the key is left alone.
    const event = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('is the text’s own undo in a text field, not the toast’s', () => {
    setup();
    const undo = vi.fn();
    add({ title: 'Chat deleted', actions: [undoAction('Undo', undo)] });
    ctrlZ(screen.getByRole('textbox', { name: 'Message' }));
    ctrlZ(screen.getByRole('textbox', { name: 'Notes' }));
    expect(undo).not.toHaveBeenCalled();
    expect(itemTitles()).toEqual(['Chat deleted']);
  });

  it('leaves actions that are not an Undo alone (a Reload, an Open chat)', () => {
    setup();
    const reload = vi.fn();
    add({ title: 'A new version', actions: [{ label: 'Reload', onClick: reload }] });
    ctrlZ(document.body);
    expect(reload).not.toHaveBeenCalled();
    expect(itemTitles()).toEqual(['A new version']);
  });
});

describe('F8, then Tab', () => {
  /** What Tab visits in the area, in order (happy-dom moves no focus on Tab: the order is the DOM's, among tab stops). */
  const tabStops = () =>
    [...region().querySelectorAll<HTMLElement>('li, button')].filter((element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled).map((element) => element.textContent || element.getAttribute('aria-label'));

  it('reaches the newest toast’s Undo first', () => {
    setup();
    add({ title: 'Copied' });
    add({ title: 'Chat deleted', actions: [undoAction('Undo', () => {})] });
    fireEvent.keyDown(document.body, { key: 'F8' });
    expect(document.activeElement).toBe(region());
    expect(tabStops()[0]).toBe('Undo');
    // A toast with nothing to do is still a stop of its own, read whole.
    expect(within(region()).getAllByRole('listitem')[1]!.tabIndex).toBe(0);
  });
});
