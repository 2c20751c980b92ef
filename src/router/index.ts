export { basePathFromHref, readBasePath, stripBase, withBase } from './base-path';
export { createBrowserHistory, createMemoryHistory, type HistoryLocation, type HistorySource } from './history';
export { matchPattern, matchRoutes, type RouteParams } from './matcher';
export { ChunkLoadError, lazyPage, type LazyPage, type PageProps } from './lazy-page';
export { Router, useHref, useLocation, useNavigate, useRouter, type RouteDefinition } from './router';
export { Link, type LinkProps } from './link';
export { RouteView, useParams, PAGE_LOADING_DELAY_MS } from './route-view';
