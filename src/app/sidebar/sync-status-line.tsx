import { registerMessages, t } from '../../i18n';
import { syncSettings } from '../../i18n/en/sync-settings';
import { useSyncExternalStore } from 'react';
import type { SyncStatusSnapshot } from '../../chat/sync';
import { getSyncNotices, noticeCount, subscribeSyncNotices } from '../../chat/sync/sync-notices';
import { Progress } from '../../ui/progress';
import { setSyncStatusLine } from './lazy-sync-status';
import { tn } from '../../i18n/plural';

// Loaded only once sync is on, with its strings: the first screen carries neither.
registerMessages(syncSettings);

/** Whole percents: the live region changes at most a hundred times in a long first sync, not once per slice. */
const PERCENT = 100;

/** How far a large sync is, when the status says (a first sync): done of total. */
function syncProgressOf(status: SyncStatusSnapshot): { done: number; total: number } | undefined {
  return status.state === 'syncing' && status.total !== undefined && status.done !== undefined ? { done: status.done, total: status.total } : undefined;
}

const textOf = (status: SyncStatusSnapshot): string => {
  switch (status.state) {
    case 'connecting':
      return t('sync.status.connecting');
    case 'syncing': {
      const progress = syncProgressOf(status);
      if (progress) return t('sync.status.progress', { percent: Math.floor((progress.done * PERCENT) / Math.max(progress.total, 1)) });
      return tn('sync.status.syncing', status.pending);
    }
    case 'incomplete':
      return tn('sync.status.incomplete', status.unapplied);
    case 'offline-retrying':
      return t('sync.status.offline');
    case 'error':
      return t('sync.status.error', { reason: t(`sync.short.${status.reason}`) });
    default:
      return t('sync.status.synced');
  }
};

/** The sidebar footer's sync line (issue 15): synced, syncing n changes (a large sync's progress, with a bar), offline (retrying), or the error's reason; and what encrypted sync refused from the server (issue 20). */
export function SyncStatusLine({ status }: { status: SyncStatusSnapshot }) {
  const progress = syncProgressOf(status);
  const refused = noticeCount(useSyncExternalStore(subscribeSyncNotices, getSyncNotices));
  return (
    <>
      <p className="sidebar__sync" role="status" data-state={status.state} {...(status.state === 'error' && { 'data-reason': status.reason })}>
        {textOf(status)}
      </p>
      {refused > 0 && (
        <p className="sidebar__sync" role="alert" data-state="refused">
          {tn('sync.status.refused', refused)}
        </p>
      )}
      {progress && (
        <Progress
          className="sidebar__sync-progress"
          size="xs"
          value={progress.done}
          max={progress.total}
          label={t('sync.progress.label')}
          aria-valuetext={tn('sync.progress.text', progress.total, { done: progress.done.toLocaleString(), count: progress.total.toLocaleString() })}
        />
      )}
    </>
  );
}

setSyncStatusLine(SyncStatusLine);
