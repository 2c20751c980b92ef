/** What a lazily loaded part of a screen shows while its code cannot be fetched (offline, issue 33). */
import { t } from '../../i18n';

/** "This needs a connection the first time": said where the part would be, politely (a status, not an alert). */
export function NeedsConnection() {
  return (
    <p className="needs-connection" role="status">
      {t('offline.partNeedsConnection')}
    </p>
  );
}
