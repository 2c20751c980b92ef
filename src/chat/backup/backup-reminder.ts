/**
 * When to remind the user to back up (issue 14): a setting (on by default, every 30 days) and
 * the time of the last backup, both settings rows. Pure: the clock is the caller's.
 */

export interface BackupReminderSettings {
  enabled: boolean;
  /** Days without a backup before the reminder shows. */
  days: number;
}

/** A month: long enough not to nag, short enough that a lost browser profile costs little. */
export const DEFAULT_REMINDER_DAYS = 30;
export const DEFAULT_BACKUP_REMINDER: BackupReminderSettings = { enabled: true, days: DEFAULT_REMINDER_DAYS };
/** The range the Settings field accepts: a day at the least, a year at the most. */
export const MIN_REMINDER_DAYS = 1;
export const MAX_REMINDER_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored setting, or the default for anything missing or malformed. */
export function readReminderSettings(value: unknown): BackupReminderSettings {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof BackupReminderSettings, unknown>>;
  const days = typeof stored.days === 'number' && Number.isFinite(stored.days) ? clampDays(stored.days) : DEFAULT_REMINDER_DAYS;
  return { enabled: typeof stored.enabled === 'boolean' ? stored.enabled : true, days };
}

export function clampDays(days: number): number {
  return Math.min(MAX_REMINDER_DAYS, Math.max(MIN_REMINDER_DAYS, Math.round(days)));
}

/** The settings row holding when Parley was first used in this browser (ms since the epoch). */
export const FIRST_USE_KEY = 'firstUseAt';
/** The settings rows holding when this browser last imported chats and last restored a backup. */
export const LAST_IMPORT_KEY = 'lastImportAt';
export const LAST_RESTORE_KEY = 'lastRestoreAt';

export interface ReminderFacts {
  settings: BackupReminderSettings;
  /** Whether there is anything to back up. */
  hasChats: boolean;
  /** Ms since the epoch, each undefined when it never happened in this browser. */
  firstUseAt?: number;
  lastBackupAt?: number;
  lastImportAt?: number;
  lastRestoreAt?: number;
  now: number;
}

/**
 * When the reminder's period starts: the latest of the first use, the last backup, import and
 * restore. Never the oldest chat's date (issue 22): an import or a restore brings years-old chats
 * into a browser whose user has just backed up or just arrived. Undefined when nothing is known.
 */
export function reminderPeriodStart({ firstUseAt, lastBackupAt, lastImportAt, lastRestoreAt }: Omit<ReminderFacts, 'settings' | 'hasChats' | 'now'>): number | undefined {
  const known = [firstUseAt, lastBackupAt, lastImportAt, lastRestoreAt].filter((at): at is number => at !== undefined);
  return known.length === 0 ? undefined : Math.max(...known);
}

/** Whether to remind: there are chats, and at least `days` have passed since the period started. */
export function backupReminderDue(facts: ReminderFacts): boolean {
  const since = reminderPeriodStart(facts);
  if (!facts.settings.enabled || !facts.hasChats || since === undefined) return false;
  return facts.now - since >= facts.settings.days * DAY_MS;
}
