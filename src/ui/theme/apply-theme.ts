/** The user's choice; `system` follows prefers-color-scheme. */
export type ThemeChoice = 'light' | 'dark' | 'system';

/** localStorage key, read by the boot script before first paint. */
export const THEME_STORAGE_KEY = 'parley.theme';

export function readThemeChoice(storage: () => Pick<Storage, 'getItem'>): ThemeChoice {
  try {
    const saved = storage().getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    // Even reading window.localStorage throws when storage is disabled; the system theme is the right fallback.
    return 'system';
  }
}

/** Applies a choice to <html>: data-theme drives the tokens, color-scheme the native widgets. */
export function applyTheme(root: HTMLElement, choice: ThemeChoice, prefersDark: boolean) {
  const resolved = choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice;
  root.dataset.theme = resolved;
  root.dataset.themeChoice = choice;
  root.style.colorScheme = resolved;
}
