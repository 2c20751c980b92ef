// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { unwrap } from 'idb';
import { createIdbPersistence } from '../../../src/chat';
import { openParleyDb } from '../../../src/chat/persistence/db-wrapped';
import { findMessages } from '../../../src/chat/search-index/find-messages';
import { readChatTexts } from '../../../src/chat/search-index/chat-texts';
import { openIndexKeeper, SEARCH_INDEX_KEY } from '../../../src/chat/search-index/index-keeper';
import { chat, message } from '../fixtures';

const fail = (error: unknown) => {
  throw error;
};
const ids = (found: { chatId: string }[]) => found.map((hit) => hit.chatId);

async function seeded() {
  const db = await openParleyDb(new IDBFactory());
  const persistence = createIdbPersistence(unwrap(db));
  await persistence.createChat(chat('a', 1), [message('a1', null, 1, { chatId: 'a', content: 'We met at the Café de Flore' })]);
  await persistence.createChat(chat('b', 2), [message('b1', null, 2, { chatId: 'b', content: 'throughput first' })]);
  return { db, persistence };
}

describe('the index keeper', () => {
  it('builds the index from storage, stores it, and follows a change once flushed', async () => {
    const { db, persistence } = await seeded();
    const keeper = await openIndexKeeper(db, fail);
    expect(ids(keeper.index.query('cafe'))).toEqual(['a']);
    expect(await db.count('searchIndex')).toBe(1);

    await persistence.putMessage(message('b2', 'b1', 5, { chatId: 'b', content: 'xylophonique' }));
    keeper.changed('b');
    await keeper.flush();
    expect(ids(keeper.index.query('xylo'))).toEqual(['b']);
    await persistence.deleteChat('a');
    keeper.changed('a');
    await keeper.flush();
    expect(ids(keeper.index.query('cafe'))).toEqual([]);
    keeper.dispose();
  });

  it('loads the stored index on the next visit and catches up with what changed meanwhile', async () => {
    const { db, persistence } = await seeded();
    (await openIndexKeeper(db, fail)).dispose();
    // Changed while no keeper was running: a new chat, a deleted one, a chat with a new message.
    await persistence.createChat(chat('c', 3), [message('c1', null, 3, { chatId: 'c', content: 'café again' })]);
    await persistence.deleteChat('b');
    await persistence.putMessage(message('a2', 'a1', 9, { chatId: 'a', content: 'zanzibar' }), { updatedAt: 9, currentLeafId: 'a2' });
    const stored = await db.get('searchIndex', SEARCH_INDEX_KEY);
    expect(stored?.chats.map(([, indexed]) => indexed.chatId).sort()).toEqual(['a', 'b']);
    const keeper = await openIndexKeeper(db, fail);
    expect(ids(keeper.index.query('cafe'))).toEqual(['a', 'c']);
    expect(ids(keeper.index.query('throughput'))).toEqual([]);
    expect(ids(keeper.index.query('zanz'))).toEqual(['a']);
    keeper.dispose();
  });

  it('finds the newest matching message of each chat, with a short snippet even in a 5 MB message', async () => {
    const { db, persistence } = await seeded();
    const huge = `${'lorem ipsum '.repeat(400_000)}needle ${'dolor '.repeat(100_000)}`;
    await persistence.putMessage(message('b2', 'b1', 7, { chatId: 'b', content: huge }));
    const keeper = await openIndexKeeper(db, fail);
    const hits: { chatId: string; messageId: string; snippet: { before: string; match: string; after: string } }[] = [];
    await findMessages('needle', keeper.index.query('needle'), {
      limit: 50,
      skipChatIds: new Set(),
      cancelled: () => false,
      readChats: (chatIds) => readChatTexts(db, chatIds),
      onHits: (found) => hits.push(...found),
    });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.messageId).toBe('b2');
    expect(hits[0]!.snippet.match).toBe('needle');
    expect(JSON.stringify(hits[0]!.snippet).length).toBeLessThan(200);
    keeper.dispose();
  });
});
