import { lazyPage, type RouteDefinition } from '../router';
import { paths } from '../pages/paths';
import { t } from '../i18n';
import { withChunkStyles } from '../lib/chunk-styles';

const titled = (name: string) => `${name} · ${t('app.name')}`;

/**
 * Set by build.mjs: true only for development builds (`--gallery`: `npm run dev`, the e2e
 * build). The gallery asks the public icon service for icons, and a production app makes no
 * third-party request; with `false` esbuild drops the route and never builds its chunk.
 */
declare const __PARLEY_GALLERY__: boolean;

const galleryRoutes: readonly RouteDefinition[] = __PARLEY_GALLERY__
  ? [
      {
        pattern: paths.ui.pattern,
        page: lazyPage(withChunkStyles('ui-page', () => import('../pages/ui/ui-page'))),
        layout: false,
        title: () => titled(t('ui.title')),
      },
    ]
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
