// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { unwrap } from 'idb';
import { createIdbPersistence, type Message } from '../../../src/chat';
import { openParleyDb } from '../../../src/chat/persistence/db-wrapped';
import { attachmentRef } from '../../../src/chat/attachments/types';
import type { StoredAttachment } from '../../../src/chat/persistence/attachment-rows';
import type { MessageHit } from '../../../src/chat/persistence/persistence';
import { INDEX_FORMAT } from '../../../src/chat/search-index/chat-index';
import { readChatTexts } from '../../../src/chat/search-index/chat-texts';
import { findMessages } from '../../../src/chat/search-index/find-messages';
import { openIndexKeeper, SEARCH_INDEX_KEY } from '../../../src/chat/search-index/index-keeper';
import { chat, message } from '../fixtures';

/** Search finds the text of attached files (a text file's content, a PDF's text) under the message that carries them. */

const fail = (error: unknown) => {
  throw error;
};
const ids = (found: { chatId: string }[]) => found.map((hit) => hit.chatId);

const textFile = (id: string, name: string, text: string, owner: { chatId: string; messageId: string }): StoredAttachment => ({
  id,
  kind: 'text',
  name,
  mimeType: 'text/plain',
  size: text.length,
  text,
  createdAt: 1,
  ...owner,
});
const pdf = (id: string, name: string, text: string, owner: { chatId: string; messageId: string }): StoredAttachment => ({
  id,
  kind: 'pdf',
  name,
  mimeType: 'application/pdf',
  size: text.length,
  text,
  pageCount: 1,
  hasTextLayer: true,
  createdAt: 1,
  ...owner,
});
const picture = (id: string, owner: { chatId: string; messageId: string }): StoredAttachment => ({
  id,
  kind: 'image',
  name: `${id}.jpg`,
  mimeType: 'image/jpeg',
  size: 3,
  width: 2,
  height: 1,
  blob: new Blob(['abc']),
  createdAt: 1,
  ...owner,
});

const carrying = (base: Message, rows: StoredAttachment[]): Message => ({ ...base, attachments: rows.map(attachmentRef) });

/** Chat a: a plain chat. Chat b: its second user message carries notes.txt, a report PDF and a picture. */
async function seeded() {
  const db = await openParleyDb(new IDBFactory());
  const persistence = createIdbPersistence(unwrap(db));
  await persistence.createChat(chat('a', 1), [message('a1', null, 1, { chatId: 'a', content: 'Nothing attached here' })]);
  await persistence.createChat(chat('b', 2), [
    message('b1', null, 2, { chatId: 'b', content: 'hello' }),
    message('b2', 'b1', 3, { chatId: 'b', content: 'hi' }),
  ]);
  const owner = { chatId: 'b', messageId: 'b3' };
  const rows = [
    textFile('f1', 'notes.txt', 'Shopping list:\nquinoa, saffron and Ærø cheese', owner),
    pdf('f2', 'report.pdf', 'Quarterly zeppelin revenue rose sharply', owner),
    picture('f3', owner),
  ];
  await persistence.putMessageWithAttachments(carrying(message('b3', 'b2', 4, { chatId: 'b', role: 'user', content: 'Summarise these' }), rows), rows, {
    patch: { updatedAt: 4, currentLeafId: 'b3' },
  });
  return { db, persistence };
}

async function find(db: Awaited<ReturnType<typeof seeded>>['db'], query: string, index: { query(q: string): { chatId: string; updatedAt: number; leafId: string | undefined }[] }) {
  const hits: MessageHit[] = [];
  await findMessages(query, index.query(query), {
    limit: 50,
    skipChatIds: new Set(),
    cancelled: () => false,
    readChats: (chatIds) => readChatTexts(db, chatIds),
    onHits: (found) => hits.push(...found),
  });
  return hits;
}

describe('search in attached files', () => {
  it('finds a word that is only in a text file or a PDF, at the message carrying it, with the file name and the matched text', async () => {
    const { db } = await seeded();
    const keeper = await openIndexKeeper(db, fail);
    expect(ids(keeper.index.query('quino'))).toEqual(['b']);
    expect(ids(keeper.index.query('ÆRØ'))).toEqual(['b']);
    expect(await find(db, 'saffron', keeper.index)).toEqual([
      { chatId: 'b', messageId: 'b3', fileName: 'notes.txt', snippet: { before: 'Shopping list: quinoa, ', match: 'saffron', after: ' and Ærø cheese' } },
    ]);
    const [inPdf] = await find(db, 'zeppelin revenue', keeper.index);
    expect(inPdf).toMatchObject({ chatId: 'b', messageId: 'b3', fileName: 'report.pdf', snippet: { match: 'zeppelin revenue' } });
    keeper.dispose();
  });

  it('prefers the message’s own text, and says no file name then', async () => {
    const { db } = await seeded();
    const keeper = await openIndexKeeper(db, fail);
    const [hit] = await find(db, 'summarise', keeper.index);
    expect(hit).toEqual({ chatId: 'b', messageId: 'b3', snippet: { before: '', match: 'Summarise', after: ' these' } });
    keeper.dispose();
  });

  it('never reads a picture’s row', async () => {
    const { db } = await seeded();
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    const keeper = await openIndexKeeper(db, fail);
    await find(db, 'saffron', keeper.index);
    const asked = get.mock.calls.map(([key]) => key);
    get.mockRestore();
    expect(asked).toContain('f1');
    expect(asked).not.toContain('f3');
    keeper.dispose();
  });

  it('follows a chat whose message with files is sent or deleted', async () => {
    const { db, persistence } = await seeded();
    const keeper = await openIndexKeeper(db, fail);
    const owner = { chatId: 'a', messageId: 'a2' };
    const rows = [textFile('g1', 'todo.md', 'call the plumber', owner)];
    await persistence.putMessageWithAttachments(carrying(message('a2', 'a1', 5, { chatId: 'a', content: '' }), rows), rows, { patch: { updatedAt: 5, currentLeafId: 'a2' } });
    keeper.changed('a');
    await keeper.flush();
    expect(ids(keeper.index.query('plumb'))).toEqual(['a']);
    await persistence.deleteMessages('b', ['b3'], { currentLeafId: 'b2' });
    keeper.changed('b');
    await keeper.flush();
    expect(ids(keeper.index.query('saffron'))).toEqual([]);
    keeper.dispose();
  });

  it('catches up on the next visit, and rebuilds an index stored in the older format with the files’ text', async () => {
    const { db } = await seeded();
    (await openIndexKeeper(db, fail)).dispose();
    const stored = (await db.get('searchIndex', SEARCH_INDEX_KEY))!;
    expect(stored.format).toBe(INDEX_FORMAT);
    // An index from before files were indexed: it knows chat b as it is now, but not its files.
    const old = { ...stored, format: (INDEX_FORMAT - 1) as typeof INDEX_FORMAT, parts: [] };
    await db.put('searchIndex', old, SEARCH_INDEX_KEY);
    const keeper = await openIndexKeeper(db, fail);
    expect(ids(keeper.index.query('saffron'))).toEqual(['b']);
    expect((await db.get('searchIndex', SEARCH_INDEX_KEY))!.format).toBe(INDEX_FORMAT);
    keeper.dispose();
  });
});
