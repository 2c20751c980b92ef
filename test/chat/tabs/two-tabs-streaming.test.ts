// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replyingMessageId, type BroadcastLike, type ChatStore, type LockManagerLike } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createMemoryLocks } from '../../support/memory-locks';
import { createGate, createScriptedModel, textSteps, type Gate, type ScriptedModel } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf } from '../store-harness';

afterEach(() => {
  disposeStores();
});

/** Notices cross tabs within a few tens of milliseconds; far less than a second either way. */
const SOON = { timeout: 1000, interval: 10 };

let channelSeed = 0;

interface Tabs {
  a: ChatStore;
  b: ChatStore;
  model: ScriptedModel;
  gate: Gate;
  chatId: string;
  /** Opens another tab on the same storage, channel and locks. */
  open(options?: { broadcast?: BroadcastLike }): ChatStore;
}

/** Tab A streams the first reply of a chat, held open by a gate; tab B has the chat open too. */
async function streamingInA({ title }: { title?: () => Promise<string> } = {}): Promise<Tabs> {
  const shared = createMemoryPersistence();
  const locks: LockManagerLike = createMemoryLocks();
  const name = `parley-two-tabs-${channelSeed++}`;
  const gate = createGate();
  const model = createScriptedModel({
    replies: (_, call) => (call === 0 ? [...textSteps('Half '), { gate }, ...textSteps('and the rest')] : textSteps(`Reply ${call + 1}`)),
    title,
  });
  const open = (options: { broadcast?: BroadcastLike } = {}) =>
    makeStore({ persistence: shared, model, locks, broadcast: options.broadcast ?? new BroadcastChannel(name) }).store;
  const a = open();
  const b = open();
  await Promise.all([a.init(), b.init()]);
  const { chatId } = await a.createChat({ text: 'Hi' });
  await vi.waitFor(() => expect(chatOf(b, chatId)).toBeDefined(), SOON);
  await b.loadChat(chatId);
  a.takePendingReply(chatId);
  await vi.waitFor(() => expect(messagesOf(a, chatId)[1]?.content).toBe('Half '), SOON);
  return { a, b, model, gate, chatId, open };
}

describe('a reply streaming in one tab', () => {
  it('shows as streaming in the other tab, which learns when it ends', async () => {
    const { a, b, gate, chatId } = await streamingInA();
    const replyId = messagesOf(a, chatId)[1]!.id;
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(true), SOON);
    expect(replyingMessageId(b.getSnapshot(), chatId)).toBe(replyId);
    expect(b.getSnapshot().generating.size).toBe(0);

    gate.open();
    await idle(a);
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(false), SOON);
    await vi.waitFor(() => expect(messagesOf(b, chatId)[1]).toMatchObject({ content: 'Half and the rest', status: 'complete' }), SOON);
  });

  it('is stopped by Stop in the other tab, keeping what arrived', async () => {
    const { a, b, chatId } = await streamingInA();
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(true), SOON);
    b.stopChat(chatId);
    await vi.waitFor(() => expect(messagesOf(a, chatId)[1]).toMatchObject({ content: 'Half ', status: 'stopped' }), SOON);
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(false), SOON);
    await vi.waitFor(() => expect(messagesOf(b, chatId)[1]?.status).toBe('stopped'), SOON);
  });

  it('holds back a message sent in the other tab until it has finished (it would go out half-written)', async () => {
    const { a, b, model, gate, chatId } = await streamingInA();
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(true), SOON);
    expect(await b.sendMessage(chatId, 'Too early')).toBeUndefined();
    expect(model.calls).toHaveLength(1);
    expect(messagesOf(b, chatId).map((m) => m.content)).not.toContain('Too early');

    gate.open();
    await idle(a);
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(false), SOON);
    await vi.waitFor(() => expect(messagesOf(b, chatId)[1]?.status).toBe('complete'), SOON);
    expect(await b.sendMessage(chatId, 'Now')).toBeDefined();
    await idle(b);
    expect(model.calls[1]!.messages.map((m) => m.content)).toEqual(['Hi', 'Half and the rest', 'Now']);
  });

  it('shows as streaming in a tab opened while it streams', async () => {
    const { chatId, open } = await streamingInA();
    const c = open();
    await c.init();
    await vi.waitFor(() => expect(c.getSnapshot().replyingChats.has(chatId)).toBe(true), SOON);
  });

  it('stops showing as streaming once its tab is gone, even without a last word from it', async () => {
    const shared = createMemoryPersistence();
    const locks = createMemoryLocks();
    const name = `parley-two-tabs-${channelSeed++}`;
    const channel = new BroadcastChannel(name);
    // Tab A's "stream-ended" never arrives, as when a tab crashes mid-reply.
    const lossy: BroadcastLike = {
      postMessage: (message) => void ((message as { type?: string }).type !== 'stream-ended' && channel.postMessage(message)),
      addEventListener: (type, listener) => channel.addEventListener(type, listener),
      removeEventListener: (type, listener) => channel.removeEventListener(type, listener),
      close: () => channel.close(),
    };
    const gate = createGate();
    const model = createScriptedModel({ replies: [[...textSteps('Half '), { gate }]] });
    const a = makeStore({ persistence: shared, model, locks, broadcast: lossy }).store;
    const b = makeStore({ persistence: shared, locks, broadcast: new BroadcastChannel(name) }).store;
    await Promise.all([a.init(), b.init()]);
    const { chatId } = await a.createChat({ text: 'Hi' });
    a.takePendingReply(chatId);
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(true), SOON);
    a.stopChat(chatId);
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(false), SOON);
  });
});

describe('titles across tabs', () => {
  it('asks for a chat’s title once, though both tabs finish a reply while the title is on its way', async () => {
    const titleGate = createGate();
    const { a, b, model, gate, chatId } = await streamingInA({
      title: async () => {
        await titleGate.opened;
        return 'Greetings';
      },
    });
    gate.open();
    await idle(a);
    await vi.waitFor(() => expect(model.titleCalls).toHaveLength(1), SOON);
    await vi.waitFor(() => expect(b.getSnapshot().replyingChats.has(chatId)).toBe(false), SOON);
    await vi.waitFor(() => expect(messagesOf(b, chatId)[1]?.status).toBe('complete'), SOON);
    await b.sendMessage(chatId, 'More');
    await idle(b);
    // B's reply is complete, and B has had time to want a title, while A's request is still out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    titleGate.open();
    await vi.waitFor(() => expect(chatOf(b, chatId)?.title).toBe('Greetings'), SOON);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(model.titleCalls).toHaveLength(1);
  });
});
