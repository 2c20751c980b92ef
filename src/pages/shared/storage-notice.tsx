import { useEffect } from 'react';
import { getChatStore } from '../../chat';
import { registerMessages, t } from '../../i18n';
import { storageErrors } from '../../i18n/en/storage-errors';
import { formatBytes } from '../../lib/format-bytes';
import { Button } from '../../ui/button';
import { storageNotice, type StorageNoticeState } from './storage-notice-state';
import './storage-notice.css';

/**
 * Storage is full, said in the page above the message box, where the user keeps writing: a toast in
 * the corner sat over the chat header's buttons and stayed. It says how full, what to do, offers
 * Try again, and turns into the all-clear once everything is stored, which goes by itself.
 */

registerMessages(storageErrors);

/** How long the all-clear stays: long enough to read two short sentences. */
export const SAVED_NOTICE_MS = 5000;

export function StorageNotice({ state }: { state: Exclude<StorageNoticeState, null> }) {
  useEffect(() => {
    if (state.kind !== 'saved') return;
    const timer = setTimeout(() => {
      if (storageNotice.get() === state) storageNotice.set(null);
    }, SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (state.kind === 'saved') {
    return (
      <div className="storage-notice" role="status" data-state="saved">
        <p className="storage-notice__title">{t('error.storage.saved.title')}</p>
        <p>{t('error.storage.saved.body')}</p>
      </div>
    );
  }
  const usage = state.usage && t('error.storage.full.usage', { used: formatBytes(state.usage.used), quota: formatBytes(state.usage.quota) });
  return (
    <div className="storage-notice" role="alert" data-state="full">
      <p className="storage-notice__title">{t('error.storage.full.title')}</p>
      <p>{usage ? `${usage} ${t('error.storage.full.body')}` : t('error.storage.full.body')}</p>
      <Button size="sm" variant="outline" color="neutral" onClick={() => void getChatStore().retrySaves()}>
        {t('error.storage.retry')}
      </Button>
    </div>
  );
}
