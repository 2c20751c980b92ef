// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createMemoryLocks } from '../../support/memory-locks';
import { createGate, createScriptedModel } from '../../support/scripted-model';
import { chat, message } from '../fixtures';
import { disposeStores, makeStore, messagesOf } from '../store-harness';

afterEach(() => {
  disposeStores();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('replies stored as streaming', () => {
  it('are left alone while another tab is still streaming them', async () => {
    const p = createMemoryPersistence();
    const locks = createMemoryLocks();
    const gate = createGate();
    const model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Live' } }, { gate }]] });
    const a = makeStore({ persistence: p, model, locks }).store;
    const { chatId } = await a.createChat({ text: 'Hi' });
    a.takePendingReply(chatId);
    await vi.waitFor(async () => expect((await p.listMessages(chatId))[1]?.status).toBe('streaming'));

    const b = makeStore({ persistence: p, locks }).store;
    expect(await b.loadChat(chatId)).toBe(true);
    await settle();
    expect(messagesOf(b, chatId)[1]?.status).toBe('streaming');
    expect((await p.listMessages(chatId))[1]?.status).toBe('streaming');
    gate.open();
  });

  it('become stopped, keeping their text, when the tab that streamed them is gone', async () => {
    const p = createMemoryPersistence();
    // What a tab that crashed mid-stream leaves behind.
    await p.createChat(chat('c1', 1, { currentLeafId: 'a1' }), [message('u1', null, 1, { role: 'user' }), message('a1', 'u1', 2, { content: 'Half', status: 'streaming' })]);
    const { store } = makeStore({ persistence: p, locks: createMemoryLocks() });
    expect(await store.loadChat('c1')).toBe(true);
    await vi.waitFor(() => expect(messagesOf(store, 'c1')[1]).toMatchObject({ content: 'Half', status: 'stopped' }));
    await vi.waitFor(async () => expect((await p.listMessages('c1'))[1]).toMatchObject({ content: 'Half', status: 'stopped' }));
  });

  it('are left as they are without Web Locks, as nothing can be told', async () => {
    const p = createMemoryPersistence();
    await p.createChat(chat('c1', 1), [message('u1', null, 1, { role: 'user' }), message('a1', 'u1', 2, { status: 'streaming' })]);
    const { store } = makeStore({ persistence: p, locks: null });
    await store.loadChat('c1');
    await settle();
    expect(messagesOf(store, 'c1')[1]?.status).toBe('streaming');
  });
});
