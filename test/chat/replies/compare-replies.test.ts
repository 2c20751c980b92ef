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

  it('the comparison stays open with the chat (stored), and Continue with one closes it: the next request holds that answer only', async () => {
    const { store, model, chatId } = await started();
    const questionId = await store.sendMessage(chatId, 'Which is best?', { models: REFS, blind: true });
    await idle(store);
    const siblings = siblingsOf(store, chatId, questionId!);
    expect(chatOf(store, chatId)?.comparing).toEqual({ parentId: questionId, replies: siblings.map((m) => m.id), blind: true });
    expect((await p.getChat(chatId))?.comparing).toEqual({ parentId: questionId, replies: siblings.map((m) => m.id), blind: true });

    await store.selectBranch(chatId, siblings[1]!.id);
    expect(chatOf(store, chatId)?.comparing).toBeUndefined();
    expect(chatOf(store, chatId)?.currentLeafId).toBe(siblings[1]!.id);
    expect((await p.getChat(chatId))?.comparing).toBeUndefined();

    await store.sendMessage(chatId, 'Go on');
    await idle(store);
    const history = model.calls.at(-1)!.messages.map((m) => m.content);
    expect(history).toContain('Answer from c1/beta');
    expect(history).not.toContain('Answer from c1/alpha');
    expect(history).not.toContain('Answer from c2/gamma');
  });

  it('Continue with the first (already current) still closes the comparison; a plain message closes it too', async () => {
    const { store, chatId } = await started();
    const questionId = await store.sendMessage(chatId, 'Which is best?', { models: REFS });
    await idle(store);
    const [first] = siblingsOf(store, chatId, questionId!);
    await store.selectBranch(chatId, first!.id);
    expect(chatOf(store, chatId)?.comparing).toBeUndefined();

    const second = await store.sendMessage(chatId, 'Again?', { models: REFS.slice(0, 2) });
    await idle(store);
    expect(chatOf(store, chatId)?.comparing?.parentId).toBe(second);
    expect(chatOf(store, chatId)?.comparing?.blind).toBeUndefined();
    await store.sendMessage(chatId, 'Fine.');
    await idle(store);
    expect(chatOf(store, chatId)?.comparing).toBeUndefined();
    expect((await p.getChat(chatId))?.comparing).toBeUndefined();
  });

  it('Regenerate with other models compares them beside the reply; one column asked again keeps the others', async () => {
    const { store, model, chatId } = await started();
    const questionId = await store.sendMessage(chatId, 'Which is best?');
    await idle(store);
    const [only] = siblingsOf(store, chatId, questionId!);
    const added = store.regenerate(only!.id, { models: ['c1/beta', 'c2/gamma'] });
    await idle(store);
    const replies = chatOf(store, chatId)?.comparing?.replies;
    expect(replies?.[0]).toBe(only!.id);
    expect(replies?.[1]).toBe(added);
    expect(replies?.map((id) => messagesOf(store, chatId).find((m) => m.id === id)?.content)).toEqual([
      'Answer from c1/alpha',
      'Answer from c1/beta',
      'Answer from c2/gamma',
    ]);
    // The reply on screen stays the current branch.
    expect(chatOf(store, chatId)?.currentLeafId).toBe(only!.id);
    // Two more would make five: refused.
    expect(store.regenerate(only!.id, { models: ['c2/delta', 'c2/epsilon'] })).toBeUndefined();

    const calls = model.calls.length;
    const again = store.regenerate(replies![1]!);
    await idle(store);
    expect(model.calls).toHaveLength(calls + 1);
    expect(chatOf(store, chatId)?.comparing?.replies).toEqual([replies![0], again, replies![2]]);
    expect(siblingsOf(store, chatId, questionId!).filter((m) => m.status === 'complete')).toHaveLength(4);
  });

  it('Combine writes one more sibling from the compared answers, naming them, asked with the answers but no model names', async () => {
    const { store, model, chatId } = await started();
    const questionId = await store.sendMessage(chatId, 'Which is best?', { models: REFS });
    await idle(store);
    const replies = chatOf(store, chatId)!.comparing!.replies;
    const combined = store.regenerate(replies[0]!, { model: 'c2/gamma', combines: replies });
    await idle(store);
    expect(chatOf(store, chatId)?.comparing?.replies).toEqual([...replies, combined]);
    const message = messagesOf(store, chatId).find((m) => m.id === combined)!;
    expect(message).toMatchObject({ parentId: questionId, model: 'c2/gamma', combines: replies, status: 'complete' });
    const asked = model.calls.at(-1)!;
    expect(asked.model).toBe('c2/gamma');
    const last = asked.messages.at(-1)!;
    expect(last.role).toBe('user');
    const text = String(last.content);
    expect(text).toContain('Which is best?');
    for (const ref of REFS) expect(text).toContain(`Answer from ${ref}`);
    // The answers name their models here (the scripted model says so); nothing else does.
    expect(text.replaceAll(/Answer from \S+/g, '')).not.toMatch(/alpha|beta|gamma/);
    // Fewer than two answers to combine: nothing.
    expect(store.regenerate(replies[0]!, { combines: [replies[0]!] })).toBeUndefined();
    expect((await p.listMessages(chatId)).find((m) => m.id === combined)).toMatchObject({ combines: replies });
  });
});

describe('the chat\'s Compare setting', () => {
  it('sends each new message to its models (blind as set), until cleared; named models or [] win', async () => {
    const p = await persistences[0]![1]();
    const model = createScriptedModel({ replies: (request) => textSteps(`Answer from ${request.model}`) });
    const store = makeStore({ persistence: p, model }).store;
    const { chatId } = await store.createChat({ text: 'Hi', model: 'c1/alpha' });
    store.takePendingReply(chatId);
    await idle(store);
    await store.updateChatSettings(chatId, { compare: { models: ['c1/alpha', 'c1/beta'], blind: true } });
    const asked = await store.sendMessage(chatId, 'Which?');
    await idle(store);
    expect(chatOf(store, chatId)?.comparing).toMatchObject({ parentId: asked, blind: true });
    expect(model.calls.slice(-2).map((c) => c.model)).toEqual(['c1/alpha', 'c1/beta']);

    const alone = await store.sendMessage(chatId, 'Just you', { models: [] });
    await idle(store);
    expect(messagesOf(store, chatId).filter((m) => m.parentId === alone)).toHaveLength(1);

    // A malformed setting (from another device, say) is no setting.
    await store.updateChatSettings(chatId, { compare: { models: ['c1/alpha'] } });
    const single = await store.sendMessage(chatId, 'One?');
    await idle(store);
    expect(messagesOf(store, chatId).filter((m) => m.parentId === single)).toHaveLength(1);
  });
});
