// Node-only: Parley's web app manifest (issue 26), written by build.mjs as dist/manifest.webmanifest.
// Every address in it is relative, so it resolves against the manifest's own address: start_url,
// scope and the share target follow the base path (BASE_PATH=/parley/) with nothing rewritten.
import { APP_ICONS } from './app-icons.mjs';

export const MANIFEST_FILE = 'manifest.webmanifest';
/** The folder of dist/ the icons are written to. */
export const ICONS_DIR = 'icons';

/** The page's background in each theme (--color-bg in src/styles/tokens.css): the splash screen and title bar match it. */
export const THEME_COLORS = { light: '#ffffff', dark: '#0f1115' };

export function webManifest({ description }) {
  return {
    id: './',
    name: 'Parley',
    short_name: 'Parley',
    description,
    lang: 'en',
    dir: 'ltr',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: THEME_COLORS.light,
    theme_color: THEME_COLORS.light,
    // Chromium's dark-scheme colours (ignored where unsupported); index.html's theme-color <meta>s follow the scheme too.
    user_preferences: { color_scheme_dark: { background_color: THEME_COLORS.dark, theme_color: THEME_COLORS.dark } },
    categories: ['productivity', 'utilities'],
    icons: APP_ICONS.map(({ file, size, purpose }) => ({ src: `${ICONS_DIR}/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose })),
    // Shared text opens the home page with it in the message box, not sent (src/app/offline/shared-text.ts reads these names).
    // The enctype is GET's own; Chromium warns in the console when it is left out.
    share_target: { action: './', method: 'GET', enctype: 'application/x-www-form-urlencoded', params: { title: 'title', text: 'text', url: 'url' } },
  };
}
