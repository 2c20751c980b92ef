import { useEffect, useId, useState } from 'react';
import { getChatStore } from '../../../chat';
import { DEFAULT_BACKUP_REMINDER, readBackupState, saveReminderSettings, type BackupReminderSettings } from '../../../chat/backup';
import { downloadFile } from '../../../lib/download-file';
import { BackupPanel, type BackupPanelProps, type BackupStore, type RestoreConnections } from './backup-panel';
import { ImportPanel } from '../../import/import-panel';
import { BackupReminderField } from './backup-reminder-field';
import { t } from '../shared/settings-text';
import { StorageStatusView } from './storage-status-view';
import { browserStorage, useStorageStatus, type StorageLike } from './use-storage-status';
import './data-section.css';

export interface DataSectionProps {
  /** Where chats and settings are kept: the app's chat store by default. */
  store?: BackupStore;
  /** navigator.storage by default; undefined where the browser has none. */
  storage?: StorageLike;
  download?(blob: Blob, fileName: string): void;
  /** Where restored title settings and recent models go: the app's by default. */
  preferences?: BackupPanelProps['preferences'];
  /** Formats the last backup's time; the user's locale by default. */
  formatDate?(ms: number): string;
  /** Where confirmed restored connections go: the app's connections store by default. */
  connections?: RestoreConnections;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/**
 * Settings → Data (issue 14): how much space Parley uses and whether the browser may clear it,
 * back up everything, restore a backup, import from another app, and the reminder to back up.
 */
export function DataSection({ store = getChatStore(), storage = browserStorage(), download = downloadFile, preferences, formatDate = (ms) => dateFormat.format(ms), connections }: DataSectionProps) {
  const id = useId();
  const status = useStorageStatus(storage);
  const [reminder, setReminder] = useState<BackupReminderSettings>(DEFAULT_BACKUP_REMINDER);
  const [lastBackupAt, setLastBackupAt] = useState<number | undefined>();

  useEffect(() => {
    let live = true;
    void readBackupState(store).then(
      (state) => {
        if (!live) return;
        setReminder(state.reminder);
        setLastBackupAt(state.lastBackupAt);
      },
      // Unreadable settings: the defaults stay (the chat store reports storage problems).
      () => {},
    );
    return () => {
      live = false;
    };
  }, [store]);

  const changeReminder = (next: BackupReminderSettings) => {
    setReminder(next);
    void saveReminderSettings(store, next).catch(() => {});
  };

  return (
    <section className="settings-section data-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('data.title')}</h3>
      </div>
      <p className="settings-hint">{t('data.intro')}</p>
      <StorageStatusView status={status} />
      <BackupPanel
        store={store}
        download={download}
        {...(preferences && { preferences })}
        onBackedUp={(at) => {
          setLastBackupAt(at);
          status.refreshUsage();
        }}
        onRestored={status.refreshUsage}
        {...(connections && { connections })}
      />
      <p className="settings-hint data-last" data-state={lastBackupAt === undefined ? 'never' : 'done'}>
        {lastBackupAt === undefined ? t('data.backup.never') : t('data.backup.last', { date: formatDate(lastBackupAt) })}
      </p>
      <ImportPanel />
      <BackupReminderField value={reminder} onChange={changeReminder} />
    </section>
  );
}
