import type { ChatStore } from '../store';
import { BACKUP_REMINDER_KEY, backupFileName, LAST_BACKUP_KEY } from './backup-format';
import { readReminderSettings, type BackupReminderSettings } from './backup-reminder';
import type { MarkdownLabels } from './chat-markdown';
import type { ChatFile } from './chat-files';
import type { BackupErrorCode } from './read-backup';
import type { RestoreOptions, RestoreOutcome } from './restore';
import type { WriteBackupOptions, WrittenBackup } from './write-backup';

/**
 * Back up everything, restore, and one chat as a file (issue 14; docs/backup-format.md). This
 * index is small: the writer, the reader and the Markdown load with their first use.
 */

export { BACKUP_FORMAT, BACKUP_VERSION, BACKUP_REMINDER_KEY, LAST_BACKUP_KEY, backupFileName, type BackupDocument, type BackupChat } from './backup-format';
export {
  backupReminderDue,
  clampDays,
  DEFAULT_BACKUP_REMINDER,
  DEFAULT_REMINDER_DAYS,
  MAX_REMINDER_DAYS,
  MIN_REMINDER_DAYS,
  readReminderSettings,
  type BackupReminderSettings,
  type ReminderFacts,
} from './backup-reminder';
export type { BackupErrorCode, MarkdownLabels, ChatFile, RestoreOptions, RestoreOutcome, WriteBackupOptions, WrittenBackup };
export type { BackupProgress } from './write-backup';

type BackupStore = Pick<ChatStore, 'attachmentHost' | 'getSetting' | 'putSetting'>;

export interface MadeBackup extends WrittenBackup {
  fileName: string;
  /** When it was made, now the last backup time. */
  madeAt: number;
}

/** Writes the backup file of everything `store` keeps and records when (the reminder counts from it). */
export async function backUpEverything(store: BackupStore, options: WriteBackupOptions = {}): Promise<MadeBackup> {
  const now = options.now ?? Date.now;
  const madeAt = now();
  const [{ writeBackup }, persistence] = await Promise.all([import('./write-backup'), store.attachmentHost().persistence()]);
  const written = await writeBackup(persistence, { ...options, now: () => madeAt });
  await store.putSetting(LAST_BACKUP_KEY, madeAt);
  return { ...written, fileName: backupFileName(new Date(madeAt)), madeAt };
}

/** Restores the backup file's text; rejects with a BackupError (nothing written) when the file is not a usable backup. */
export async function restoreFromBackup(store: Pick<ChatStore, 'attachmentHost'>, text: string, options?: RestoreOptions): Promise<RestoreOutcome> {
  const [{ restoreBackup }, persistence] = await Promise.all([import('./restore'), store.attachmentHost().persistence()]);
  return restoreBackup(persistence, text, options);
}

/** A BackupError's code and params, for the app to word; undefined for any other failure (storage, say). */
export function backupErrorOf(error: unknown): { code: BackupErrorCode; params: Readonly<Record<string, string | number>> } | undefined {
  const candidate = error as { name?: unknown; code?: unknown; params?: unknown } | null;
  return candidate?.name === 'BackupError' && typeof candidate.code === 'string'
    ? { code: candidate.code as BackupErrorCode, params: (candidate.params ?? {}) as Record<string, string | number> }
    : undefined;
}

export interface BackupState {
  reminder: BackupReminderSettings;
  lastBackupAt?: number;
}

export async function readBackupState(store: Pick<ChatStore, 'getSetting'>): Promise<BackupState> {
  const [reminder, last] = await Promise.all([store.getSetting(BACKUP_REMINDER_KEY), store.getSetting(LAST_BACKUP_KEY)]);
  return { reminder: readReminderSettings(reminder), ...(typeof last === 'number' && { lastBackupAt: last }) };
}

export function saveReminderSettings(store: Pick<ChatStore, 'putSetting'>, settings: BackupReminderSettings): Promise<void> {
  return store.putSetting(BACKUP_REMINDER_KEY, settings);
}

export async function chatJsonFile(store: Pick<ChatStore, 'exportChat'>, chatId: string): Promise<ChatFile | undefined> {
  return (await import('./chat-files')).chatJsonFile(store, chatId);
}

export async function chatMarkdownFile(
  store: Pick<ChatStore, 'exportChat'>,
  chatId: string,
  labels: MarkdownLabels,
  formatTime: (ms: number) => string,
): Promise<ChatFile | undefined> {
  return (await import('./chat-files')).chatMarkdownFile(store, chatId, labels, formatTime);
}
export type { ChatExport } from './export';
