import { Link } from '../../router';
import { t } from '../../i18n';
import { paths } from '../paths';
import { MenuBar } from '../shared';
import '../route-error/status-page.css';

/** Shown inside the layout for unknown addresses and malformed ones. Bundled eagerly: it must never fail to load. */
export function NotFoundPage() {
  return (
    <>
      <MenuBar />
      <section className="status-page" aria-labelledby="not-found-heading">
        <h1 id="not-found-heading" tabIndex={-1}>
          {t('route.notFound.title')}
        </h1>
        <p>{t('route.notFound.body')}</p>
        <Link to={paths.home.href()}>{t('route.notFound.home')}</Link>
      </section>
    </>
  );
}
