// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGate, createScriptedModel, textSteps } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf, persistences } from '../store-harness';

afterEach(() => {
  disposeStores();
});

describe.each(persistences)('chat lifecycle over %s', (_, open) => {
  it.each([
    ['', 'Untitled'],
    ['   \n ', 'Untitled'],
    ['  Egg   science ', 'Egg science'],
  ])('renaming to %j gives %j, as the user’s title', async (title, expected) => {
    const p = await open();
    const { store } = makeStore({ persistence: p });
    const { chatId } = await store.createChat({ text: 'Hi' });
    await store.renameChat(chatId, title);
    expect(chatOf(store, chatId)).toMatchObject({ title: expected, titleSource: 'user' });
    expect(await p.getChat(chatId)).toMatchObject({ title: expected, titleSource: 'user' });
  });

  it('uses the word it is given for an emptied title', async () => {
    const { store } = makeStore({ persistence: await open(), untitledTitle: 'Sans titre' });
    const { chatId } = await store.createChat({ text: 'Salut' });
    await store.renameChat(chatId, ' ');
    expect(chatOf(store, chatId)?.title).toBe('Sans titre');
  });

  it('pins and unpins without reordering by time', async () => {
    const p = await open();
    const { store } = makeStore({ persistence: p });
    const { chatId } = await store.createChat({ text: 'Hi' });
    const updatedAt = chatOf(store, chatId)!.updatedAt;
    await store.pinChat(chatId, true);
    expect(chatOf(store, chatId)).toMatchObject({ pinned: true, updatedAt });
    expect((await p.getChat(chatId))?.pinned).toBe(true);
    await store.pinChat(chatId, false);
    expect((await p.getChat(chatId))?.pinned).toBe(false);
  });

  it('deletes a chat, and Undo really brings back the chat, every message and the draft', async () => {
    const p = await open();
    const model = createScriptedModel({ replies: (_, call) => textSteps(`Reply ${call + 1}`) });
    const { store } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await idle(store);
    await store.sendMessage(chatId, 'More');
    await idle(store);
    await store.pinChat(chatId, true);
    store.setDraft(chatId, 'unsent words');
    await store.flushDrafts();
    await vi.waitFor(async () => expect((await p.listMessages(chatId)).map((m) => m.status)).toEqual(['complete', 'complete', 'complete', 'complete']));
    const before = { chat: await p.getChat(chatId), messages: await p.listMessages(chatId) };

    const undo = await store.deleteChat(chatId);
    expect(chatOf(store, chatId)).toBeUndefined();
    expect(store.getSnapshot().missing.has(chatId)).toBe(true);
    expect(await p.getChat(chatId)).toBeUndefined();
    expect(await p.listMessages(chatId)).toEqual([]);

    await undo();
    await undo();
    expect(chatOf(store, chatId)).toEqual(before.chat);
    expect(store.getSnapshot().missing.has(chatId)).toBe(false);
    expect(messagesOf(store, chatId)).toEqual(before.messages);
    expect(await p.getChat(chatId)).toEqual(before.chat);
    expect(await p.listMessages(chatId)).toEqual(before.messages);
    expect((await p.getDraft(chatId))?.text).toBe('unsent words');
  });

  it('deleting a chat while it streams stops the reply; Undo keeps what had arrived', async () => {
    const p = await open();
    const gate = createGate();
    const model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Half' } }, { gate }]] });
    const { store } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await vi.waitFor(() => expect(messagesOf(store, chatId)[1]?.content).toBe('Half'));

    const undo = await store.deleteChat(chatId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await p.listMessages(chatId)).toEqual([]);
    await undo();
    expect((await p.listMessages(chatId)).map((m) => [m.content, m.status])).toEqual([
      ['Hi', 'complete'],
      ['Half', 'stopped'],
    ]);
  });

  it('deleting an unknown chat gives an Undo that does nothing', async () => {
    const { store } = makeStore({ persistence: await open() });
    const undo = await store.deleteChat('nope');
    await undo();
    expect(store.getSnapshot().chats).toEqual([]);
  });
});
