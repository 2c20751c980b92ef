import { ChunkLoadError } from '../../router';
import { t } from '../../i18n';
import { Button } from '../../ui/button';
import { MenuBar } from '../shared';
import './status-page.css';

/** A crashed screen or a page chunk that failed to load; the layout around it keeps working. */
export function RouteErrorPage({ error }: { error: unknown }) {
  // Offline, a page never opened on this device has no kept code (issue 26): it needs a connection once.
  const stale = error instanceof ChunkLoadError && (navigator.onLine ? 'chunk' : 'offline');
  return (
    <>
      <MenuBar />
      <section className="status-page" role="alert" aria-labelledby="route-error-heading">
        <h1 id="route-error-heading" tabIndex={-1}>
          {t(stale ? `route.error.${stale}Title` : 'route.error.title')}
        </h1>
        <p>{t(stale ? `route.error.${stale}Body` : 'route.error.body')}</p>
        <Button icon="lucide:rotate-cw" onClick={() => window.location.reload()}>
          {t('route.error.reload')}
        </Button>
      </section>
    </>
  );
}
