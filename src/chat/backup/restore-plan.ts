import type { StoredAttachment } from '../persistence';
import { cleanHeaders, isConnectionKind, normalizeBaseUrl, presetFor, randomId, uniqueConnectionName, type BaseUrlError, type Connection } from '../connections';
import { newId } from '../../lib/ids';
import type { ChatPersistence } from '../persistence';
import type { Message } from '../types';
import { BACKED_UP_SETTINGS } from './backup-format';
import type { ReadBackup, RestorableChat } from './read-backup';

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

export interface RestorePlan {
  chats: PlannedChat[];
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
    chat: { ...chat, id: chatId, ...(chat.currentLeafId !== undefined && { currentLeafId: id(chat.currentLeafId) }) },
    messages: messages.map(
      (message): Message => ({
        ...message,
        id: id(message.id),
        chatId,
        parentId: message.parentId === null ? null : id(message.parentId),
        ...(message.attachments && { attachments: message.attachments.map((ref) => ({ ...ref, id: id(ref.id) })) }),
      }),
    ),
    attachments: attachments.map((row) => ({ ...row, id: id(row.id), chatId, messageId: id(row.messageId!) }) as StoredAttachment),
  };
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
    };
    names.push(connection);
    return { ...shown, name: unique, address: url.url, action: 'new', connection };
  });
}

/** What restoring `backup` into `persistence` would do, with `here` the connections this browser has. */
export async function planRestore(persistence: ChatPersistence, backup: ReadBackup, here: readonly Connection[]): Promise<RestorePlan> {
  const chats: PlannedChat[] = [];
  for (const entry of backup.chats) {
    const action = await actionFor(persistence, entry);
    chats.push({ ...(action === 'copy' ? withNewIds(entry) : entry), action });
  }
  const settings: RestorePlan['settings'] = [];
  for (const key of BACKED_UP_SETTINGS) {
    if (backup.settings[key] === undefined || (await persistence.getSetting(key)) !== undefined) continue;
    settings.push({ key, value: backup.settings[key] });
  }
  return { chats, settings, connections: planConnections(backup.connections, here) };
}
