import { t } from '../../i18n';

/** The component gallery (filled by the UI kit). Rendered without the layout. */
export default function UiPage() {
  return (
    <div className="ui-page">
      <h1 tabIndex={-1}>{t('ui.heading')}</h1>
    </div>
  );
}
