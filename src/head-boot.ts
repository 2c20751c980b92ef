// Runs as a blocking classic script in <head>: the saved theme applies before first paint, and
// the page the address names starts downloading beside the boot module instead of after it.
import { preloadCurrentPage } from './app/preload-page';
import { applyTheme, readThemeChoice } from './ui/theme/apply-theme';

applyTheme(
  document.documentElement,
  readThemeChoice(() => window.localStorage),
  window.matchMedia('(prefers-color-scheme: dark)').matches,
);
preloadCurrentPage(document, window.location.pathname);
