import { lazyPage, type RouteDefinition } from '../router';
import { paths } from '../pages/paths';
import { t } from '../i18n';

const titled = (name: string) => `${name} · ${t('app.name')}`;

/** The one route table: each page is its own chunk, fetched on the first visit. */
export const routes: readonly RouteDefinition[] = [
  {
    pattern: paths.home.pattern,
    page: lazyPage(() => import('../pages/home/home-page')),
    title: () => t('app.name'),
  },
  {
    pattern: paths.chat.pattern,
    page: lazyPage(() => import('../pages/chat/chat-page')),
    title: () => titled(t('chat.title')),
  },
  {
    pattern: paths.ui.pattern,
    page: lazyPage(() => import('../pages/ui/ui-page')),
    layout: false,
    title: () => titled(t('ui.title')),
  },
];

export const notFoundTitle = () => titled(t('route.notFound.title'));
