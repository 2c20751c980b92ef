// @vitest-environment node
// Issue 38: one message, several models. The message is sent once; each model's reply is a
// sibling under it, stored and persisted with its model; the first is the current branch; a
// failure in one leaves the others going; Stop stops them all.
import { afterEach, describe, expect, it } from 'vitest';
import { ChatModelError, type ChatPersistence, type ChatStore } from '../../../src/chat';
import { createGate, createScriptedModel, textSteps, type Gate } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf, persistences } from '../store-harness';

afterEach(() => {
  disposeStores();
});

const REFS = ['c1/alpha', 'c1/beta', 'c2/gamma'];

describe.each(persistences)('compared replies over %s', (_, open) => {
  let p: ChatPersistence;

  /** A store whose model answers "Answer from <model>"; `hold` keeps every reply open until it opens. */
  async function started(options: { failing?: string; hold?: Gate } = {}) {
    p = await open();
    const model = createScriptedModel({
      replies: (request, call) => {
        if (call === 0) return textSteps('First reply');
        if (request.model === options.failing) return [{ error: new ChatModelError('server-error', 'Model crashed', { status: 500 }) }];
        return [...(options.hold ? [{ gate: options.hold }] : []), ...textSteps(`Answer from ${request.model}`)];
      },
    });
    const store = makeStore({ persistence: p, model }).store;
    const { chatId } = await store.createChat({ text: 'Hi', model: 'c1/alpha' });
    store.takePendingReply(chatId);
    await idle(store);
    return { store, model, chatId };
  }

  const siblingsOf = (store: ChatStore, chatId: string, parentId: string) => messagesOf(store, chatId).filter((m) => m.parentId === parentId);

  it('sends the message once and stores one reply per model as siblings, each with its model, the first current; a reload keeps them', async () => {
    const { store, model, chatId } = await started();
    const questionId = await store.sendMessage(chatId, 'Which is best?', { models: REFS });
    await idle(store);
    const users = messagesOf(store, chatId).filter((m) => m.role === 'user');
    expect(users.map((m) => m.content)).toEqual(['Hi', 'Which is best?']);
    const siblings = siblingsOf(store, chatId, questionId!);
    expect(siblings.map((m) => [m.role, m.model, m.status, m.content])).toEqual(REFS.map((ref) => ['assistant', ref, 'complete', `Answer from ${ref}`]));
    expect(chatOf(store, chatId)?.currentLeafId).toBe(siblings[0]!.id);
    // Each request the same history, for its own model.
    const calls = model.calls.slice(1);
    expect(calls.map((c) => c.model)).toEqual(REFS);
    for (const call of calls) expect(call.messages).toEqual(calls[0]!.messages);

    const reloaded = makeStore({ persistence: p }).store;
    await reloaded.init();
    expect(await reloaded.loadChat(chatId)).toBe(true);
    const stored = siblingsOf(reloaded, chatId, questionId!);
    expect(stored.map((m) => [m.model, m.status, m.content])).toEqual(REFS.map((ref) => [ref, 'complete', `Answer from ${ref}`]));
    expect((await p.getChat(chatId))?.currentLeafId).toBe(siblings[0]!.id);
  });

  it('a reply that fails leaves the others going', async () => {
    const { store, chatId } = await started({ failing: 'c1/beta' });
    const questionId = await store.sendMessage(chatId, 'Which is best?', { models: REFS });
    await idle(store);
    expect(siblingsOf(store, chatId, questionId!).map((m) => [m.model, m.status])).toEqual([
      ['c1/alpha', 'complete'],
      ['c1/beta', 'error'],
      ['c2/gamma', 'complete'],
    ]);
  });

  it('Stop stops every compared reply', async () => {
    const hold = createGate();
    const { store, chatId } = await started({ hold });
    const questionId = await store.sendMessage(chatId, 'Which is best?', { models: REFS });
    expect(store.getSnapshot().generating.size).toBe(3);
    store.stopChat(chatId);
    await idle(store);
    expect(siblingsOf(store, chatId, questionId!).map((m) => m.status)).toEqual(['stopped', 'stopped', 'stopped']);
  });

  it('a second ask for a reply while the compare streams starts nothing more, until every sibling has ended', async () => {
    const hold = createGate();
    const { store, model, chatId } = await started({ hold });
    const questionId = await store.sendMessage(chatId, 'Which is best?', { models: REFS });
    const [first] = siblingsOf(store, chatId, questionId!);
    // The first sibling ends; the others still answer the question, so no new reply starts beside them.
    store.stop(first!.id);
    expect(store.startReply(chatId, questionId!)).toBeDefined();
    expect(siblingsOf(store, chatId, questionId!)).toHaveLength(3);
    hold.open();
    await idle(store);
    expect(model.calls).toHaveLength(4);
  });

  it('more than four models: nothing is sent', async () => {
    const { store, model, chatId } = await started();
    expect(await store.sendMessage(chatId, 'Which is best?', { models: [...REFS, 'c2/delta', 'c2/epsilon'] })).toBeUndefined();
    expect(messagesOf(store, chatId)).toHaveLength(2);
    expect(model.calls).toHaveLength(1);
  });
});
