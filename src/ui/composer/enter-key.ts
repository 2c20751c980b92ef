// What Return does in the message box: send, or add a line. Read at each key press, so a
// change in Settings or a keyboard/trackpad attached to a tablet applies to the next one.

/** The user's choice in Settings; `auto` decides by the device. */
export type EnterKeyChoice = 'auto' | 'send' | 'newline';

/** localStorage key of the choice: a preference of this device (a phone and a laptop differ), never synced. */
export const ENTER_KEY_STORAGE_KEY = 'parley.enterKey';

/**
 * A touch screen is the primary (or only) pointer: its on-screen keyboard has no Shift+Enter, so
 * Return must add lines there and the Send button sends. A keyboard's key presses cannot tell
 * an on-screen keyboard from a hardware one (iOS's on-screen keyboard sends the very same
 * keydowns), so they are not used to guess: a tablet with a keyboard and trackpad reports a fine,
 * hovering pointer and gets Enter to send; one with a keyboard only keeps Return adding lines,
 * and Ctrl/⌘+Enter sends, or Settings says "Enter sends".
 */
export const TOUCH_KEYBOARD_QUERY = '(pointer: coarse) and (hover: none)';

/** The saved choice as stored: anything but `send` or `newline` (nothing saved, an older value) counts as `auto`. */
export function readEnterKeyChoice(): string | null {
  try {
    return localStorage.getItem(ENTER_KEY_STORAGE_KEY);
  } catch {
    // Storage disabled: decide by the device.
    return null;
  }
}

/** The device's answer to TOUCH_KEYBOARD_QUERY now. */
export const touchKeyboard = (): boolean => matchMedia(TOUCH_KEYBOARD_QUERY).matches;

/** Whether a plain Enter sends for this choice on this device (by default: the saved choice, this device now). */
export const plainEnterSends = (choice = readEnterKeyChoice(), touch = touchKeyboard()): boolean => choice === 'send' || (choice !== 'newline' && !touch);

/**
 * Whether this Enter (not part of an input method's composition) sends: Ctrl/⌘+Enter always
 * does, Shift+Enter never (a new line, as everywhere), a plain Enter as plainEnterSends says.
 */
export const enterSends = (keys: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }, choice?: string | null, touch?: boolean): boolean =>
  keys.ctrlKey || keys.metaKey || (!keys.shiftKey && plainEnterSends(choice, touch));
