import type { BackupStore } from './backup-store';
import { exportFileName } from './export';
import { chatMarkdown, type MarkdownLabels } from './chat-markdown';

/**
 * One chat as a file to download: the versioned JSON export (every branch, files as base64) or
 * the readable Markdown of its thread. Read through the store, so a reply streaming in this tab
 * is included as far as it has come. Undefined for a chat that no longer exists.
 */

export const MARKDOWN_MIME_TYPE = 'text/markdown;charset=utf-8';
export const CHAT_JSON_MIME_TYPE = 'application/json';

export interface ChatFile {
  blob: Blob;
  fileName: string;
  title: string;
}

type ExportingStore = Pick<BackupStore, 'exportChat'>;

export async function chatJsonFile(store: ExportingStore, chatId: string): Promise<ChatFile | undefined> {
  const data = await store.exportChat(chatId);
  if (!data) return undefined;
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: CHAT_JSON_MIME_TYPE });
  return { blob, fileName: exportFileName(data.chat.title), title: data.chat.title };
}

export async function chatMarkdownFile(
  store: ExportingStore,
  chatId: string,
  labels: MarkdownLabels,
  formatTime: (ms: number) => string,
): Promise<ChatFile | undefined> {
  const data = await store.exportChat(chatId);
  if (!data) return undefined;
  const blob = new Blob([chatMarkdown(data.chat, data.messages, labels, formatTime)], { type: MARKDOWN_MIME_TYPE });
  return { blob, fileName: exportFileName(data.chat.title).replace(/\.json$/, '.md'), title: data.chat.title };
}
