/** What backup calls on the chat store, named here: the store loads backup's chat export, so backup names the calls it makes, not the store (the app passes its store). */
import type { ChatPersistence } from '../persistence';
import type { ChatExport } from './export';

export interface BackupStore {
  /** Storage, for writing a backup and restoring one. */
  attachmentHost(): { persistence(): Promise<ChatPersistence> };
  getSetting(key: string): Promise<unknown>;
  putSetting(key: string, value: unknown): Promise<void>;
  /** The chat as stored, with its files as base64; undefined for an unknown chat. */
  exportChat(chatId: string): Promise<ChatExport | undefined>;
}
