import type { Connection } from '../connections';
import { DEFAULT_MODEL_KEY } from '../connections';
import { RECENT_MODELS_KEY, TITLE_SETTINGS_KEY } from '../connections/model-preferences';
import { MODEL_CONTEXTS_KEY } from '../connections/context-settings';
import type { ExportedAttachment } from './export';
import type { Chat, LibraryRecord, Message } from '../types';

/**
 * The shape of "Back up everything" (docs/backup-format.md): one JSON document, written in
 * pieces, that a restore on any browser or origin reads back into the same rows.
 */

/** Names the document so a restore (or an import) can tell a Parley backup from any other JSON. */
export const BACKUP_FORMAT = 'parley.backup';
/**
 * Raised whenever a field changes incompatibly; a restore refuses versions it does not know.
 * 2 added `library` (issue 23): a Parley that reads only version 1 would restore such a file
 * without the user's instructions, presets, projects and prompts and say nothing, so it refuses it
 * as newer instead. Version 1 files (no library) still restore.
 */
export const BACKUP_VERSION = 2;
/** The versions a restore reads. */
export const READABLE_BACKUP_VERSIONS: readonly number[] = [1, 2];

/** The settings row holding the reminder's choice ({ enabled, days }). */
export const BACKUP_REMINDER_KEY = 'backupReminder';
/** The settings row holding when this browser last made a backup (ms since the epoch). */
export const LAST_BACKUP_KEY = 'lastBackupAt';
/** The connections row (connections-store.ts' CONNECTIONS_KEY): carried apart from the other settings, keys handled. */
export const CONNECTIONS_SETTING = 'connections';

/**
 * The settings rows a backup carries. The connections travel on their own (their keys are
 * optional); the last backup time describes this browser, not the data, so it stays behind.
 */
export const BACKED_UP_SETTINGS: readonly string[] = [DEFAULT_MODEL_KEY, RECENT_MODELS_KEY, TITLE_SETTINGS_KEY, BACKUP_REMINDER_KEY, MODEL_CONTEXTS_KEY];

/** One chat with everything it owns: every message of every branch, and its files with their bytes. */
export interface BackupChat {
  chat: Chat;
  /** Oldest first. */
  messages: Message[];
  /** The files its messages own (export.ts' shape: bytes as base64); empty when it has none. */
  attachments: ExportedAttachment[];
}

export interface BackupDocument {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** ISO 8601, UTC. */
  exportedAt: string;
  /** Whether `connections` hold their API keys (the user ticked "Include API keys"). */
  includesApiKeys: boolean;
  /** Settings rows by key, only those set. */
  settings: Record<string, unknown>;
  connections: Connection[];
  /** Every row of the user's library (src/chat/types.ts LibraryRecord): instructions, defaults, presets, projects with their files' text, prompts. */
  library: LibraryRecord[];
  /** Newest first, as the history lists them. */
  chats: BackupChat[];
}

/** A connection as a backup without keys carries it: the key and the address it was confirmed for are left out. */
export function withoutKey(connection: Connection): Connection {
  const { apiKey: _key, apiKeyUrl: _url, ...rest } = connection;
  return rest;
}

/** `parley-backup-2025-01-31.json`, in the user's local date (the day they made it). */
export function backupFileName(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `parley-backup-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.json`;
}
