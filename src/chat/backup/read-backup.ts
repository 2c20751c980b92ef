import type { StoredAttachment } from '../persistence';
import type { Connection } from '../connections';
import type { ExportedAttachment } from './export';
import type { Chat, LibraryRecord, Message } from '../types';
import { readLibraryRecord } from '../shapes/library-record';
import { fileRowProblem, readChatRow, readMessageRow } from '../shapes/row-record';
import { BACKED_UP_SETTINGS, BACKUP_FORMAT, BACKUP_VERSION, READABLE_BACKUP_VERSIONS, type BackupChat } from './backup-format';
import { firstLimitProblem, MAX_BACKUP_BYTES } from './backup-limits';

/**
 * Reads a backup file and checks every field before anything is written: a file that fails here
 * restores nothing. The error says which chat and which field, for the user to see.
 */

export type BackupErrorCode =
  /** A 0-byte file. */
  | 'empty-file'
  /** JSON that stops before its end (an interrupted download). */
  | 'truncated-json'
  | 'invalid-json'
  /** Valid JSON, but not a Parley backup (a single chat's export, another app's file). */
  | 'not-a-backup'
  /** Made by a newer Parley than this one. */
  | 'newer-version'
  /** One chat breaks the format: params.index (1-based), params.title, params.field. */
  | 'invalid-entry'
  /** An id used twice in the file (two messages, two files or two chats): params.index, params.title, params.field. */
  | 'duplicate-id'
  /** Larger than a restore reads: params.limit (in MB). */
  | 'too-large'
  /** A field nested deeper than params.limit levels: params.field is its path in the file. */
  | 'too-deep'
  /** A field longer than params.limit characters: params.field is its path in the file. */
  | 'too-long';

export class BackupError extends Error {
  override readonly name = 'BackupError';
  constructor(
    readonly code: BackupErrorCode,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
  }
}

/** A chat ready to be written: its rows as the persistence stores them. */
export interface RestorableChat {
  chat: Chat;
  messages: Message[];
  attachments: StoredAttachment[];
}

export interface ReadBackup {
  exportedAt: string;
  includesApiKeys: boolean;
  settings: Record<string, unknown>;
  /** As the file has them (objects only): checked as Settings checks a typed one when the restore is planned (restore-plan.ts). */
  connections: Record<string, unknown>[];
  chats: RestorableChat[];
  /** The library rows that read (readLibraryRecord), in the file's order. */
  library: LibraryRecord[];
  /** Library rows left out (an unknown kind, a broken field, an id used twice): named in the preview and the result, never fatal. */
  skippedLibrary: SkippedLibraryRow[];
}

/** A library row a restore leaves out, and why (readLibraryRecord's words). */
export interface SkippedLibraryRow {
  /** 1-based, in the file's `library` list. */
  index: number;
  id?: string;
  name?: string;
  reason: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON.parse with the two ways a JSON file fails told apart. */
function parse(text: string): unknown {
  if (text.trim() === '') throw new BackupError('empty-file');
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8: "Unexpected end of JSON input"; Firefox: "unexpected end of data"; WebKit: "Unexpected EOF".
    const truncated = /end of (json )?(input|data)|unexpected eof|unterminated/i.test(String((error as Error).message));
    throw new BackupError(truncated ? 'truncated-json' : 'invalid-json');
  }
}

export function base64ToBytes(text: string): Uint8Array {
  const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (typeof native === 'function') return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The stored row for an exported file: its bytes decoded, owned by its message again. */
function toRow(item: ExportedAttachment, chatId: string): StoredAttachment {
  const { data, dataType, ...fields } = item;
  const bytes = data === undefined ? undefined : new Blob([base64ToBytes(data) as Uint8Array<ArrayBuffer>], { type: dataType ?? item.mimeType });
  const row = { ...fields, chatId } as StoredAttachment & { blob?: Blob; source?: Blob };
  if (item.kind === 'image') row.blob = bytes ?? new Blob([], { type: item.mimeType });
  if (item.kind === 'pdf' && bytes) row.source = bytes;
  return row;
}

/** Every id of the file so far, by kind: one used twice would make two rows one. */
interface SeenIds {
  chats: Set<string>;
  messages: Set<string>;
  files: Set<string>;
}

function entry(index: number, raw: unknown, seen: SeenIds): RestorableChat {
  const title = isObject(raw) && isObject(raw.chat) && typeof raw.chat.title === 'string' ? raw.chat.title : '';
  const fail = (field: string, code: BackupErrorCode = 'invalid-entry'): never => {
    throw new BackupError(code, { index: index + 1, title, field });
  };
  const once = (set: Set<string>, id: string, field: string) => {
    if (set.has(id)) fail(field, 'duplicate-id');
    set.add(id);
  };
  /** A row's first wrong field, as its path in the file ('' from the check: the row itself). */
  const at = (where: string, field: string) => (field === '' ? where : `${where}.${field}`);
  if (!isObject(raw)) return fail('chat');
  const read = readChatRow(raw.chat);
  if (!read.ok) return fail(at('chat', read.field));
  const chat = read.row;
  once(seen.chats, chat.id, 'chat.id');
  if (!Array.isArray(raw.messages)) fail('messages');
  const messages = raw.messages as Message[];
  messages.forEach((message, i) => {
    const check = readMessageRow(message);
    if (!check.ok) fail(at(`messages[${i}]`, check.field));
    if (message.chatId !== chat.id) fail(`messages[${i}].chatId`);
    once(seen.messages, message.id, `messages[${i}].id`);
  });
  const ids = new Set(messages.map((message) => message.id));
  messages.forEach((message, i) => message.parentId !== null && !ids.has(message.parentId) && fail(`messages[${i}].parentId`));
  if (chat.currentLeafId !== undefined && !ids.has(chat.currentLeafId)) fail('chat.currentLeafId');
  const items = (raw.attachments ?? []) as ExportedAttachment[];
  if (!Array.isArray(items)) fail('attachments');
  const attachments = items.map((item, i) => {
    const wrong = fileRowProblem(item);
    if (wrong !== undefined) fail(at(`attachments[${i}]`, wrong));
    if (!ids.has(item.messageId)) fail(`attachments[${i}].messageId`);
    once(seen.files, item.id, `attachments[${i}].id`);
    try {
      return toRow(item, chat.id);
    } catch {
      return fail(`attachments[${i}].data`);
    }
  });
  return { chat, messages, attachments };
}

/** The file's library rows: each read on its own, a broken one skipped and named, never the whole restore refused. */
function readLibrary(raw: unknown): Pick<ReadBackup, 'library' | 'skippedLibrary'> {
  const library: LibraryRecord[] = [];
  const skippedLibrary: SkippedLibraryRow[] = [];
  if (raw === undefined) return { library, skippedLibrary };
  if (!Array.isArray(raw)) return { library, skippedLibrary: [{ index: 0, reason: 'the library is not a list' }] };
  const ids = new Set<string>();
  raw.forEach((value, i) => {
    const check = readLibraryRecord(value);
    if (!check.ok) {
      skippedLibrary.push({ index: i + 1, ...(check.id !== undefined && { id: check.id }), ...(check.name?.trim() && { name: check.name }), reason: check.reason });
      return;
    }
    const { record } = check;
    if (ids.has(record.id)) {
      skippedLibrary.push({ index: i + 1, id: record.id, ...('name' in record && { name: record.name }), reason: 'its id is used twice in the file' });
      return;
    }
    ids.add(record.id);
    library.push(record);
  });
  return { library, skippedLibrary };
}

/** A file too large to restore is refused before its text is read (the browser could not hold it). */
export function checkBackupSize(bytes: number): void {
  if (bytes > MAX_BACKUP_BYTES) throw new BackupError('too-large', { limit: Math.round(MAX_BACKUP_BYTES / (1024 * 1024)) });
}

/** The backup in `text`, checked through; throws a BackupError naming what is wrong. */
export function readBackup(text: string): ReadBackup {
  checkBackupSize(text.length);
  const doc = parse(text);
  if (!isObject(doc) || doc.format !== BACKUP_FORMAT || !Array.isArray(doc.chats)) throw new BackupError('not-a-backup');
  if (typeof doc.version !== 'number' || !READABLE_BACKUP_VERSIONS.includes(doc.version)) {
    throw new BackupError(typeof doc.version === 'number' && doc.version > BACKUP_VERSION ? 'newer-version' : 'not-a-backup', { version: String(doc.version) });
  }
  // Depth and length first, over the whole file: nothing below walks a field that could overflow.
  const problem = firstLimitProblem(doc);
  if (problem) throw new BackupError(problem.kind, { field: problem.field, limit: problem.limit });
  const settings: Record<string, unknown> = {};
  // Only rows a backup writes are read back: a hand-edited file cannot set anything else.
  if (isObject(doc.settings)) for (const key of BACKED_UP_SETTINGS) if (doc.settings[key] !== undefined) settings[key] = doc.settings[key];
  const connections = (Array.isArray(doc.connections) ? doc.connections : []).filter(isObject);
  const seen: SeenIds = { chats: new Set(), messages: new Set(), files: new Set() };
  return {
    exportedAt: typeof doc.exportedAt === 'string' ? doc.exportedAt : '',
    includesApiKeys: doc.includesApiKeys === true,
    settings,
    connections,
    chats: (doc.chats as BackupChat[]).map((raw, index) => entry(index, raw, seen)),
    ...readLibrary(doc.library),
  };
}
