import type { Connection } from '../connections';
import { exportAttachments } from './export';
import { compareMessages } from '../persistence';
import type { ChatPersistence } from '../persistence';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { readLibraryRecord } from '../shapes/library-record';
import type { LibraryRecord } from '../types';
import {
  BACKED_UP_SETTINGS,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  CONNECTIONS_SETTING,
  withoutKey,
  type BackupChat,
} from './backup-format';

/**
 * "Back up everything" as a Blob built from many small parts, chat by chat: no string ever holds
 * the whole history, and each batch becomes a Blob of its own at once, so the browser may keep
 * it on disk while the next batch is read. Between batches the page gets the event loop back.
 */

/** Chats read and written per batch: a few hundred messages at most between two yields. */
export const BACKUP_BATCH_CHATS = 10;
export const BACKUP_MIME_TYPE = 'application/json';

export interface BackupProgress {
  /** Chats written so far, of `total`. */
  done: number;
  total: number;
}

export interface WriteBackupOptions {
  /** Keep the connections' API keys (the user ticked "Include API keys"). */
  includeApiKeys?: boolean;
  now?: () => number;
  /** After each batch, and once at the start (0 of total). */
  onProgress?(progress: BackupProgress): void;
  signal?: AbortSignal;
}

export interface WrittenBackup {
  blob: Blob;
  chats: number;
  messages: number;
  attachments: number;
  /** How many pieces of text the file was written in (one per chat, per file, and the frame). */
  parts: number;
  /** How many batch Blobs those pieces were gathered into. */
  batches: number;
  /** Library rows not written: a restore (readLibraryRecord) would refuse them. Told to the user, never silent. */
  leftOutLibrary: LeftOutLibraryRow[];
}

/** A library row the backup leaves out, and why (readLibraryRecord's words). */
export interface LeftOutLibraryRow {
  id: string;
  kind: LibraryRecord['kind'];
  name?: string;
  reason: string;
}

/**
 * The library rows a restore of this file would read back, and those it would refuse: a backup
 * never holds a row its own reader refuses (it would be lost on restore without a word).
 */
function checkedLibrary(rows: readonly LibraryRecord[]): { library: LibraryRecord[]; leftOut: LeftOutLibraryRow[] } {
  const library: LibraryRecord[] = [];
  const leftOut: LeftOutLibraryRow[] = [];
  for (const row of rows) {
    const check = readLibraryRecord(row);
    if (check.ok) library.push(row);
    else leftOut.push({ id: row.id, kind: row.kind, ...('name' in row && row.name.trim() && { name: row.name }), reason: check.reason });
  }
  return { library, leftOut };
}

/** The header's fields, as JSON text without its closing brace, ready for `"chats":[…]}` to follow; the library rows left out. */
async function header(persistence: ChatPersistence, includeApiKeys: boolean, exportedAt: number): Promise<{ text: string; leftOut: LeftOutLibraryRow[] }> {
  const settings: Record<string, unknown> = {};
  for (const key of BACKED_UP_SETTINGS) {
    const value = await persistence.getSetting(key);
    if (value !== undefined) settings[key] = value;
  }
  const stored = await persistence.getSetting<Connection[]>(CONNECTIONS_SETTING);
  const connections = (Array.isArray(stored) ? stored : []).map((c) => (includeApiKeys ? c : withoutKey(c)));
  const { library, leftOut } = checkedLibrary(await persistence.listLibrary());
  const head = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date(exportedAt).toISOString(),
    includesApiKeys: includeApiKeys,
    settings,
    connections,
    // The library is small (a project's files are text, at most a few MB): it rides in the header.
    library,
  };
  const text = JSON.stringify(head);
  return { text: `${text.slice(0, -1)},"chats":[`, leftOut };
}

/**
 * One chat's pieces: the chat and its messages in one, each file in its own (a picture's base64
 * can be megabytes), joined so that together they read as one BackupChat object.
 */
async function chatParts(persistence: ChatPersistence, chatId: string): Promise<{ parts: string[]; messages: number; attachments: number } | undefined> {
  const chat = await persistence.getChat(chatId);
  // Deleted (in another tab) since the list was read: nothing to keep.
  if (!chat) return undefined;
  const [messages, rows] = await Promise.all([persistence.listMessages(chatId), persistence.listChatAttachments(chatId)]);
  const { items } = await exportAttachments(rows);
  const entry: Omit<BackupChat, 'attachments'> = { chat, messages: [...messages].sort(compareMessages) };
  const opening = `${JSON.stringify(entry).slice(0, -1)},"attachments":[`;
  const parts = [opening, ...items.map((item, i) => (i === 0 ? '' : ',') + JSON.stringify(item)), ']}'];
  return { parts, messages: messages.length, attachments: items.length };
}

/** Reads every chat from `persistence` and writes the backup file's Blob. Rejects with the signal's reason when aborted. */
export async function writeBackup(persistence: ChatPersistence, options: WriteBackupOptions = {}): Promise<WrittenBackup> {
  const { includeApiKeys = false, now = Date.now, onProgress, signal } = options;
  const chatIds = (await persistence.listChats()).map((chat) => chat.id);
  const total = chatIds.length;
  const blobs: Blob[] = [];
  const head = await header(persistence, includeApiKeys, now());
  let pending: string[] = [head.text];
  const counts = { chats: 0, messages: 0, attachments: 0, parts: 1 };
  onProgress?.({ done: 0, total });

  for (let start = 0; start < total; start += BACKUP_BATCH_CHATS) {
    signal?.throwIfAborted();
    for (const chatId of chatIds.slice(start, start + BACKUP_BATCH_CHATS)) {
      const written = await chatParts(persistence, chatId);
      if (!written) continue;
      if (counts.chats > 0) written.parts[0] = `,${written.parts[0]}`;
      pending.push(...written.parts);
      counts.chats++;
      counts.messages += written.messages;
      counts.attachments += written.attachments;
      counts.parts += written.parts.length;
    }
    blobs.push(new Blob(pending));
    pending = [];
    onProgress?.({ done: Math.min(start + BACKUP_BATCH_CHATS, total), total });
    await yieldToEventLoop();
  }
  signal?.throwIfAborted();
  pending.push(']}');
  counts.parts++;
  blobs.push(new Blob(pending));
  return { blob: new Blob(blobs, { type: BACKUP_MIME_TYPE }), ...counts, batches: blobs.length, leftOutLibrary: head.leftOut };
}
