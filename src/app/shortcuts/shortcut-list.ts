import { t, type MessageKey } from './shortcuts-text';

/**
 * Every keyboard shortcut Parley has (SPEC B11: Ctrl/⌘+/ lists them all), as data: the help
 * dialog renders it, and a test checks it against the hotkeys the code really defines.
 */

/** `mod` is ⌘ on Apple keyboards and Ctrl elsewhere; other tokens are one key each. */
export type KeyToken = 'mod' | 'shift' | 'enter' | 'escape' | 'space' | 'home' | 'end' | 'up' | 'down' | 'letter' | string;

/** One way to press a shortcut: keys held together. */
export type KeyCombo = readonly KeyToken[];

export interface Shortcut {
  readonly id: string;
  readonly label: MessageKey;
  /** Alternatives: any one of them does it. */
  readonly combos: readonly KeyCombo[];
}

export interface ShortcutGroup {
  readonly id: string;
  readonly label: MessageKey;
  readonly shortcuts: readonly Shortcut[];
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    id: 'anywhere',
    label: 'shortcuts.group.anywhere',
    shortcuts: [
      { id: 'new-chat', label: 'shortcuts.newChat', combos: [['mod', 'shift', 'O']] },
      { id: 'search', label: 'shortcuts.search', combos: [['mod', 'K']] },
      { id: 'sidebar', label: 'shortcuts.toggleSidebar', combos: [['mod', 'shift', 'S']] },
      { id: 'settings', label: 'shortcuts.settings', combos: [['mod', ',']] },
      { id: 'help', label: 'shortcuts.help', combos: [['mod', '/']] },
      { id: 'notifications', label: 'shortcuts.notifications', combos: [['F8']] },
      { id: 'undo', label: 'shortcuts.undo', combos: [['mod', 'Z']] },
    ],
  },
  {
    id: 'composer',
    label: 'shortcuts.group.composer',
    shortcuts: [
      // On a touch screen (or as Settings says) Enter adds a line instead: the label says so.
      { id: 'send', label: 'shortcuts.send', combos: [['enter'], ['mod', 'enter']] },
      { id: 'new-line', label: 'shortcuts.newLine', combos: [['shift', 'enter']] },
      { id: 'stop', label: 'shortcuts.stop', combos: [['escape']] },
    ],
  },
  {
    id: 'chat',
    label: 'shortcuts.group.chat',
    shortcuts: [
      { id: 'copy-last-reply', label: 'shortcuts.copyLastReply', combos: [['mod', 'shift', 'C']] },
      { id: 'focus-composer', label: 'shortcuts.focusComposer', combos: [['shift', 'escape']] },
      { id: 'edit-last', label: 'shortcuts.editLast', combos: [['up']] },
      { id: 'dictate', label: 'shortcuts.dictate', combos: [['mod', 'shift', 'space']] },
      { id: 'push-to-talk', label: 'shortcuts.pushToTalk', combos: [['space']] },
    ],
  },
  {
    id: 'editing',
    label: 'shortcuts.group.editing',
    shortcuts: [
      { id: 'save', label: 'shortcuts.save', combos: [['enter']] },
      { id: 'cancel', label: 'shortcuts.cancel', combos: [['escape']] },
    ],
  },
  {
    id: 'menus',
    label: 'shortcuts.group.menus',
    shortcuts: [
      { id: 'open-menu', label: 'shortcuts.openMenu', combos: [['enter'], ['space'], ['down'], ['up']] },
      { id: 'move', label: 'shortcuts.move', combos: [['up'], ['down']] },
      { id: 'first-last', label: 'shortcuts.firstLast', combos: [['home'], ['end']] },
      { id: 'typeahead', label: 'shortcuts.typeahead', combos: [['letter']] },
      { id: 'choose', label: 'shortcuts.choose', combos: [['enter'], ['space']] },
      { id: 'close', label: 'shortcuts.close', combos: [['escape']] },
    ],
  },
];

/** Names printed on keys, which some keyboards translate (Strg, Umschalt…). */
const KEY_NAMES: Readonly<Record<string, MessageKey>> = {
  shift: 'key.shift',
  enter: 'key.enter',
  escape: 'key.escape',
  space: 'key.space',
  home: 'key.home',
  end: 'key.end',
  letter: 'key.letter',
};

const ARROWS: Readonly<Record<string, string>> = { up: '↑', down: '↓' };

/**
 * The key caps to show for a combination, in the platform's order and symbols: "⇧ ⌘ O" on
 * Apple keyboards (as macOS menus write them), "Ctrl Shift O" elsewhere.
 */
export function keyCaps(combo: KeyCombo, apple: boolean): string[] {
  const ordered = apple && combo.includes('shift') && combo.includes('mod') ? ['shift', 'mod', ...combo.filter((k) => k !== 'shift' && k !== 'mod')] : combo;
  return ordered.map((token) => {
    if (token === 'mod') return apple ? '⌘' : t('key.ctrl');
    if (apple && token === 'shift') return '⇧';
    const name = KEY_NAMES[token];
    if (name) return t(name);
    return ARROWS[token] ?? token;
  });
}
