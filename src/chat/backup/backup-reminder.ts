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

export interface ReminderFacts {
  settings: BackupReminderSettings;
  /** Ms since the epoch; undefined: never backed up in this browser. */
  lastBackupAt?: number;
  /** When the oldest chat was made; undefined: there is nothing to back up. */
  oldestChatAt?: number;
  now: number;
}

/**
 * Whether to remind: there are chats, and the last backup (or, with none, the oldest chat) is
 * at least `days` old. Someone who just started is not reminded about a week-old single chat.
 */
export function backupReminderDue({ settings, lastBackupAt, oldestChatAt, now }: ReminderFacts): boolean {
  if (!settings.enabled || oldestChatAt === undefined) return false;
  const since = lastBackupAt ?? oldestChatAt;
  return now - since >= settings.days * DAY_MS;
}
