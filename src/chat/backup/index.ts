import type { BackupStore } from './backup-store';
import { BACKUP_REMINDER_KEY, backupFileName, LAST_BACKUP_KEY } from './backup-format';
import { FIRST_USE_KEY, LAST_IMPORT_KEY, LAST_RESTORE_KEY, readReminderSettings, type BackupReminderSettings } from './backup-reminder';
import type { MarkdownLabels } from './chat-markdown';
import type { ChatFile } from './chat-files';
import type { BackupErrorCode } from './read-backup';
import type { Connection } from '../connections';
import type { LibraryCounts, RestoreOptions, RestoreOutcome, RestorePreview } from './restore';
import type { LeftOutLibraryRow, WriteBackupOptions, WrittenBackup } from './write-backup';

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
  FIRST_USE_KEY,
  LAST_IMPORT_KEY,
  LAST_RESTORE_KEY,
  MAX_REMINDER_DAYS,
  MIN_REMINDER_DAYS,
  readReminderSettings,
  reminderPeriodStart,
  type BackupReminderSettings,
  type ReminderFacts,
} from './backup-reminder';
export type { BackupErrorCode, LeftOutLibraryRow, LibraryCounts, MarkdownLabels, ChatFile, RestoreOptions, RestoreOutcome, RestorePreview, WriteBackupOptions, WrittenBackup };
export type { ConnectionAction, PlannedConnection } from './restore-plan';
export { MAX_BACKUP_BYTES } from './backup-limits';
export type { BackupProgress } from './write-backup';

export interface MadeBackup extends WrittenBackup {
  fileName: string;
  /** When it was made, now the last backup time. */
  madeAt: number;
}

/** Writes the backup file of everything `store` keeps and records when (the reminder counts from it). */
export async function backUpEverything(store: Pick<BackupStore, 'attachmentHost' | 'getSetting' | 'putSetting'>, options: WriteBackupOptions = {}): Promise<MadeBackup> {
  const now = options.now ?? Date.now;
  const madeAt = now();
  const [{ writeBackup }, persistence] = await Promise.all([import('./write-backup'), store.attachmentHost().persistence()]);
  const written = await writeBackup(persistence, { ...options, now: () => madeAt });
  await store.putSetting(LAST_BACKUP_KEY, madeAt);
  return { ...written, fileName: backupFileName(new Date(madeAt)), madeAt };
}

/** The part of a chosen file a restore reads. */
export interface BackupFile {
  readonly size: number;
  text(): Promise<string>;
}

/**
 * What restoring the file would add (nothing written, nothing contacted); rejects with a
 * BackupError when the file is not a usable backup. `connectionsHere`: this browser's connections.
 */
export async function previewRestoreFile(store: Pick<BackupStore, 'attachmentHost'>, file: BackupFile, connectionsHere: readonly Connection[]): Promise<RestorePreview> {
  const [{ previewRestore }, { checkBackupSize }, persistence] = await Promise.all([import('./restore'), import('./read-backup'), store.attachmentHost().persistence()]);
  // Before its text is read: a browser hands back an empty string for one too large to hold.
  checkBackupSize(file.size);
  return previewRestore(persistence, await file.text(), connectionsHere);
}

/** Writes what the preview would add, and the connections the user confirmed (options.confirmed). */
export async function applyRestoreFile(store: Pick<BackupStore, 'attachmentHost'>, preview: RestorePreview, options?: RestoreOptions & { now?(): number }): Promise<RestoreOutcome> {
  const [{ applyRestore }, persistence] = await Promise.all([import('./restore'), store.attachmentHost().persistence()]);
  const outcome = await applyRestore(persistence, preview, options);
  // Recorded: the backup reminder counts from it, not from the restored chats' dates.
  await persistence.putSetting(LAST_RESTORE_KEY, (options?.now ?? Date.now)());
  return outcome;
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
  firstUseAt?: number;
  lastImportAt?: number;
  lastRestoreAt?: number;
}

const TIME_ROWS = { lastBackupAt: LAST_BACKUP_KEY, firstUseAt: FIRST_USE_KEY, lastImportAt: LAST_IMPORT_KEY, lastRestoreAt: LAST_RESTORE_KEY } as const;

/** The reminder's setting and the times it counts from (each left out when never recorded). */
export async function readBackupState(store: Pick<BackupStore, 'getSetting'>): Promise<BackupState> {
  const names = Object.keys(TIME_ROWS) as (keyof typeof TIME_ROWS)[];
  const [reminder, ...times] = await Promise.all([store.getSetting(BACKUP_REMINDER_KEY), ...names.map((name) => store.getSetting(TIME_ROWS[name]))]);
  const state: BackupState = { reminder: readReminderSettings(reminder) };
  for (const [i, name] of names.entries()) if (typeof times[i] === 'number') state[name] = times[i];
  return state;
}

export function saveReminderSettings(store: Pick<BackupStore, 'putSetting'>, settings: BackupReminderSettings): Promise<void> {
  return store.putSetting(BACKUP_REMINDER_KEY, settings);
}

export async function chatJsonFile(store: Pick<BackupStore, 'exportChat'>, chatId: string): Promise<ChatFile | undefined> {
  return (await import('./chat-files')).chatJsonFile(store, chatId);
}

export async function chatMarkdownFile(
  store: Pick<BackupStore, 'exportChat'>,
  chatId: string,
  labels: MarkdownLabels,
  formatTime: (ms: number) => string,
): Promise<ChatFile | undefined> {
  return (await import('./chat-files')).chatMarkdownFile(store, chatId, labels, formatTime);
}
export type { ChatExport } from './export';
