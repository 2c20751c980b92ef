import { t } from '../i18n';
import './page-loading.css';

/** The delayed page-loading indicator: a thin bar across the top of the window. */
export function PageLoading() {
  return <div className="page-loading" role="progressbar" aria-label={t('route.loading')} data-state="indeterminate" />;
}
