import type { StoredAttachment } from '../persistence';
import { cleanHeaders, isConnectionKind, normalizeBaseUrl, presetFor, randomId, uniqueConnectionName, type BaseUrlError, type Connection } from '../connections';
import { newId } from '../../lib/ids';
import type { ChatPersistence } from '../persistence';
import type { Comparing, LibraryRecord, Message } from '../types';
import { BACKED_UP_SETTINGS } from './backup-format';
import type { ReadBackup, RestorableChat, SkippedLibraryRow } from './read-backup';

/**
 * What a restore would do, worked out before anything is written (docs/backup-format.md,
 * "Restore: how ids and existing data are treated"). One rule for ids: a chat whose id is here
 * with every message and file of the backup already in it is "already here" and skipped; any
 * other chat whose chat, message or file id is taken here comes back as a copy under new ids,
 * every reference rewritten. Nothing here is ever written over.
 */

export type ChatAction = 'add' | 'copy' | 'already-here';

export interface PlannedChat extends RestorableChat {
  action: ChatAction;
}

export type ConnectionAction =
  /** Added once the user confirms its address (then, and only then, contacted). */
  | 'new'
  /** A connection with this address is here: the backup's model references are pointed at it. */
  | 'already-here'
  /** Its address is one Settings refuses (`javascript:`, `file:`, credentials…): never added. */
  | 'refused';

export interface PlannedConnection {
  action: ConnectionAction;
  /** The backup's id (its chats' model references name it). */
  sourceId: string;
  /** As shown in the preview. */
  name: string;
  address: string;
  hasKey: boolean;
  /** 'refused': why, in Settings' words (connection.ts' BaseUrlError). */
  reason?: BaseUrlError;
  /** 'new': the connection as it would be added (id kept when free here, name made unique). */
  connection?: Connection;
  /** 'already-here': the id of the one here. */
  hereId?: string;
}

/**
 * A library row's fate, by the chats' rule: 'add' (its id is free), 'already-here' (the same row
 * is here), 'copy' (its id is taken by another row: added under a new id), 'kept-here'
 * (instructions or defaults differing from the ones here: there is one of each, and the one here wins).
 */
export type LibraryAction = 'add' | 'copy' | 'already-here' | 'kept-here';

export interface PlannedLibraryRow {
  action: LibraryAction;
  /** As it would be written (under its new id for a copy, its preset reference rewritten). */
  record: LibraryRecord;
  /** The id it has in the backup. */
  sourceId: string;
}

export interface RestorePlan {
  chats: PlannedChat[];
  library: PlannedLibraryRow[];
  /** Library rows of the file that do not read, named in the preview and the result. */
  skippedLibrary: SkippedLibraryRow[];
  /** Settings rows this browser has no value for. */
  settings: { key: string; value: unknown }[];
  connections: PlannedConnection[];
}

/** Key order does not make two rows different. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether every message and file of `entry` is stored here, identical, in the chat of the same id. */
async function alreadyHere(persistence: ChatPersistence, entry: RestorableChat): Promise<boolean> {
  const messages = new Map((await persistence.listMessages(entry.chat.id)).map((message) => [message.id, canonical(message)]));
  if (!entry.messages.every((message) => messages.get(message.id) === canonical(message))) return false;
  const files = new Map((await persistence.listChatAttachments(entry.chat.id)).map((row) => [row.id, row]));
  return entry.attachments.every((row) => {
    const here = files.get(row.id);
    return here !== undefined && here.messageId === row.messageId && here.name === row.name && here.size === row.size && here.kind === row.kind;
  });
}

async function actionFor(persistence: ChatPersistence, entry: RestorableChat): Promise<ChatAction> {
  if (await persistence.getChat(entry.chat.id)) return (await alreadyHere(persistence, entry)) ? 'already-here' : 'copy';
  const takenMessages = await persistence.existingMessageIds(entry.messages.map((message) => message.id));
  const takenFiles = await persistence.getAttachments(entry.attachments.map((row) => row.id));
  return takenMessages.length > 0 || takenFiles.length > 0 ? 'copy' : 'add';
}

/** The chat under new ids: its messages, parents, current leaf, file refs and files all follow. */
export function withNewIds({ chat, messages, attachments }: RestorableChat): RestorableChat {
  const chatId = newId(chat.createdAt);
  const ids = new Map<string, string>();
  for (const message of messages) ids.set(message.id, newId(message.createdAt));
  for (const row of attachments) ids.set(row.id, newId(row.createdAt));
  // A ref to a file the backup does not hold gets a new id too: never one that may name a row here.
  const id = (old: string) => ids.get(old) ?? ids.set(old, newId()).get(old)!;
  return {
    chat: {
      ...chat,
      id: chatId,
      ...(chat.currentLeafId !== undefined && { currentLeafId: id(chat.currentLeafId) }),
      // An open comparison (issue 38) names its question and replies: they follow too.
      ...(chat.comparing && { comparing: comparingWithIds(chat.comparing, id) }),
    },
    messages: messages.map(
      (message): Message => ({
        ...message,
        id: id(message.id),
        chatId,
        parentId: message.parentId === null ? null : id(message.parentId),
        ...(Array.isArray(message.combines) && { combines: message.combines.map((source) => (typeof source === 'string' ? id(source) : source)) }),
        ...(message.attachments && { attachments: message.attachments.map((ref) => ({ ...ref, id: id(ref.id) })) }),
      }),
    ),
    attachments: attachments.map((row) => ({ ...row, id: id(row.id), chatId, messageId: id(row.messageId!) }) as StoredAttachment),
  };
}

/** A stored comparison under new message ids; one that is not well-formed is dropped (the chat then shows its current reply alone). */
function comparingWithIds(comparing: Comparing, id: (old: string) => string): Comparing | undefined {
  const { parentId, replies, picked } = comparing as Partial<Record<keyof Comparing, unknown>>;
  if (typeof parentId !== 'string' || !Array.isArray(replies) || !replies.every((reply) => typeof reply === 'string')) return undefined;
  return { ...comparing, parentId: id(parentId), replies: replies.map(id), ...(typeof picked === 'string' && picked !== 'tie' && { picked: id(picked) }) };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The backup's connections checked as Settings checks a typed one (connection-edits.ts' add:
 * the same address rules, headers, kind and name), against the ones here.
 */
export function planConnections(raw: readonly Record<string, unknown>[], here: readonly Connection[]): PlannedConnection[] {
  const names = [...here];
  const ids = new Set(here.map((connection) => connection.id));
  return raw.map((item): PlannedConnection => {
    const address = text(item.baseUrl);
    const kind = isConnectionKind(item.kind) ? item.kind : 'custom';
    const name = text(item.name).trim() || presetFor(kind).name;
    const sourceId = text(item.id);
    const apiKey = text(item.apiKey).trim() || undefined;
    const shown = { sourceId, name, address, hasKey: apiKey !== undefined };
    const url = normalizeBaseUrl(address);
    if (!url.ok) return { ...shown, action: 'refused', reason: url.error };
    const same = here.find((connection) => connection.baseUrl === url.url);
    if (same) return { ...shown, address: url.url, action: 'already-here', hereId: same.id };
    const free = sourceId !== '' && !sourceId.includes('/') && !ids.has(sourceId);
    let id = free ? sourceId : randomId();
    while (ids.has(id)) id = randomId();
    ids.add(id);
    const unique = uniqueConnectionName(name, names);
    const headers = cleanHeaders(item.headers);
    const connection: Connection = {
      id,
      name: unique,
      kind,
      baseUrl: url.url,
      ...(apiKey && { apiKey }),
      ...(item.keyStorage === 'session' && { keyStorage: 'session' as const }),
      ...(headers && { headers }),
      // The wire format as written (issue 27); the routing speaks Chat Completions to any other value.
      ...((item.api === 'anthropic' || item.api === 'responses') && { api: item.api }),
      ...(item.storeResponses === true && { storeResponses: true as const }),
      ...(typeof item.maxConcurrent === 'number' && item.maxConcurrent >= 1 && { maxConcurrent: Math.floor(item.maxConcurrent) }),
    };
    names.push(connection);
    return { ...shown, name: unique, address: url.url, action: 'new', connection };
  });
}

/**
 * The same row whatever its dates: each browser stamps the starter prompts (fixed ids) when it
 * first opens, so a fresh profile's would otherwise come back as copies of themselves.
 */
const sameRow = (a: LibraryRecord, b: LibraryRecord) => canonical({ ...a, createdAt: 0, updatedAt: 0 }) === canonical({ ...b, createdAt: 0, updatedAt: 0 });

/** One of each is kept, under a fixed id: a different one here is never replaced by a copy. */
const SINGLE_KINDS: readonly LibraryRecord['kind'][] = ['instructions', 'defaults'];

/**
 * The backup's library rows against the ones here, by the chats' rule: a row whose id is free is
 * added; one identical to the row of its id here is skipped; any other comes back as a copy under
 * a new id (instructions and defaults excepted: the ones here win). A project's preset reference
 * follows a preset copied under a new id. `ids` gets every id that changed (old → new).
 */
export async function planLibrary(persistence: ChatPersistence, rows: readonly LibraryRecord[], ids: Map<string, string>): Promise<PlannedLibraryRow[]> {
  const here = new Map((await persistence.listLibrary()).map((row) => [row.id, row]));
  const planned = rows.map((record): PlannedLibraryRow => {
    const stored = here.get(record.id);
    const sourceId = record.id;
    if (!stored) return { action: 'add', record, sourceId };
    if (sameRow(stored, record)) return { action: 'already-here', record, sourceId };
    if (SINGLE_KINDS.includes(record.kind)) return { action: 'kept-here', record, sourceId };
    const id = newId(record.createdAt);
    ids.set(sourceId, id);
    return { action: 'copy', record: { ...record, id }, sourceId };
  });
  return planned.map((row) => {
    const presetId = row.record.kind === 'project' ? row.record.presetId : undefined;
    const to = presetId === undefined ? undefined : ids.get(presetId);
    return to === undefined || row.record.kind !== 'project' ? row : { ...row, record: { ...row.record, presetId: to } };
  });
}

/** A chat's project and preset references, pointed at the rows' new ids where they were copied. */
export function withLibraryIds<T extends { projectId?: string; presetId?: string }>(chat: T, ids: ReadonlyMap<string, string>): T {
  const projectId = chat.projectId === undefined ? undefined : ids.get(chat.projectId);
  const presetId = chat.presetId === undefined ? undefined : ids.get(chat.presetId);
  if (projectId === undefined && presetId === undefined) return chat;
  return { ...chat, ...(projectId !== undefined && { projectId }), ...(presetId !== undefined && { presetId }) };
}

/** What restoring `backup` into `persistence` would do, with `here` the connections this browser has. */
export async function planRestore(persistence: ChatPersistence, backup: ReadBackup, here: readonly Connection[]): Promise<RestorePlan> {
  const libraryIds = new Map<string, string>();
  const library = await planLibrary(persistence, backup.library, libraryIds);
  const chats: PlannedChat[] = [];
  for (const entry of backup.chats) {
    const action = await actionFor(persistence, entry);
    const planned = action === 'copy' ? withNewIds(entry) : entry;
    chats.push({ ...planned, chat: withLibraryIds(planned.chat, libraryIds), action });
  }
  const settings: RestorePlan['settings'] = [];
  for (const key of BACKED_UP_SETTINGS) {
    if (backup.settings[key] === undefined || (await persistence.getSetting(key)) !== undefined) continue;
    settings.push({ key, value: backup.settings[key] });
  }
  return { chats, library, skippedLibrary: backup.skippedLibrary, settings, connections: planConnections(backup.connections, here) };
}
