import { lazyPage, type RouteDefinition } from '../router';
import { readBasePath, stripBase } from '../router/base-path';
import { matchRoutes } from '../router/matcher';
import { paths } from '../pages/paths';
import { registerMessages, t } from '../i18n';
import { gallery } from '../i18n/en/gallery';
import { withChunkStyles } from '../lib/chunk-styles';

const titled = (name: string) => `${name} · ${t('app.name')}`;

/**
 * Set by build.mjs: true only for development builds (`--gallery`: `npm run dev`, the e2e
 * build). The gallery asks the public icon service for icons, and a production app makes no
 * third-party request; with `false` esbuild drops the route and never builds its chunk.
 */
declare const __PARLEY_GALLERY__: boolean;

const galleryRoutes: readonly RouteDefinition[] = __PARLEY_GALLERY__
  ? (registerMessages(gallery),
    [
      {
        pattern: paths.ui.pattern,
        page: lazyPage(withChunkStyles('ui-page', () => import('../pages/ui/ui-page'))),
        layout: false,
        title: () => titled(t('ui.title')),
      },
    ])
  : [];

/** The one route table: each page is its own chunk, fetched with its stylesheet on the first visit. */
export const routes: readonly RouteDefinition[] = [
  {
    pattern: paths.home.pattern,
    page: lazyPage(withChunkStyles('home-page', () => import('../pages/home/home-page'))),
    title: () => t('app.name'),
  },
  {
    pattern: paths.chat.pattern,
    page: lazyPage(withChunkStyles('chat-page', () => import('../pages/chat/chat-page'))),
    title: () => titled(t('chat.title')),
  },
  ...galleryRoutes,
];

export const notFoundTitle = () => titled(t('route.notFound.title'));

/** How long the first render waits for the address's page: past this the layout shows, then the page (SPEC A1's indicator after 200 ms). */
export const FIRST_PAGE_WAIT_MS = 200;

/**
 * Loads the page the address opens before the first render (the <head> script has been
 * fetching it beside the boot module), so the layout and the page appear in one commit instead
 * of the page waiting out React's pause before revealing suspended content. Never rejects: a
 * page that fails to load shows its error the usual way.
 */
export function preloadFirstPage(pathname: string): Promise<void> {
  const match = matchRoutes(routes, stripBase(pathname, readBasePath()));
  if (!match) return Promise.resolve();
  return Promise.race([match.route.page.preload(), new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
}
