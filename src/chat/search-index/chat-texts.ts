import type { StoredAttachment } from '../persistence';
import type { ParleyDatabase } from '../persistence';
import type { Message } from '../types';

/**
 * What search reads of a chat: its messages and the text of the files they carry (a text file's
 * content, a PDF's extracted text). The files are found through the refs on the message rows,
 * which say each file's kind, so a picture's row (its bytes) is never read, and a file is
 * always found under the message that carries it.
 */

/** The text of one attached file, under the message that carries it. */
export interface FileText {
  readonly messageId: string;
  readonly name: string;
  readonly text: string;
}

export interface ChatTexts {
  /** Oldest first. */
  readonly messages: readonly Message[];
  /** Each message's file texts, in the order it carries them. */
  readonly files: ReadonlyMap<string, readonly FileText[]>;
}

/** The ids of the files with text a message carries (pictures have none). */
export const textFileIds = (message: Message): string[] =>
  (message.attachments ?? []).filter((ref) => ref.kind !== 'image').map((ref) => ref.id);

/** A row's text under its message, if it has any. */
export function fileTextOf(row: StoredAttachment | undefined, messageId: string): FileText | undefined {
  if (!row || row.kind === 'image' || row.text === '') return undefined;
  return { messageId, name: row.name, text: row.text };
}

/** Everything searchable in one text: how a chat is indexed. */
export function indexedTextOf(chat: ChatTexts): string {
  const texts = chat.messages.map((message) => message.content);
  for (const files of chat.files.values()) for (const file of files) texts.push(file.text);
  return texts.join('\n');
}

const chatRange = (chatId: string) => IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity]);

/** Chats' messages and file texts, read in one transaction. */
export async function readChatTexts(db: ParleyDatabase, chatIds: readonly string[]): Promise<ChatTexts[]> {
  const tx = db.transaction(['messages', 'attachments']);
  const byChat = tx.objectStore('messages').index('chatId_createdAt');
  const rows = tx.objectStore('attachments');
  return Promise.all(
    chatIds.map(async (chatId) => {
      const messages = await byChat.getAll(chatRange(chatId));
      const files = new Map<string, FileText[]>();
      await Promise.all(
        messages.map(async (message) => {
          const ids = textFileIds(message);
          if (ids.length === 0) return;
          const found = (await Promise.all(ids.map((id) => rows.get(id)))).map((row) => fileTextOf(row, message.id));
          const texts = found.filter((file): file is FileText => file !== undefined);
          if (texts.length > 0) files.set(message.id, texts);
        }),
      );
      return { messages, files };
    }),
  );
}

/** Rows read per transaction while building: a text file can be a megabyte, so fewer than messages. */
const FILE_BATCH_SIZE = 200;

/** The texts of these files (by id, each under its message), read in batches; missing rows are skipped. */
export async function readFileTexts(db: ParleyDatabase, files: ReadonlyArray<readonly [fileId: string, messageId: string]>): Promise<FileText[]> {
  const texts: FileText[] = [];
  for (let at = 0; at < files.length; at += FILE_BATCH_SIZE) {
    const batch = files.slice(at, at + FILE_BATCH_SIZE);
    const store = db.transaction('attachments').store;
    const rows = await Promise.all(batch.map(([id]) => store.get(id)));
    rows.forEach((row, i) => {
      const text = fileTextOf(row, batch[i]![1]);
      if (text) texts.push(text);
    });
  }
  return texts;
}
