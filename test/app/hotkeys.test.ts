import { describe, expect, it } from 'vitest';
import {
  ariaKeyShortcut,
  hotkeyLabel,
  isApplePlatform,
  matchesHotkey,
  NEW_CHAT_HOTKEY,
  SEARCH_HOTKEY,
} from '../../src/app/sidebar';
import { key } from './hotkey-event';

describe('matchesHotkey', () => {
  it.each([
    ['Ctrl+K elsewhere', key({ key: 'k', code: 'KeyK', ctrlKey: true }), SEARCH_HOTKEY, false, true],
    ['⌘K on a Mac', key({ key: 'k', code: 'KeyK', metaKey: true }), SEARCH_HOTKEY, true, true],
    ['Ctrl+K on a Mac (kill line in text fields)', key({ key: 'k', code: 'KeyK', ctrlKey: true }), SEARCH_HOTKEY, true, false],
    ['⌘K elsewhere (the Windows key)', key({ key: 'k', code: 'KeyK', metaKey: true }), SEARCH_HOTKEY, false, false],
    ['Ctrl+Shift+K is not Ctrl+K', key({ key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true }), SEARCH_HOTKEY, false, false],
    ['Ctrl+Alt+K', key({ key: 'k', code: 'KeyK', ctrlKey: true, altKey: true }), SEARCH_HOTKEY, false, false],
    ['plain K', key({ key: 'k', code: 'KeyK' }), SEARCH_HOTKEY, false, false],
    ['Ctrl+Shift+O (upper-case key)', key({ key: 'O', code: 'KeyO', ctrlKey: true, shiftKey: true }), NEW_CHAT_HOTKEY, false, true],
    ['⇧⌘O on a Mac', key({ key: 'o', code: 'KeyO', metaKey: true, shiftKey: true }), NEW_CHAT_HOTKEY, true, true],
    ['Ctrl+O without Shift', key({ key: 'o', code: 'KeyO', ctrlKey: true }), NEW_CHAT_HOTKEY, false, false],
    ['a Cyrillic layout (key л on KeyK)', key({ key: 'л', code: 'KeyK', ctrlKey: true }), SEARCH_HOTKEY, false, true],
    ['Dvorak: the letter decides (k sits on KeyV)', key({ key: 'k', code: 'KeyV', ctrlKey: true }), SEARCH_HOTKEY, false, true],
    ['Dvorak: not the position (t sits on KeyK)', key({ key: 't', code: 'KeyK', ctrlKey: true }), SEARCH_HOTKEY, false, false],
    ['during IME composition', key({ key: 'k', code: 'KeyK', ctrlKey: true, isComposing: true }), SEARCH_HOTKEY, false, false],
    ['IME keyCode 229', key({ key: 'Process', code: 'KeyK', ctrlKey: true, keyCode: 229 }), SEARCH_HOTKEY, false, false],
  ])('%s', (_, event, hotkey, apple, expected) => {
    expect(matchesHotkey(event, hotkey, apple)).toBe(expected);
  });
});

describe('hotkey labels', () => {
  it.each([
    [SEARCH_HOTKEY, false, 'Ctrl+K', 'Control+K'],
    [SEARCH_HOTKEY, true, '⌘K', 'Meta+K'],
    [NEW_CHAT_HOTKEY, false, 'Ctrl+Shift+O', 'Control+Shift+O'],
    [NEW_CHAT_HOTKEY, true, '⇧⌘O', 'Meta+Shift+O'],
  ])('%o (apple: %s) shows %s and announces %s', (hotkey, apple, label, aria) => {
    expect(hotkeyLabel(hotkey, apple)).toBe(label);
    expect(ariaKeyShortcut(hotkey, apple)).toBe(aria);
  });

  it.each([
    ['MacIntel', true],
    ['iPhone', true],
    ['Win32', false],
    ['Linux x86_64', false],
    ['', false],
  ])('platform %j is Apple: %s', (platform, expected) => {
    expect(isApplePlatform({ platform } as Navigator)).toBe(expected);
  });

  it('prefers the User-Agent Client Hints platform', () => {
    expect(isApplePlatform({ platform: 'Win32', userAgentData: { platform: 'macOS' } } as unknown as Navigator)).toBe(true);
  });
});
