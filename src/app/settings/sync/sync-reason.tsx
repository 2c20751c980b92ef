import type { SyncErrorReason } from '../../../chat/sync';
import { t } from '../shared/settings-text';

/** The lines that let this page reach CouchDB (its CORS settings, for local.ini or the config API). */
export const corsConfigLines = (origin: string) =>
  [
    '[chttpd]',
    'enable_cors = true',
    '',
    '[cors]',
    `origins = ${origin}`,
    'credentials = true',
    'methods = GET, PUT, POST, HEAD, DELETE',
    'headers = accept, authorization, content-type, origin, referer',
  ].join('\n');

/** Why the server can't be used, with the fix; for CORS, the exact configuration to add. */
export function SyncReason({ reason, id }: { reason: SyncErrorReason; id?: string }) {
  return (
    <div id={id} className="settings-error sync-reason" data-reason={reason}>
      <p>{t(`sync.reason.${reason}`)}</p>
      {reason === 'cors' && (
        <pre className="sync-reason__config" tabIndex={0} aria-label={t('sync.reason.cors')}>
          <code>{corsConfigLines(location.origin)}</code>
        </pre>
      )}
    </div>
  );
}
