// @vitest-environment node
// The message queue (issue 24): order, sending as a reply ends well, Send now, a failed or stopped reply, a reload, two tabs.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdbPersistence, openDatabase, type ChatPersistence, type ChatStore, type LockManagerLike } from '../../../src/chat';
import { chatStoreQueueIo, createMessageQueue, queueSettingKey, type MessageQueue } from '../../../src/chat/queue';
import { createMemoryLocks } from '../../support/memory-locks';
import { createGate, createScriptedModel, textSteps, type Gate, type ScriptStep } from '../../support/scripted-model';
import { disposeStores, makeStore, messagesOf } from '../store-harness';

const SOON = { timeout: 1000, interval: 5 };
const queues: MessageQueue[] = [];
afterEach(() => {
  for (const queue of queues.splice(0)) queue.dispose();
  disposeStores();
});

let channelSeed = 0;

interface Setup {
  persistence: ChatPersistence;
  locks: LockManagerLike;
  /** The first reply is held by this gate; the n-th reply after it by gates[n]. */
  gates: Gate[];
  calls: () => string[];
  channelName: string;
}

/** A model whose every reply is held by a gate of its own, or fails when `fails(call)` says so. */
async function setup({ fails = () => false }: { fails?: (call: number) => boolean } = {}): Promise<Setup & { model: ReturnType<typeof createScriptedModel> }> {
  const gates = Array.from({ length: 8 }, () => createGate());
  const model = createScriptedModel({
    replies: (_, call): ScriptStep[] =>
      fails(call) ? [...textSteps('Partial'), { gate: gates[call]! }, { error: new Error('Server exploded') }] : [...textSteps(`Reply ${call + 1} `), { gate: gates[call]! }, ...textSteps('done')],
  });
  const persistence = createIdbPersistence(await openDatabase(new IDBFactory()));
  const lastUser = (messages: readonly { role: string; content: unknown }[]) => String(messages.findLast((m) => m.role === 'user')?.content);
  return { persistence, locks: createMemoryLocks(), gates, model, calls: () => model.calls.map((c) => lastUser(c.messages)), channelName: `parley-queue-test-${channelSeed++}` };
}

function tab(s: Setup & { model: ReturnType<typeof createScriptedModel> }): { store: ChatStore; queue: MessageQueue } {
  const { store } = makeStore({ persistence: s.persistence, model: s.model, locks: s.locks, broadcast: new BroadcastChannel(`${s.channelName}-chats`) });
  const queue = createMessageQueue({ chats: store, io: chatStoreQueueIo(store), locks: s.locks, channel: new BroadcastChannel(s.channelName) });
  queues.push(queue);
  return { store, queue };
}

/** A chat whose first reply streams (held by gates[0]). */
async function streaming(store: ChatStore, arrived = 'Reply 1 '): Promise<string> {
  await store.init();
  const { chatId } = await store.createChat({ text: 'First' });
  store.takePendingReply(chatId);
  await vi.waitFor(() => expect(messagesOf(store, chatId)[1]?.content).toBe(arrived), SOON);
  return chatId;
}

const texts = (queue: MessageQueue, chatId: string) => queue.get(chatId).items.map((item) => `${item.text}:${item.state}`);

/** Tab A streams a reply with 'Once' queued behind it; tab B has the chat open and shows it paused (it was queued elsewhere). */
async function twoTabsWithOneQueued() {
  const s = await setup();
  const a = tab(s);
  const b = tab(s);
  const chatId = await streaming(a.store);
  await b.store.init();
  await b.store.loadChat(chatId);
  await b.queue.load(chatId);
  await a.queue.enqueue(chatId, 'Once');
  await vi.waitFor(() => expect(texts(b.queue, chatId)).toEqual(['Once:paused']), SOON);
  return { s, a, b, chatId };
}

describe('the message queue', () => {
  it('sends queued messages in order, each when the reply before it ends well', async () => {
    const s = await setup();
    const { store, queue } = tab(s);
    const chatId = await streaming(store);
    expect(await queue.enqueue(chatId, ' Second ')).toBe(true);
    expect(await queue.enqueue(chatId, 'Third')).toBe(true);
    expect(texts(queue, chatId)).toEqual(['Second:queued', 'Third:queued']);
    expect(s.calls()).toEqual(['First']);

    s.gates[0]!.open();
    await vi.waitFor(() => expect(s.calls()).toEqual(['First', 'Second']), SOON);
    // Third waits for Second's reply.
    expect(texts(queue, chatId)).toEqual(['Third:queued']);
    s.gates[1]!.open();
    await vi.waitFor(() => expect(s.calls()).toEqual(['First', 'Second', 'Third']), SOON);
    await vi.waitFor(() => expect(queue.get(chatId).items).toEqual([]), SOON);
    s.gates[2]!.open();
    await vi.waitFor(() => expect(messagesOf(store, chatId).map((m) => m.content)).toEqual(['First', 'Reply 1 done', 'Second', 'Reply 2 done', 'Third', 'Reply 3 done']), SOON);
    expect(await store.getSetting(queueSettingKey(chatId))).toBeNull();
  });

  it('sends an edited text, and never a removed one', async () => {
    const s = await setup();
    const { store, queue } = tab(s);
    const chatId = await streaming(store);
    await queue.enqueue(chatId, 'Typo');
    await queue.enqueue(chatId, 'Never mind');
    const [first, second] = queue.get(chatId).items;
    await queue.edit(chatId, first!.id, 'Fixed');
    await queue.remove(chatId, second!.id);
    s.gates[0]!.open();
    await vi.waitFor(() => expect(s.calls()).toEqual(['First', 'Fixed']), SOON);
    s.gates[1]!.open();
    await vi.waitFor(() => expect(messagesOf(store, chatId).at(-1)?.status).toBe('complete'), SOON);
    expect(s.calls()).toEqual(['First', 'Fixed']);
  });

  it('Send now stops the reply, keeping what arrived, and sends at once; the rest wait for its reply', async () => {
    const s = await setup();
    const { store, queue } = tab(s);
    const chatId = await streaming(store);
    await queue.enqueue(chatId, 'Later');
    await queue.enqueue(chatId, 'Urgent');
    const urgent = queue.get(chatId).items[1]!;
    expect(await queue.sendNow(chatId, urgent.id)).toBe(true);
    expect(messagesOf(store, chatId)[1]).toMatchObject({ content: 'Reply 1 ', status: 'stopped' });
    expect(s.calls()).toEqual(['First', 'Urgent']);
    expect(texts(queue, chatId)).toEqual(['Later:queued']);
    s.gates[1]!.open();
    await vi.waitFor(() => expect(s.calls()).toEqual(['First', 'Urgent', 'Later']), SOON);
  });

  it('waits for the user after a reply that failed: nothing is sent into it', async () => {
    const s = await setup({ fails: (call) => call === 0 });
    const { store, queue } = tab(s);
    const chatId = await streaming(store, 'Partial');
    await queue.enqueue(chatId, 'Next');
    s.gates[0]!.open();
    await vi.waitFor(() => expect(queue.get(chatId).halted).toBe('error'), SOON);
    expect(texts(queue, chatId)).toEqual(['Next:paused']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.calls()).toEqual(['First']);
    // The user says Send.
    expect(await queue.sendNow(chatId, queue.get(chatId).items[0]!.id)).toBe(true);
    expect(s.calls()).toEqual(['First', 'Next']);
    expect(queue.get(chatId).halted).toBeUndefined();
  });

  it('waits for the user after a Stop', async () => {
    const s = await setup();
    const { store, queue } = tab(s);
    const chatId = await streaming(store);
    await queue.enqueue(chatId, 'Next');
    store.stopChat(chatId);
    await vi.waitFor(() => expect(queue.get(chatId).halted).toBe('stopped'), SOON);
    expect(texts(queue, chatId)).toEqual(['Next:paused']);
    expect(s.calls()).toEqual(['First']);
  });

  it('comes back paused after a reload, and is sent only when the user says so', async () => {
    const s = await setup();
    const first = tab(s);
    const chatId = await streaming(first.store);
    await first.queue.enqueue(chatId, 'Kept');
    // The tab closes mid-reply; a new one opens on the same storage.
    first.queue.dispose();
    first.store.dispose();
    const again = tab(s);
    await again.store.init();
    await again.store.loadChat(chatId);
    await again.queue.load(chatId);
    expect(texts(again.queue, chatId)).toEqual(['Kept:paused']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.calls()).toEqual(['First']);
    expect(await again.queue.sendNow(chatId, again.queue.get(chatId).items[0]!.id)).toBe(true);
    expect(s.calls()).toEqual(['First', 'Kept']);
  });

  it('is sent once when two tabs press Send on it at the same moment', async () => {
    const { s, a, b, chatId } = await twoTabsWithOneQueued();
    // A's reply is stopped, so A's copy waits for the user too.
    a.store.stopChat(chatId);
    await vi.waitFor(() => expect(texts(a.queue, chatId)).toEqual(['Once:paused']), SOON);
    await vi.waitFor(() => expect(b.store.getSnapshot().replyingChats.has(chatId)).toBe(false), SOON);
    const id = a.queue.get(chatId).items[0]!.id;
    const sent = await Promise.all([a.queue.sendNow(chatId, id), b.queue.sendNow(chatId, id)]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    await vi.waitFor(() => expect(b.queue.get(chatId).items).toEqual([]), SOON);
    expect(a.queue.get(chatId).items).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.calls().filter((text) => text === 'Once')).toHaveLength(1);
  });

  it('is sent once when one tab sends it as the reply ends and the other presses Send', async () => {
    const { s, a, b, chatId } = await twoTabsWithOneQueued();
    const id = a.queue.get(chatId).items[0]!.id;
    s.gates[0]!.open();
    await vi.waitFor(() => expect(s.calls()).toEqual(['First', 'Once']), SOON);
    // B still showed it (its notice may not have landed): its Send finds it taken and sends nothing.
    expect(await b.queue.sendNow(chatId, id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.calls()).toEqual(['First', 'Once']);
    expect(b.queue.get(chatId).items).toEqual([]);
    // Nor did it stop the reply that message got.
    expect(messagesOf(a.store, chatId)[3]?.status).toBe('streaming');
  });
});
