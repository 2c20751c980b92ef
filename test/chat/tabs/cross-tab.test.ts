// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdbPersistence, openDatabase, type ChatPersistence } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createGate, createScriptedModel, textSteps } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf } from '../store-harness';

afterEach(() => {
  disposeStores();
});

/** SPEC: another tab shows a change within a second, without a reload. */
const WITHIN_A_SECOND = { timeout: 1000, interval: 10 };
/** Enough chats that one update per chat is told from one per batch. */
const BATCH_CHATS = 12;

/** Two tabs' storage: each tab its own connection to one database, or one shared memory store. */
const setups: [string, () => Promise<[ChatPersistence, ChatPersistence]>][] = [
  [
    'two IndexedDB connections',
    async () => {
      const factory = new IDBFactory();
      return [createIdbPersistence(await openDatabase(factory)), createIdbPersistence(await openDatabase(factory))];
    },
  ],
  [
    'one shared persistence',
    async () => {
      const shared = createMemoryPersistence();
      return [shared, shared];
    },
  ],
];

let channelSeed = 0;

describe.each(setups)('two tabs over %s', (_, storage) => {
  async function tabs() {
    const [pa, pb] = await storage();
    const name = `parley-test-${channelSeed++}`;
    const model = createScriptedModel({ replies: (_, call) => textSteps(`Reply ${call + 1}`) });
    const a = makeStore({ persistence: pa, model, broadcast: new BroadcastChannel(name) }).store;
    const b = makeStore({ persistence: pb, broadcast: new BroadcastChannel(name) }).store;
    await Promise.all([a.init(), b.init()]);
    return { a, b };
  }

  it('a new chat in one tab appears in the other', async () => {
    const { a, b } = await tabs();
    const { chatId } = await a.createChat({ text: 'Made in tab A' });
    await vi.waitFor(() => expect(chatOf(b, chatId)?.title).toBe('Made in tab A'), WITHIN_A_SECOND);
  });

  it('a rename, a pin and a delete in one tab show in the other', async () => {
    const { a, b } = await tabs();
    const { chatId } = await a.createChat({ text: 'Original' });
    await vi.waitFor(() => expect(chatOf(b, chatId)).toBeDefined(), WITHIN_A_SECOND);
    await b.renameChat(chatId, 'Renamed in B');
    await b.pinChat(chatId, true);
    await vi.waitFor(() => expect(chatOf(a, chatId)).toMatchObject({ title: 'Renamed in B', pinned: true }), WITHIN_A_SECOND);
    const undo = await a.deleteChat(chatId);
    await vi.waitFor(() => expect(chatOf(b, chatId)).toBeUndefined(), WITHIN_A_SECOND);
    expect(b.getSnapshot().missing.has(chatId)).toBe(true);
    await undo();
    await vi.waitFor(() => expect(chatOf(b, chatId)?.title).toBe('Renamed in B'), WITHIN_A_SECOND);
  });

  it('a reply streamed in one tab shows in the other tab that has the chat open', async () => {
    const { a, b } = await tabs();
    const { chatId } = await a.createChat({ text: 'Hi' });
    await vi.waitFor(() => expect(chatOf(b, chatId)).toBeDefined(), WITHIN_A_SECOND);
    expect(await b.loadChat(chatId)).toBe(true);
    a.takePendingReply(chatId);
    await idle(a);
    await vi.waitFor(
      () => expect(messagesOf(b, chatId).map((m) => [m.content, m.status])).toEqual([['Hi', 'complete'], ['Reply 1', 'complete']]),
      WITHIN_A_SECOND,
    );
    expect(chatOf(b, chatId)?.currentLeafId).toBe(messagesOf(a, chatId)[1]!.id);
  });

  it('chats written by another tab in a batch show with one update, not one per chat', async () => {
    const { a, b } = await tabs();
    const made: string[] = [];
    for (let i = 0; i < BATCH_CHATS; i++) made.push((await a.createChat({ text: `Chat ${i}` })).chatId);
    await vi.waitFor(() => expect(made.every((id) => chatOf(b, id))).toBe(true), WITHIN_A_SECOND);
    // As a large sync does: the rows rewritten behind the stores' backs, then announced together.
    for (const chatId of made) await a.renameChat(chatId, `Renamed ${chatId}`);
    let updates = 0;
    const stop = b.subscribe(() => (updates += 1));
    await vi.waitFor(() => expect(made.every((id) => chatOf(b, id)?.title === `Renamed ${id}`)).toBe(true), WITHIN_A_SECOND);
    stop();
    expect(updates).toBeLessThan(BATCH_CHATS);
    // Newest first, as the history lists them.
    const order = b.getSnapshot().chats.map((chat) => chat.id);
    expect(order.slice(0, BATCH_CHATS)).toEqual([...made].reverse());
  });
});

describe('a refresh that overlaps this tab’s own writes', () => {
  it('never takes back, even briefly, a message this tab just sent', async () => {
    const shared = createMemoryPersistence();
    const name = `parley-test-${channelSeed++}`;
    const gate = createGate();
    let holdNextRead = false;
    // Tab B's storage: the next read of messages is answered late, like a slow disk.
    const slow: ChatPersistence = {
      ...shared,
      async listMessages(id) {
        if (!holdNextRead) return shared.listMessages(id);
        holdNextRead = false;
        const messages = await shared.listMessages(id);
        await gate.opened;
        return messages;
      },
    };
    const a = makeStore({ persistence: shared, model: createScriptedModel({ replies: [textSteps('From A')] }), broadcast: new BroadcastChannel(name) }).store;
    const b = makeStore({ persistence: slow, model: createScriptedModel({ replies: [textSteps('To B')] }), broadcast: new BroadcastChannel(name) }).store;
    const { chatId } = await a.createChat({ text: 'Hi' });
    await vi.waitFor(() => expect(chatOf(b, chatId)).toBeDefined(), WITHIN_A_SECOND);
    await b.loadChat(chatId);

    holdNextRead = true;
    a.takePendingReply(chatId);
    await idle(a);
    await vi.waitFor(() => expect(holdNextRead).toBe(false), WITHIN_A_SECOND);
    await b.sendMessage(chatId, 'Sent in B');
    await idle(b);
    const seen: string[][] = [];
    b.subscribe(() => seen.push(messagesOf(b, chatId).map((m) => m.content)));
    gate.open();

    await vi.waitFor(() => expect(messagesOf(b, chatId).map((m) => m.content).sort()).toEqual(['From A', 'Hi', 'Sent in B', 'To B']), WITHIN_A_SECOND);
    expect(seen.every((contents) => contents.includes('Sent in B'))).toBe(true);
  });
});
