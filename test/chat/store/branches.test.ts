// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatPersistence, ChatStore } from '../../../src/chat';
import { indexMessages, resolveLeaf, threadEntries } from '../../../src/chat/shapes/tree';
import { createGate, createScriptedModel, textSteps, type ScriptedModel } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf, persistences } from '../store-harness';

afterEach(() => {
  disposeStores();
});

/** The thread on screen as `content i/n` lines. */
function thread(store: ChatStore, chatId: string): string[] {
  const index = indexMessages(messagesOf(store, chatId));
  return threadEntries(index, resolveLeaf(index, chatOf(store, chatId)?.currentLeafId)).map(
    (e) => `${e.message.content} ${e.branch.index}/${e.branch.total}`,
  );
}

const byContent = (store: ChatStore, chatId: string, content: string) => messagesOf(store, chatId).find((m) => m.content === content)!;

describe.each(persistences)('branches over %s', (_, open) => {
  let p: ChatPersistence;
  let model: ScriptedModel;
  let store: ChatStore;

  /** A chat "Hi" answered "Reply 1". */
  async function started(): Promise<string> {
    p = await open();
    model = createScriptedModel({ replies: (_, call) => textSteps(`Reply ${call + 1}`) });
    store = makeStore({ persistence: p, model }).store;
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await idle(store);
    return chatId;
  }

  const storedLeaf = async (chatId: string) => (await p.getChat(chatId))?.currentLeafId;

  it('sends a follow-up under the current leaf with the whole thread', async () => {
    const chatId = await started();
    await store.sendMessage(chatId, 'More');
    await idle(store);
    expect(thread(store, chatId)).toEqual(['Hi 1/1', 'Reply 1 1/1', 'More 1/1', 'Reply 2 1/1']);
    expect(model.calls[1]!.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Reply 1' },
      { role: 'user', content: 'More' },
    ]);
  });

  it('edit and resend adds a sibling that becomes the thread, at 2/2, and asks for its reply', async () => {
    const chatId = await started();
    const edited = await store.editMessage(byContent(store, chatId, 'Hi').id, 'Hello');
    await idle(store);
    expect(thread(store, chatId)).toEqual(['Hello 2/2', 'Reply 2 1/1']);
    expect(messagesOf(store, chatId).find((m) => m.id === edited)).toMatchObject({ parentId: null, role: 'user' });
    expect(model.calls[1]!.messages).toEqual([{ role: 'user', content: 'Hello' }]);
    await vi.waitFor(async () => expect(await storedLeaf(chatId)).toBe(byContent(store, chatId, 'Reply 2').id));
  });

  it('going back to a branch shows its latest leaf, and is remembered', async () => {
    const chatId = await started();
    await store.sendMessage(chatId, 'More');
    await idle(store);
    await store.editMessage(byContent(store, chatId, 'Hi').id, 'Hello');
    await idle(store);
    await store.selectBranch(chatId, byContent(store, chatId, 'Hi').id);
    expect(thread(store, chatId)).toEqual(['Hi 1/2', 'Reply 1 1/1', 'More 1/1', 'Reply 2 1/1']);
    expect(await storedLeaf(chatId)).toBe(byContent(store, chatId, 'Reply 2').id);
  });

  it('regenerate adds an assistant sibling under the same message, asked with the same thread', async () => {
    const chatId = await started();
    store.regenerate(byContent(store, chatId, 'Reply 1').id);
    await idle(store);
    expect(thread(store, chatId)).toEqual(['Hi 1/1', 'Reply 2 2/2']);
    expect(model.calls[1]!.messages).toEqual(model.calls[0]!.messages);
  });

  it('regenerate with another model asks that model for this version only; the chat keeps its own (issue 33)', async () => {
    const chatId = await started();
    const own = chatOf(store, chatId)?.model;
    store.regenerate(byContent(store, chatId, 'Reply 1').id, { model: 'other/bigger-model' });
    await idle(store);
    expect(model.calls[1]!.model).toBe('other/bigger-model');
    expect(byContent(store, chatId, 'Reply 2').model).toBe('other/bigger-model');
    expect(chatOf(store, chatId)?.model).toBe(own);
    expect(model.calls[1]!.messages).toEqual(model.calls[0]!.messages);
  });

  it('regenerating a reply that is still streaming stops it first, keeping its text', async () => {
    p = await open();
    const gate = createGate();
    model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Slow ' } }, { gate }], textSteps('Fast')] });
    store = makeStore({ persistence: p, model }).store;
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await vi.waitFor(() => expect(messagesOf(store, chatId)[1]?.content).toBe('Slow '));
    store.regenerate(messagesOf(store, chatId)[1]!.id);
    await idle(store);
    expect(byContent(store, chatId, 'Slow ').status).toBe('stopped');
    expect(thread(store, chatId)).toEqual(['Hi 1/1', 'Fast 2/2']);
    expect(model.calls).toHaveLength(2);
  });

  it('deletes a message with all its replies, and Undo brings them back', async () => {
    const chatId = await started();
    await store.sendMessage(chatId, 'More');
    await idle(store);
    const leafBefore = chatOf(store, chatId)?.currentLeafId;
    await vi.waitFor(async () => expect(await p.listMessages(chatId)).toHaveLength(4));

    const undo = await store.deleteMessage(byContent(store, chatId, 'Reply 1').id);
    expect(thread(store, chatId)).toEqual(['Hi 1/1']);
    expect(chatOf(store, chatId)?.currentLeafId).toBe(byContent(store, chatId, 'Hi').id);
    expect((await p.listMessages(chatId)).map((m) => m.content)).toEqual(['Hi']);

    await undo();
    await undo();
    expect(thread(store, chatId)).toEqual(['Hi 1/1', 'Reply 1 1/1', 'More 1/1', 'Reply 2 1/1']);
    expect(chatOf(store, chatId)?.currentLeafId).toBe(leafBefore);
    expect((await p.listMessages(chatId)).map((m) => m.content)).toEqual(['Hi', 'Reply 1', 'More', 'Reply 2']);
    expect(await storedLeaf(chatId)).toBe(leafBefore);
  });

  it('deleting the branch on screen moves to the remaining branch', async () => {
    const chatId = await started();
    store.regenerate(byContent(store, chatId, 'Reply 1').id);
    await idle(store);
    await store.deleteMessage(byContent(store, chatId, 'Reply 2').id);
    expect(thread(store, chatId)).toEqual(['Hi 1/1', 'Reply 1 1/1']);
    expect(await storedLeaf(chatId)).toBe(byContent(store, chatId, 'Reply 1').id);
  });

  it('deleting a streaming reply stops it, and Undo brings back what had arrived', async () => {
    p = await open();
    const gate = createGate();
    model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'So far' } }, { gate }]] });
    store = makeStore({ persistence: p, model }).store;
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await vi.waitFor(() => expect(messagesOf(store, chatId)[1]?.content).toBe('So far'));
    const undo = await store.deleteMessage(messagesOf(store, chatId)[1]!.id);
    expect(store.getSnapshot().generating.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The stopped reply's last save must not bring the deleted message back.
    expect((await p.listMessages(chatId)).map((m) => m.content)).toEqual(['Hi']);
    await undo();
    expect((await p.listMessages(chatId)).map((m) => [m.content, m.status])).toEqual([
      ['Hi', 'complete'],
      ['So far', 'stopped'],
    ]);
  });
});
