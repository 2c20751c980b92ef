import { announceChats } from '../tabs';
import type { Connection } from '../connections';
import type { ChatPersistence } from '../persistence';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { CONNECTIONS_SETTING } from './backup-format';
import { readBackup } from './read-backup';
import type { BackupProgress } from './write-backup';

/**
 * Restore: the backup's rows written back with their own ids, all or nothing. A chat whose id is
 * already here is left as it is (restoring the same file twice adds nothing); connections are
 * added by id, settings only where this browser has none, so a restore never overwrites a choice
 * made here.
 */

/** Chats written between two yields to the event loop. */
export const RESTORE_BATCH_CHATS = 10;

export interface RestoreOptions {
  onProgress?(progress: BackupProgress): void;
  /**
   * Tells the open tabs (this one included) which chats appeared, so their lists show them at
   * once; by default over the app's BroadcastChannel.
   */
  announce?(chatIds: readonly string[]): void;
}

export interface RestoreOutcome {
  /** Chats written. */
  chats: number;
  messages: number;
  attachments: number;
  /** Chats left out because a chat with the same id is already here. */
  existing: number;
  /** Connections added; settings rows written. Both take effect once the page reloads. */
  connections: number;
  settings: number;
}

/** Restores the backup in `text` into `persistence`; a BackupError (or the storage's) leaves nothing written. */
export async function restoreBackup(persistence: ChatPersistence, text: string, options: RestoreOptions = {}): Promise<RestoreOutcome> {
  const backup = readBackup(text);
  const present = new Set((await persistence.listChats()).map((chat) => chat.id));
  const fresh = backup.chats.filter(({ chat }) => !present.has(chat.id));
  const outcome: RestoreOutcome = { chats: 0, messages: 0, attachments: 0, existing: backup.chats.length - fresh.length, connections: 0, settings: 0 };
  const written: string[] = [];
  let connectionsBefore: Connection[] | undefined;
  const total = fresh.length;
  options.onProgress?.({ done: 0, total });
  try {
    for (let start = 0; start < total; start += RESTORE_BATCH_CHATS) {
      for (const { chat, messages, attachments } of fresh.slice(start, start + RESTORE_BATCH_CHATS)) {
        await persistence.restoreChat(chat, messages, undefined, attachments);
        written.push(chat.id);
        outcome.messages += messages.length;
        outcome.attachments += attachments.length;
      }
      options.onProgress?.({ done: Math.min(start + RESTORE_BATCH_CHATS, total), total });
      await yieldToEventLoop();
    }
    const stored = await persistence.getSetting<Connection[]>(CONNECTIONS_SETTING);
    const here = Array.isArray(stored) ? stored : [];
    const ids = new Set(here.map((connection) => connection.id));
    const added = backup.connections.filter((connection) => !ids.has(connection.id));
    if (added.length > 0) {
      connectionsBefore = here;
      await persistence.putSetting(CONNECTIONS_SETTING, [...here, ...added]);
    }
    outcome.connections = added.length;
    for (const [key, value] of Object.entries(backup.settings)) {
      if ((await persistence.getSetting(key)) !== undefined) continue;
      await persistence.putSetting(key, value);
      outcome.settings++;
    }
  } catch (error) {
    // All or nothing: the chats written before the failure go again (their ids were new here).
    for (const chatId of written) await persistence.deleteChat(chatId).catch(() => {});
    if (connectionsBefore) await persistence.putSetting(CONNECTIONS_SETTING, connectionsBefore).catch(() => {});
    throw error;
  }
  outcome.chats = written.length;
  if (written.length > 0) (options.announce ?? announceChats)(written);
  return outcome;
}
