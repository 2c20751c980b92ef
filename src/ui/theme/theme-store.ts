import { applyTheme, readThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './apply-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

let choice: ThemeChoice | undefined;
const listeners = new Set<() => void>();
let media: MediaQueryList | undefined;

function current(): ThemeChoice {
  return (choice ??= readThemeChoice(() => window.localStorage));
}

function apply() {
  applyTheme(document.documentElement, current(), window.matchMedia(DARK_QUERY).matches);
}

/** The theme choice as an external store; following the system re-applies when the system changes. */
export const themeStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    if (!media) {
      media = window.matchMedia(DARK_QUERY);
      media.addEventListener('change', () => {
        if (current() === 'system') apply();
      });
    }
    return () => void listeners.delete(listener);
  },
  getSnapshot: current,
  set(next: ThemeChoice) {
    choice = next;
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage disabled: the choice still holds for this visit.
    }
    apply();
    for (const listener of [...listeners]) listener();
  },
};

/** For tests: forget the cached choice. */
export function resetThemeStore() {
  choice = undefined;
}
