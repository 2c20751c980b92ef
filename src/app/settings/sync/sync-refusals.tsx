import { tn } from '../../../i18n/plural';
import { useSyncExternalStore } from 'react';
import { clearSyncNotices, getSyncNotices, subscribeSyncNotices, type RefusalKind } from '../../../chat/sync/sync-notices';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';

/**
 * Settings → Sync: what encrypted sync refused from the server (issue 20), one line per kind,
 * naming the chats a server deleted without a signed deletion. Titles are text, never markup.
 */

const KINDS: readonly RefusalKind[] = ['older', 'unsigned-deletion', 'unreadable', 'broken', 'broken-chat', 'not-sent'];
/** What the server sent: only these get the hint that the server may have been tampered with. */
const FROM_SERVER: readonly RefusalKind[] = ['older', 'unsigned-deletion', 'unreadable', 'broken', 'broken-chat'];

function lineOf(kind: RefusalKind, chats: ReadonlyMap<string, string | undefined>): string {
  const titles = [...chats.values()].filter((title): title is string => title !== undefined);
  return tn(`sync.refused.${kind}`, chats.size, { title: titles[0] ?? '', titles: titles.map((title) => `“${title}”`).join(', ') });
}

export function SyncRefusals() {
  const notices = useSyncExternalStore(subscribeSyncNotices, getSyncNotices);
  const kinds = KINDS.filter((kind) => notices[kind].size > 0);
  if (kinds.length === 0) return null;
  return (
    <div role="alert" className="settings-error sync-refusals" data-state="refused">
      {kinds.map((kind) => (
        <p key={kind} data-kind={kind}>
          {lineOf(kind, notices[kind])}
        </p>
      ))}
      {kinds.some((kind) => FROM_SERVER.includes(kind)) && <p>{t('sync.refused.hint')}</p>}
      <Button variant="outline" size="sm" onClick={clearSyncNotices}>
        {t('sync.refused.dismiss')}
      </Button>
    </div>
  );
}
