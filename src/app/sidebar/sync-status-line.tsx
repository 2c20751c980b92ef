import { registerMessages, t } from '../../i18n';
import { syncSettings } from '../../i18n/en/sync-settings';
import type { SyncStatusSnapshot } from '../../chat/sync';
import { setSyncStatusLine } from './lazy-sync-status';

// Loaded only once sync is on, with its strings: the first screen carries neither.
registerMessages(syncSettings);

const textOf = (status: SyncStatusSnapshot): string => {
  switch (status.state) {
    case 'connecting':
      return t('sync.status.connecting');
    case 'syncing':
      return t('sync.status.syncing', { count: status.pending });
    case 'offline-retrying':
      return t('sync.status.offline');
    case 'error':
      return t('sync.status.error', { reason: t(`sync.short.${status.reason}`) });
    default:
      return t('sync.status.synced');
  }
};

/** The sidebar footer's sync line (issue 15): synced, syncing n changes, offline (retrying), or the error's reason. */
export function SyncStatusLine({ status }: { status: SyncStatusSnapshot }) {
  return (
    <p className="sidebar__sync" role="status" data-state={status.state} {...(status.state === 'error' && { 'data-reason': status.reason })}>
      {textOf(status)}
    </p>
  );
}

setSyncStatusLine(SyncStatusLine);
