// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  createIdbPersistence,
  openDatabase, StorageError,
  type ChatPersistence,
  type Message,
} from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { SEARCH_BATCH_SIZE } from '../../../src/chat/search/search-scan';
import { chat, message } from '../fixtures';

/** Both implementations must behave the same: one suite runs against each. */
const implementations: [string, () => Promise<ChatPersistence>][] = [
  ['IndexedDB', async () => createIdbPersistence(await openDatabase(new IDBFactory()))],
  ['memory', async () => createMemoryPersistence()],
];

const inChat = (chatId: string, m: Message): Message => ({ ...m, chatId });

describe.each(implementations)('%s persistence', (_, open) => {
  describe('chats and messages', () => {
    it('lists chats newest first and reads one by id', async () => {
      const p = await open();
      await p.createChat(chat('a', 100), []);
      await p.createChat(chat('b', 300), []);
      await p.createChat(chat('c', 200), []);
      expect((await p.listChats()).map((c) => c.id)).toEqual(['b', 'c', 'a']);
      expect(await p.getChat('c')).toEqual(chat('c', 200));
      expect(await p.getChat('nope')).toBeUndefined();
    });

    it('lists a chat’s messages oldest first, and only that chat’s', async () => {
      const p = await open();
      await p.createChat(chat('c1', 1), [message('m3', 'm2', 30), message('m1', null, 10), message('m2', 'm1', 20)]);
      await p.createChat(chat('c2', 1), [inChat('c2', message('x1', null, 15))]);
      expect((await p.listMessages('c1')).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
      expect((await p.listMessages('c2')).map((m) => m.id)).toEqual(['x1']);
      expect(await p.listMessages('nope')).toEqual([]);
    });

    it('stores a new chat and its first message together or not at all', async () => {
      const p = await open();
      const broken = { ...message('m2', 'm1', 2), id: undefined } as unknown as Message;
      const failure = await p.createChat(chat('c1', 1), [message('m1', null, 1), broken]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StorageError);
      expect((failure as StorageError).kind).toBe('failed');
      expect(await p.getChat('c1')).toBeUndefined();
      expect(await p.listChats()).toEqual([]);
      expect(await p.listMessages('c1')).toEqual([]);
    });

    it('never replaces an existing chat when creating one', async () => {
      const p = await open();
      await p.createChat(chat('c1', 1, { title: 'Original' }), [message('m1', null, 1)]);
      await expect(p.createChat(chat('c1', 2, { title: 'Impostor' }), [])).rejects.toBeInstanceOf(StorageError);
      expect((await p.getChat('c1'))?.title).toBe('Original');
    });

    it('saves a message and the chat’s new leaf in one write', async () => {
      const p = await open();
      await p.createChat(chat('c1', 1), [message('m1', null, 1)]);
      expect(await p.putMessage(message('m2', 'm1', 2), { currentLeafId: 'm2', updatedAt: 50 })).toBe(true);
      expect(await p.getChat('c1')).toMatchObject({ currentLeafId: 'm2', updatedAt: 50, title: 'Chat c1' });
      expect((await p.listMessages('c1')).map((m) => m.id)).toEqual(['m1', 'm2']);
    });

    it('refuses a message for a chat that is gone, leaving no orphan', async () => {
      const p = await open();
      expect(await p.putMessage(inChat('gone', message('m1', null, 1)), { updatedAt: 5 })).toBe(false);
      expect(await p.listMessages('gone')).toEqual([]);
      expect(await p.getChat('gone')).toBeUndefined();
    });

    it('applies synced rows in one write: new and changed ones written, equal ones skipped, orphans handed back', async () => {
      const p = await open();
      await p.createChat(chat('c1', 1, { title: 'Kept' }), [message('m1', null, 1)]);
      await p.createChat(chat('c2', 1), []);
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      const result = await p.applySyncedRows({
        chats: [chat('c1', 1, { title: 'Kept' }), chat('c3', 3, { title: 'New' })],
        messages: [message('m1', null, 1), inChat('c3', message('n1', null, 3)), inChat('c2', message('k1', null, 4)), inChat('later', message('o1', null, 5))],
        same,
      });
      expect(result.changed.sort()).toEqual(['c2', 'c3']);
      expect(result.orphans.map((row) => row.id)).toEqual(['o1']);
      expect((await p.getChat('c3'))?.title).toBe('New');
      expect((await p.listMessages('c3')).map((m) => m.id)).toEqual(['n1']);
      expect((await p.listMessages('c2')).map((m) => m.id)).toEqual(['k1']);
      expect(await p.listMessages('later')).toEqual([]);
      const renamed = await p.applySyncedRows({ chats: [chat('c1', 9, { title: 'Renamed' })], messages: [], same });
      expect(renamed.changed).toEqual(['c1']);
      expect((await p.getChat('c1'))?.title).toBe('Renamed');
    });

    it('patches a chat, keeping the fields it doesn’t name', async () => {
      const p = await open();
      await p.createChat(chat('c1', 1, { model: 'llama' }), []);
      expect(await p.patchChat('c1', { pinned: true })).toMatchObject({ pinned: true, model: 'llama' });
      expect(await p.getChat('c1')).toMatchObject({ pinned: true, model: 'llama' });
      expect(await p.patchChat('nope', { pinned: true })).toBeUndefined();
      expect(await p.getChat('nope')).toBeUndefined();
    });

    it('returns copies: changing a row read back changes nothing stored', async () => {
      const p = await open();
      const original = chat('c1', 1);
      await p.putChat(original);
      original.title = 'changed after put';
      const read = (await p.getChat('c1'))!;
      read.title = 'changed after get';
      expect((await p.getChat('c1'))?.title).toBe('Chat c1');
    });

    it('deletes messages and moves the leaf in one write', async () => {
      const p = await open();
      await p.createChat(chat('c1', 1, { currentLeafId: 'm3' }), [message('m1', null, 1), message('m2', 'm1', 2), message('m3', 'm2', 3)]);
      await p.deleteMessages('c1', ['m2', 'm3'], { currentLeafId: 'm1' });
      expect((await p.listMessages('c1')).map((m) => m.id)).toEqual(['m1']);
      expect((await p.getChat('c1'))?.currentLeafId).toBe('m1');
    });
  });

  describe('delete and restore', () => {
    it('deletes a chat with its messages and draft, and restores all of it', async () => {
      const p = await open();
      const rows = [message('m1', null, 1), message('m2', 'm1', 2, { usage: { totalTokens: 9 } })];
      await p.createChat(chat('c1', 10, { pinned: true }), rows);
      await p.createChat(chat('c2', 20), [inChat('c2', message('x1', null, 1))]);
      await p.putDraft({ key: 'c1', text: 'half-typed', updatedAt: 3 });

      const deleted = await p.deleteChat('c1');
      expect(deleted).toEqual({ chat: chat('c1', 10, { pinned: true }), messages: rows, draft: { key: 'c1', text: 'half-typed', updatedAt: 3 }, attachments: [] });
      expect(await p.getChat('c1')).toBeUndefined();
      expect(await p.listMessages('c1')).toEqual([]);
      expect(await p.getDraft('c1')).toBeUndefined();
      expect((await p.listChats()).map((c) => c.id)).toEqual(['c2']);

      await p.restoreChat(deleted!.chat, deleted!.messages, deleted!.draft);
      expect(await p.getChat('c1')).toEqual(chat('c1', 10, { pinned: true }));
      expect(await p.listMessages('c1')).toEqual(rows);
      expect((await p.getDraft('c1'))?.text).toBe('half-typed');
      expect(await p.listMessages('c2')).toHaveLength(1);
    });

    it('deleting an unknown chat removes nothing and says so', async () => {
      const p = await open();
      await p.createChat(chat('c1', 1), [message('m1', null, 1)]);
      expect(await p.deleteChat('nope')).toBeUndefined();
      expect(await p.listMessages('c1')).toHaveLength(1);
    });
  });

  describe('drafts and settings', () => {
    it('keeps, replaces and deletes drafts per key', async () => {
      const p = await open();
      await p.putDraft({ key: 'home', text: 'one', updatedAt: 1 });
      await p.putDraft({ key: 'c1', text: 'two', updatedAt: 2 });
      await p.putDraft({ key: 'home', text: 'three', updatedAt: 3 });
      expect(await p.getDraft('home')).toEqual({ key: 'home', text: 'three', updatedAt: 3 });
      await p.deleteDraft('home');
      expect(await p.getDraft('home')).toBeUndefined();
      expect((await p.getDraft('c1'))?.text).toBe('two');
    });

    it('keeps settings of any shape', async () => {
      const p = await open();
      await p.putSetting('endpoint', { url: 'http://localhost:11434', models: ['a', 'b'] });
      await p.putSetting('theme', 'dark');
      expect(await p.getSetting('endpoint')).toEqual({ url: 'http://localhost:11434', models: ['a', 'b'] });
      expect(await p.getSetting('theme')).toBe('dark');
      expect(await p.getSetting('nope')).toBeUndefined();
    });
  });

  // Seeding thousands of rows into fake-indexeddb takes seconds on a busy 2-core machine.
  describe('searchMessages', { timeout: 30_000 }, () => {
    const CHATS = 30;
    const PER_CHAT = 200;
    /** Message i belongs to chat i % 30; ids sort like creation order. Chat k's one "needle" is near message k * 200. */
    const needleIndex = (c: number) => c + CHATS * Math.floor((c * PER_CHAT) / CHATS);
    let seeding: Promise<ChatPersistence> | undefined;
    /** Seeded once for the searches below, which only read. */
    const seeded = () => (seeding ??= seed());
    async function seed(): Promise<ChatPersistence> {
      const p = await open();
      for (let c = 0; c < CHATS; c++) {
        const id = `c${String(c).padStart(2, '0')}`;
        const rows: Message[] = [];
        for (let i = c; i < CHATS * PER_CHAT; i += CHATS) {
          const content = i === needleIndex(c) ? `a Néedle for ${id}` : 'hay';
          rows.push({ ...message(`m${String(i).padStart(5, '0')}`, null, i, { chatId: id }), content });
        }
        await p.createChat(chat(id, c), rows);
      }
      return p;
    }
    /** The needle messages, newest first: the order search must report them in. */
    const needles = Array.from({ length: CHATS }, (_, c) => ({ chatId: `c${String(c).padStart(2, '0')}`, index: needleIndex(c) })).reverse();

    it('finds one message per chat, newest first, with a snippet, across batches', async () => {
      expect(CHATS * PER_CHAT).toBeGreaterThan(2 * SEARCH_BATCH_SIZE);
      const p = await seeded();
      const batches: string[][] = [];
      const hits = await p.searchMessages('needle', { onBatch: (found) => batches.push(found.map((h) => h.chatId)) });
      expect(hits.map((h) => h.chatId)).toEqual(needles.map((n) => n.chatId));
      expect(hits[0]).toEqual({
        chatId: needles[0]!.chatId,
        messageId: `m${String(needles[0]!.index).padStart(5, '0')}`,
        snippet: { before: 'a ', match: 'Néedle', after: ` for ${needles[0]!.chatId}` },
      });
      // Results arrive progressively, a batch at a time.
      expect(batches.length).toBeGreaterThan(1);
      expect(batches.flat()).toEqual(hits.map((h) => h.chatId));
    });

    it('stops at the limit and skips chats already found', async () => {
      const p = await seeded();
      const skip = new Set([needles[0]!.chatId]);
      const hits = await p.searchMessages('NEEDLE', { limit: 5, skipChatIds: skip });
      expect(hits.map((h) => h.chatId)).toEqual(needles.slice(1, 6).map((n) => n.chatId));
    });

    it('stops when aborted, rejecting with the abort reason and reporting nothing more', async () => {
      const p = await seeded();
      const controller = new AbortController();
      let batches = 0;
      const search = p.searchMessages('needle', {
        signal: controller.signal,
        onBatch: () => {
          batches++;
          controller.abort();
        },
      });
      await expect(search).rejects.toMatchObject({ name: 'AbortError' });
      expect(batches).toBe(1);
    });

    it('rejects at once when already aborted, and finds nothing for an empty query', async () => {
      const p = await seeded();
      await expect(p.searchMessages('needle', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
      expect(await p.searchMessages('   ')).toEqual([]);
    });
  });
});
