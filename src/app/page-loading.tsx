import { t } from '../i18n';
import { Progress } from '../ui/progress';
import './page-loading.css';

/** The delayed page-loading indicator: a thin indeterminate bar across the top of the window. */
export function PageLoading() {
  return <Progress className="page-loading" value={null} size="xs" label={t('route.loading')} />;
}
