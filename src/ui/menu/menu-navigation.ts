/** Keys that move focus between menu items. */
export const MENU_NAVIGATION_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'] as const;
export type MenuNavigationKey = (typeof MENU_NAVIGATION_KEYS)[number];

export function isNavigationKey(key: string): key is MenuNavigationKey {
  return (MENU_NAVIGATION_KEYS as readonly string[]).includes(key);
}

/** The item index a navigation key moves to: arrows wrap around, Home and End jump; -1 for an empty menu. */
export function moveIndex(key: MenuNavigationKey, current: number, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
  }
}

/** Whether a key press is a printable character for typeahead (not Space, which selects, nor a shortcut). */
export function isTypeaheadKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return [...event.key].length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * Typeahead by first letter: the next item after `current` (wrapping, the current one last)
 * whose label starts with `char`, ignoring case and leading spaces; -1 when none does.
 */
export function typeaheadIndex(labels: readonly string[], current: number, char: string): number {
  const wanted = char.toLocaleLowerCase();
  const count = labels.length;
  for (let step = 1; step <= count; step += 1) {
    const index = (((current + step) % count) + count) % count;
    if ((labels[index] ?? '').trimStart().toLocaleLowerCase().startsWith(wanted)) return index;
  }
  return -1;
}
