export { applyTheme, readThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './apply-theme';
export { themeStore, resetThemeStore } from './theme-store';
export { ThemeSwitch } from './theme-switch';
