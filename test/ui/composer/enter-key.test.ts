// The Enter rule (issue 22): a table of every key combination, choice and device.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ENTER_KEY_STORAGE_KEY,
  enterSends,
  plainEnterSends,
  readEnterKeyChoice,
  touchKeyboard,
  TOUCH_KEYBOARD_QUERY,
  type EnterKeyChoice,
} from '../../../src/ui/composer/enter-key';

const PLAIN = { shiftKey: false, ctrlKey: false, metaKey: false };
const SHIFT = { ...PLAIN, shiftKey: true };
const CTRL = { ...PLAIN, ctrlKey: true };
const META = { ...PLAIN, metaKey: true };
const CTRL_SHIFT = { ...PLAIN, ctrlKey: true, shiftKey: true };

type Keys = typeof PLAIN;
const cases: [string, Keys, EnterKeyChoice, boolean, boolean][] = [
  // keys, choice, touch screen → sends
  ['Enter', PLAIN, 'auto', false, true],
  ['Enter', PLAIN, 'auto', true, false],
  ['Enter', PLAIN, 'send', true, true],
  ['Enter', PLAIN, 'send', false, true],
  ['Enter', PLAIN, 'newline', false, false],
  ['Enter', PLAIN, 'newline', true, false],
  ['Shift+Enter', SHIFT, 'auto', false, false],
  ['Shift+Enter', SHIFT, 'auto', true, false],
  ['Shift+Enter', SHIFT, 'send', false, false],
  ['Shift+Enter', SHIFT, 'newline', true, false],
  ['Ctrl+Enter', CTRL, 'auto', false, true],
  ['Ctrl+Enter', CTRL, 'auto', true, true],
  ['Ctrl+Enter', CTRL, 'newline', false, true],
  ['Ctrl+Enter', CTRL, 'newline', true, true],
  ['⌘+Enter', META, 'auto', true, true],
  ['⌘+Enter', META, 'newline', false, true],
  ['Ctrl+Shift+Enter', CTRL_SHIFT, 'newline', true, true],
];

describe('enterSends', () => {
  it.each(cases)('%s (%j), choice %s, touch screen %s: sends %s', (_name, keys, choice, touch, sends) => {
    expect(enterSends(keys, choice, touch)).toBe(sends);
  });

  it.each([
    ['auto', false, true],
    ['auto', true, false],
    ['send', true, true],
    ['newline', false, false],
  ] as const)('plainEnterSends(%s, touch %s) is %s (the Return key hint follows it)', (choice, touch, sends) => {
    expect(plainEnterSends(choice, touch)).toBe(sends);
  });
});

describe('readEnterKeyChoice', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it.each([
    // saved, on a touch screen, with a mouse → plain Enter sends
    [null, false, true],
    ['send', true, true],
    ['newline', false, false],
    ['something else', false, true],
  ] as const)('reads %s: plain Enter sends on a touch screen %s, with a mouse %s', (saved, touch, mouse) => {
    if (saved !== null) localStorage.setItem(ENTER_KEY_STORAGE_KEY, saved);
    expect(readEnterKeyChoice()).toBe(saved);
    expect(plainEnterSends(undefined, true)).toBe(touch);
    expect(plainEnterSends(undefined, false)).toBe(mouse);
  });

  it('decides by the device when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readEnterKeyChoice()).toBeNull();
    expect(plainEnterSends(undefined, true)).toBe(false);
  });
});

describe('touchKeyboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([true, false])('asks for a coarse pointer that cannot hover (matches %s)', (matches) => {
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches, media: query }) as MediaQueryList);
    expect(touchKeyboard()).toBe(matches);
    expect(spy).toHaveBeenCalledWith(TOUCH_KEYBOARD_QUERY);
    expect(TOUCH_KEYBOARD_QUERY).toBe('(pointer: coarse) and (hover: none)');
  });
});
