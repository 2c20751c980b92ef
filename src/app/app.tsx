import { StrictMode } from 'react';
import { Router, RouteView, type HistorySource } from '../router';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { RouteErrorPage } from '../pages/route-error/route-error-page';
import { Layout } from './layout';
import { PageLoading } from './page-loading';
import { notFoundTitle, routes } from './routes';

export interface AppProps {
  /** Tests pass a memory history; the browser's is the default. */
  history?: HistorySource;
  base?: string;
}

export function App({ history, base }: AppProps) {
  return (
    <StrictMode>
      <Router routes={routes} history={history} base={base}>
        <RouteView
          layout={Layout}
          notFound={NotFoundPage}
          notFoundTitle={notFoundTitle()}
          loading={<PageLoading />}
          error={(error) => <RouteErrorPage error={error} />}
        />
      </Router>
    </StrictMode>
  );
}
