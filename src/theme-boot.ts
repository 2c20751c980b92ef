// Runs as a blocking classic script in <head> so the saved theme applies before first paint.
import { applyTheme, readThemeChoice } from './ui/theme/apply-theme';

applyTheme(
  document.documentElement,
  readThemeChoice(() => window.localStorage),
  window.matchMedia('(prefers-color-scheme: dark)').matches,
);
