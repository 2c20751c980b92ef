import type { HotkeyEvent } from '../../src/app/sidebar';

/** A keyboard event as the hotkey matchers see it: nothing pressed unless `init` says so. */
export const key = (init: Partial<HotkeyEvent>): HotkeyEvent => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  isComposing: false,
  keyCode: 0,
  ...init,
});
