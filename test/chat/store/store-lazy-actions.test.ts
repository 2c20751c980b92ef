// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROADCAST_CHANNEL_NAME, type BroadcastLike } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { chat, message } from '../fixtures';
import { disposeStores, makeStore, messagesOf } from '../store-harness';

/**
 * The store's actions load on first use (chat-store.ts): a tab that has only read so far must
 * behave exactly as one whose actions were there from the start.
 */

afterEach(() => {
  disposeStores();
});

/** A channel whose messages from "another tab" the test delivers by hand; what this tab posts is kept. */
function handChannel() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: unknown[] = [];
  const channel: BroadcastLike = {
    postMessage: (data) => void posted.push(data),
    addEventListener: (_, listener) => void listeners.add(listener),
    removeEventListener: (_, listener) => void listeners.delete(listener),
    close: () => listeners.clear(),
  };
  const deliver = (notice: Record<string, string>) => {
    for (const listener of listeners) listener({ data: { ...notice, app: BROADCAST_CHANNEL_NAME, from: 'other-tab' } } as MessageEvent);
  };
  return { channel, posted, deliver };
}

describe('a tab that has not used any action yet', () => {
  it('shows a reply another tab starts streaming', async () => {
    const { channel, deliver } = handChannel();
    const { store } = makeStore({ broadcast: channel });
    await store.init();
    deliver({ type: 'stream-started', chatId: 'c1', messageId: 'm1' });
    await vi.waitFor(() => expect(store.getSnapshot().replyingChats.has('c1')).toBe(true));
  });

  it('keeps the notices that come while its actions load, in order: a reply that started and ended is not shown as streaming', async () => {
    const { channel, deliver } = handChannel();
    const { store } = makeStore({ broadcast: channel });
    await store.init();
    deliver({ type: 'stream-started', chatId: 'c1', messageId: 'm1' });
    deliver({ type: 'stream-ended', chatId: 'c1', messageId: 'm1' });
    deliver({ type: 'stream-started', chatId: 'c2', messageId: 'm2' });
    await vi.waitFor(() => expect(store.getSnapshot().replyingChats.has('c2')).toBe(true));
    expect([...store.getSnapshot().replyingChats]).toEqual(['c2']);
  });

  it('has nothing to stop, continue or regenerate, and says so without asking other tabs', async () => {
    const { channel, posted } = handChannel();
    const { store } = makeStore({ broadcast: channel });
    await store.init();
    const before = posted.length;
    store.stop('m1');
    store.stopChat('c1');
    expect(store.continueReply('m1')).toBe(false);
    expect(store.regenerate('m1')).toBeUndefined();
    expect(store.takePendingReply('c1')).toBe(false);
    expect(posted.length).toBe(before);
  });
});

describe('a chat loaded by a fresh tab', () => {
  it('can be acted on as soon as it is shown: Continue works at once', async () => {
    const p = createMemoryPersistence();
    await p.createChat(chat('c1', 1, { currentLeafId: 'a1' }), [message('u1', null, 1, { role: 'user' }), message('a1', 'u1', 2, { content: 'Half', status: 'stopped' })]);
    const model = createScriptedModel({ replies: [textSteps(' and the rest')] });
    const { store } = makeStore({ persistence: p, model });
    expect(await store.loadChat('c1')).toBe(true);
    expect(messagesOf(store, 'c1')).toHaveLength(2);
    expect(store.continueReply('a1')).toBe(true);
    await vi.waitFor(() => expect(messagesOf(store, 'c1')[1]).toMatchObject({ content: 'Half and the rest', status: 'complete' }));
  });

  it('renames, and the rename is stored, when the rename is its first action', async () => {
    const p = createMemoryPersistence();
    await p.createChat(chat('c1', 1), [message('u1', null, 1, { role: 'user' })]);
    const { store } = makeStore({ persistence: p });
    await store.init();
    await store.renameChat('c1', '  Trip   to Lisbon ');
    expect(store.getSnapshot().chats[0]?.title).toBe('Trip to Lisbon');
    expect((await p.getChat('c1'))?.title).toBe('Trip to Lisbon');
  });
});
