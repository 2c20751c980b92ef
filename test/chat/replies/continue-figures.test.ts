// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatDelta, type ChatStore } from '../../../src/chat';
import { CONTINUE_INSTRUCTION } from '../../../src/chat/replies/continue-request';
import { createGate, createScriptedModel, textSteps, type ScriptStep } from '../../support/scripted-model';
import { disposeStores, idle, makeStore, messagesOf, persistences, useFakeClock } from '../store-harness';

afterEach(() => {
  disposeStores();
  vi.useRealTimers();
});

const reply = (store: ChatStore, chatId: string) => messagesOf(store, chatId).findLast((m) => m.role === 'assistant')!;
/** One delta every `everyMs`: a server sending 1000 / everyMs tokens a second. */
const paced = (type: 'reasoning' | 'content', words: string[], everyMs: number): ScriptStep[] => words.map((text) => ({ delayMs: everyMs, delta: { type, text } }));
const usage = (completionTokens: number, promptTokens: number): ScriptStep => ({ delta: { type: 'usage', usage: { promptTokens, completionTokens } } satisfies ChatDelta });

describe.each(persistences)('continuing a reply over %s', (_, open) => {
  it('after a Stop while thinking: the question is asked again (no two user turns), the thoughts stay apart, thinking time adds up and the speed counts only streaming time', async () => {
    useFakeClock();
    const gate = createGate();
    const model = createScriptedModel({
      replies: [
        // 8 tokens/s: one every 125 ms; then nothing until the Stop.
        [...paced('reasoning', ['Let', ' me', ' think', '.'], 125), usage(4, 10), { gate }],
        [...paced('reasoning', ['Where', ' was', ' I'], 125), ...paced('content', ['The', ' answer', '.'], 125), usage(6, 10), { delta: { type: 'finish', reason: 'stop' } }],
      ],
    });
    const { store } = makeStore({ persistence: await open(), model });
    const { chatId } = await store.createChat({ text: 'Why?' });
    store.takePendingReply(chatId);
    await vi.advanceTimersByTimeAsync(500);
    // The reader waits ten seconds, then stops.
    await vi.advanceTimersByTimeAsync(10_000);
    store.stop(reply(store, chatId).id);
    await vi.advanceTimersByTimeAsync(0);
    const stopped = reply(store, chatId);
    expect(stopped).toMatchObject({ status: 'stopped', content: '', reasoning: 'Let me think.' });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.continueReply(stopped.id)).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    await idle(store);
    const done = reply(store, chatId);
    expect(model.calls[1]!.messages).toEqual([{ role: 'user', content: 'Why?' }]);
    expect(done).toMatchObject({ id: stopped.id, status: 'complete', reasoning: 'Let me think.\n\nWhere was I', content: 'The answer.', usage: { promptTokens: 10, completionTokens: 10 } });
    // Thought 375 ms (first to last reasoning, then stopped) + 375 ms (first reasoning to first answer);
    // streamed 375 ms + 625 ms (first token to last delta of each request).
    expect(done.timing).toMatchObject({ firstTokenMs: 125, thinkingMs: 750, streamingMs: 1000 });
    // 10 tokens over the second actually spent streaming, not over the minute and more since the first request.
    expect(done.timing!.tokensPerSecond).toBe(10);
    expect(done.segments).toHaveLength(2);
  });

  it('after a Stop with text: the text as the assistant’s turn, then the instruction', async () => {
    const gate = createGate();
    const model = createScriptedModel({ replies: [[...textSteps('Half of it'), { gate }], textSteps(' and the rest.')] });
    const { store } = makeStore({ persistence: await open(), model });
    const { chatId } = await store.createChat({ text: 'Tell me' });
    store.takePendingReply(chatId);
    await vi.waitFor(() => expect(reply(store, chatId).content).toBe('Half of it'));
    store.stop(reply(store, chatId).id);
    await idle(store);
    expect(store.continueReply(reply(store, chatId).id)).toBe(true);
    await idle(store);
    expect(model.calls[1]!.messages).toEqual([
      { role: 'user', content: 'Tell me' },
      { role: 'assistant', content: 'Half of it' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    expect(reply(store, chatId)).toMatchObject({ status: 'complete', content: 'Half of it and the rest.' });
  });

  it('after the length limit: offered, and asked for the same way', async () => {
    const model = createScriptedModel({ replies: [[...textSteps('Cut at the'), { delta: { type: 'finish', reason: 'length' } }], textSteps(' limit.')] });
    const { store } = makeStore({ persistence: await open(), model });
    const { chatId } = await store.createChat({ text: 'Long one' });
    store.takePendingReply(chatId);
    await idle(store);
    expect(reply(store, chatId)).toMatchObject({ status: 'complete', finishReason: 'length' });
    expect(store.continueReply(reply(store, chatId).id)).toBe(true);
    await idle(store);
    expect(model.calls[1]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(reply(store, chatId)).toMatchObject({ status: 'complete', content: 'Cut at the limit.' });
    expect(reply(store, chatId).finishReason).toBeUndefined();
  });

  it('a message after a reply that never got past thinking goes out as one user turn with the question before it', async () => {
    const gate = createGate();
    const model = createScriptedModel({ replies: [[{ delta: { type: 'reasoning', text: 'Hmm' } }, { gate }], textSteps('Fine.')] });
    const { store } = makeStore({ persistence: await open(), model });
    const { chatId } = await store.createChat({ text: 'First question' });
    store.takePendingReply(chatId);
    await vi.waitFor(() => expect(reply(store, chatId).reasoning).toBe('Hmm'));
    await store.sendMessage(chatId, 'Second question');
    await idle(store);
    expect(model.calls[1]!.messages).toEqual([{ role: 'user', content: 'First question\n\nSecond question' }]);
  });

  it('moves only the new segment’s text to reasoning when a continued reply says its content was thinking', async () => {
    const gate = createGate();
    const model = createScriptedModel({
      replies: [[...textSteps('Kept answer'), { gate }], [...textSteps('pondering'), { delta: { type: 'content-was-reasoning' } }, ...textSteps(' more')]],
    });
    const { store } = makeStore({ persistence: await open(), model });
    const { chatId } = await store.createChat({ text: 'Q' });
    store.takePendingReply(chatId);
    await vi.waitFor(() => expect(reply(store, chatId).content).toBe('Kept answer'));
    store.stop(reply(store, chatId).id);
    await idle(store);
    store.continueReply(reply(store, chatId).id);
    await idle(store);
    expect(reply(store, chatId)).toMatchObject({ content: 'Kept answer more', reasoning: 'pondering' });
  });
});
