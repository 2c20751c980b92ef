// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatModelError, type ChatPersistence, type ChatStore } from '../../../src/chat';
import { indexMessages, resolveLeaf, threadEntries } from '../../../src/chat/shapes/tree';
import { createScriptedModel, textSteps, type ScriptStep } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf, persistences } from '../store-harness';

afterEach(() => {
  disposeStores();
  vi.useRealTimers();
});

/** The thread on screen as `content status i/n` lines. */
function thread(store: ChatStore, chatId: string): string[] {
  const index = indexMessages(messagesOf(store, chatId));
  return threadEntries(index, resolveLeaf(index, chatOf(store, chatId)?.currentLeafId)).map(
    (e) => `${e.message.content} ${e.message.status} ${e.branch.index}/${e.branch.total}`,
  );
}

const rateLimited = (retryAfterMs: number): ScriptStep => ({ error: new ChatModelError('rate-limited', 'Slow down', { status: 429, retryAfterMs }) });
const brokenOff = (): ScriptStep => ({ error: new ChatModelError('stream-interrupted', 'The connection closed') });

describe.each(persistences)('Retry on a failed reply, over %s', (_, open) => {
  let p: ChatPersistence;

  async function failedFirst(first: ScriptStep[]): Promise<{ store: ChatStore; chatId: string; failedId: string }> {
    p = await open();
    const model = createScriptedModel({ replies: [first, textSteps('Second try')] });
    const { store } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await idle(store);
    const failedId = messagesOf(store, chatId).find((m) => m.role === 'assistant')!.id;
    return { store, chatId, failedId };
  }

  it('replaces an attempt that failed before any text: no 1/2 branch is left behind, in memory or in storage', async () => {
    const { store, chatId, failedId } = await failedFirst([rateLimited(2000)]);
    expect(thread(store, chatId)).toEqual(['Hi complete 1/1', ' error 1/1']);

    store.regenerate(failedId);
    await idle(store);
    expect(thread(store, chatId)).toEqual(['Hi complete 1/1', 'Second try complete 1/1']);
    await vi.waitFor(async () => {
      const stored = await p.listMessages(chatId);
      expect(stored.map((m) => [m.role, m.content, m.status])).toEqual([
        ['user', 'Hi', 'complete'],
        ['assistant', 'Second try', 'complete'],
      ]);
      // The error of the attempt it replaced is gone with it.
      expect(stored[1]).not.toHaveProperty('error');
    });
  });

  it('keeps an attempt that failed after some text, as version 1 of 2', async () => {
    const { store, chatId, failedId } = await failedFirst([...textSteps('Half an ans'), brokenOff()]);
    store.regenerate(failedId);
    await idle(store);
    expect(thread(store, chatId)).toEqual(['Hi complete 1/1', 'Second try complete 2/2']);
    expect(messagesOf(store, chatId).find((m) => m.id === failedId)).toMatchObject({ content: 'Half an ans', status: 'error' });
  });

  it('keeps an attempt that failed after reasoning only', async () => {
    const { store, chatId, failedId } = await failedFirst([{ delta: { type: 'reasoning', text: 'Let me think' } }, brokenOff()]);
    store.regenerate(failedId);
    await idle(store);
    expect(thread(store, chatId)).toEqual(['Hi complete 1/1', 'Second try complete 2/2']);
  });
});

describe('a rate-limited reply', () => {
  it('keeps the wait the server asked for and when it ends, also in storage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const [, open] = persistences[1]!;
    const p = await open();
    const { store, events } = makeStore({ persistence: p, model: createScriptedModel({ replies: [[rateLimited(20_000)]] }) });
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await idle(store);
    const failed = messagesOf(store, chatId)[1]!;
    expect(failed).toMatchObject({ status: 'error', errorCode: 'rate-limited', retryAfterMs: 20_000, retryAt: 1_020_000 });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'model-error', chatId, retryAfterMs: 20_000 }));
    await vi.waitFor(async () => expect((await p.listMessages(chatId))[1]).toMatchObject({ retryAt: 1_020_000 }));
  });
});
