import { describe, expect, it } from 'vitest';
import { SETTINGS_HOTKEY } from '../../src/app/settings';
import { keyCaps, matchesShortcutsHotkey, SHORTCUT_GROUPS, type KeyCombo } from '../../src/app/shortcuts';
import { NEW_CHAT_HOTKEY, pickLayoutHotkey, SEARCH_HOTKEY, SIDEBAR_HOTKEY, type Hotkey } from '../../src/app/sidebar';
import { TOAST_HOTKEY } from '../../src/ui/toast';
import { isUndoHotkey } from '../../src/ui/toast/undo-hotkey';
import { chatHotkeyOf } from '../../src/pages/chat/chat-hotkeys';
import { key } from './hotkey-event';

const combosOf = (id: string) => SHORTCUT_GROUPS.flatMap((group) => group.shortcuts).find((shortcut) => shortcut.id === id)?.combos;
const comboOf = (hotkey: Hotkey): KeyCombo => ['mod', ...(hotkey.shift ? ['shift'] : []), hotkey.key.toUpperCase()];

describe('the shortcuts help lists the hotkeys the code defines', () => {
  it.each([
    ['new-chat', comboOf(NEW_CHAT_HOTKEY)],
    ['search', comboOf(SEARCH_HOTKEY)],
    ['sidebar', comboOf(SIDEBAR_HOTKEY)],
    ['settings', comboOf(SETTINGS_HOTKEY)],
    ['help', ['mod', '/']],
    ['notifications', [TOAST_HOTKEY]],
  ] as const)('%s', (id, combo) => {
    expect(combosOf(id)).toEqual([combo]);
  });

  it('Undo (issue 33) is the key its handler answers', () => {
    expect(combosOf('undo')).toEqual([['mod', 'Z']]);
    expect(isUndoHotkey(key({ key: 'z', code: 'KeyZ', ctrlKey: true }))).toBe(true);
    expect(isUndoHotkey(key({ key: 'z', code: 'KeyZ', metaKey: true }))).toBe(true);
  });

  it('the chat page’s keys are the ones its handler answers', () => {
    expect(combosOf('copy-last-reply')).toEqual([['mod', 'shift', 'C']]);
    expect(chatHotkeyOf(key({ key: 'C', code: 'KeyC', ctrlKey: true, shiftKey: true }), false)).toBe('copy-last-reply');
    expect(chatHotkeyOf(key({ key: 'c', code: 'KeyC', metaKey: true, shiftKey: true }), true)).toBe('copy-last-reply');
    // Ctrl+C alone is the browser's copy; Cyrillic layouts still reach the key by its code.
    expect(chatHotkeyOf(key({ key: 'c', code: 'KeyC', ctrlKey: true }), false)).toBeUndefined();
    expect(chatHotkeyOf(key({ key: 'С', code: 'KeyC', ctrlKey: true, shiftKey: true }), false)).toBe('copy-last-reply');
    expect(combosOf('focus-composer')).toEqual([['shift', 'escape']]);
    expect(chatHotkeyOf(key({ key: 'Escape', code: 'Escape', shiftKey: true }), false)).toBe('focus-composer');
    expect(chatHotkeyOf(key({ key: 'Escape', code: 'Escape' }), false)).toBeUndefined();
    expect(chatHotkeyOf(key({ key: 'Escape', code: 'Escape', shiftKey: true, isComposing: true }), false)).toBeUndefined();
  });

  it('has unique ids and no empty group', () => {
    const ids = SHORTCUT_GROUPS.flatMap((group) => group.shortcuts.map((shortcut) => shortcut.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(SHORTCUT_GROUPS.every((group) => group.shortcuts.length > 0)).toBe(true);
  });
});

describe('keyCaps', () => {
  it.each([
    [['mod', 'shift', 'O'], false, ['Ctrl', 'Shift', 'O']],
    [['mod', 'shift', 'O'], true, ['⇧', '⌘', 'O']],
    [['mod', 'K'], false, ['Ctrl', 'K']],
    [['mod', 'K'], true, ['⌘', 'K']],
    [['mod', '/'], true, ['⌘', '/']],
    [['shift', 'enter'], false, ['Shift', 'Enter']],
    [['shift', 'enter'], true, ['⇧', 'Enter']],
    [['escape'], false, ['Esc']],
    [['up'], false, ['↑']],
    [['F8'], true, ['F8']],
  ] as const)('%j (apple: %s) shows %j', (combo, apple, caps) => {
    expect(keyCaps(combo, apple)).toEqual(caps);
  });
});

describe('matchesShortcutsHotkey', () => {
  it.each([
    ['Ctrl+/', key({ key: '/', code: 'Slash', ctrlKey: true }), false, true],
    ['⌘/ on a Mac', key({ key: '/', code: 'Slash', metaKey: true }), true, true],
    ['Ctrl+/ on a Mac', key({ key: '/', code: 'Slash', ctrlKey: true }), true, false],
    ['German layout: Ctrl+Shift+7 types "/"', key({ key: '/', code: 'Digit7', ctrlKey: true, shiftKey: true }), false, true],
    ['a layout with another character on the slash key', key({ key: '-', code: 'Slash', ctrlKey: true }), false, true],
    ['Ctrl+? (Shift on the US slash key) is not it', key({ key: '?', code: 'Slash', ctrlKey: true, shiftKey: true }), false, false],
    ['plain /', key({ key: '/', code: 'Slash' }), false, false],
    ['Ctrl+Alt+/', key({ key: '/', code: 'Slash', ctrlKey: true, altKey: true }), false, false],
    ['during IME composition', key({ key: '/', code: 'Slash', ctrlKey: true, isComposing: true }), false, false],
  ])('%s', (_, event, apple, expected) => {
    expect(matchesShortcutsHotkey(event, apple)).toBe(expected);
  });
});

describe('pickLayoutHotkey', () => {
  const handlers = { newChat: () => {}, toggleSearch: () => {}, toggleSidebar: () => {} };
  it.each([
    ['Ctrl+Shift+S', key({ key: 'S', code: 'KeyS', ctrlKey: true, shiftKey: true }), false, handlers.toggleSidebar],
    ['⇧⌘S', key({ key: 's', code: 'KeyS', metaKey: true, shiftKey: true }), true, handlers.toggleSidebar],
    ['Ctrl+S (the browser’s Save) is left alone', key({ key: 's', code: 'KeyS', ctrlKey: true }), false, undefined],
    ['Ctrl+K', key({ key: 'k', code: 'KeyK', ctrlKey: true }), false, handlers.toggleSearch],
    ['Ctrl+Shift+O', key({ key: 'O', code: 'KeyO', ctrlKey: true, shiftKey: true }), false, handlers.newChat],
  ])('%s', (_, event, apple, expected) => {
    expect(pickLayoutHotkey(event, apple, handlers)).toBe(expected);
  });
});
