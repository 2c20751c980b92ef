// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatPersistence, type Message } from '../../../src/chat';
import { STREAM_SAVE_INTERVAL_MS } from '../../../src/chat/replies/generation';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { disposeStores, makeStore, messagesOf, persistences, useFakeClock } from '../store-harness';

afterEach(() => {
  disposeStores();
  vi.useRealTimers();
});

interface Save {
  at: number;
  status: Message['status'];
  content: string;
}

/** Records every message write (of the assistant's reply) with the time it was made. */
function recordSaves(p: ChatPersistence): Save[] {
  const saves: Save[] = [];
  const putMessage = p.putMessage.bind(p);
  (p as { putMessage: ChatPersistence['putMessage'] }).putMessage = (message, patch) => {
    if (message.role === 'assistant') saves.push({ at: Date.now(), status: message.status, content: message.content });
    return putMessage(message, patch);
  };
  return saves;
}

describe.each(persistences)('saving a streaming reply over %s', (_, open) => {
  /** 30 deltas of 4 characters, one every 100 ms: 3 seconds of streaming. */
  const DELTA_MS = 100;
  const text = 'abcd'.repeat(30);

  it(`saves at most once per ${STREAM_SAVE_INTERVAL_MS} ms while streaming, and the whole reply at the end`, async () => {
    useFakeClock();
    const p = await open();
    const saves = recordSaves(p);
    const model = createScriptedModel({ replies: [textSteps(text, { size: 4, delayMs: DELTA_MS })] });
    const { store } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Stream please' });
    const start = Date.now();
    store.takePendingReply(chatId);
    const arrivals: { at: number; length: number }[] = [];
    store.subscribe(() => {
      const reply = messagesOf(store, chatId)[1];
      if (reply && reply.content.length !== arrivals.at(-1)?.length) arrivals.push({ at: Date.now(), length: reply.content.length });
    });
    await vi.advanceTimersByTimeAsync(30 * DELTA_MS + 2 * STREAM_SAVE_INTERVAL_MS);

    const streaming = saves.filter((s) => s.status === 'streaming');
    const final = saves.filter((s) => s.status !== 'streaming');
    expect(final).toEqual([{ at: start + 30 * DELTA_MS, status: 'complete', content: text }]);
    // One save when the reply starts, then one per second of streaming: not one per delta.
    expect(streaming[0]).toMatchObject({ at: start, content: '' });
    expect(streaming.length).toBeLessThanOrEqual(1 + Math.ceil((30 * DELTA_MS) / STREAM_SAVE_INTERVAL_MS));
    for (let i = 2; i < streaming.length; i++) expect(streaming[i]!.at - streaming[i - 1]!.at).toBeGreaterThanOrEqual(STREAM_SAVE_INTERVAL_MS);
    // At most about a second of text is ever only in memory: every delta is saved within a second.
    for (const arrival of arrivals) {
      const savedBy = saves.find((s) => s.content.length >= arrival.length);
      expect(savedBy!.at - arrival.at).toBeLessThanOrEqual(STREAM_SAVE_INTERVAL_MS);
    }
    expect(await p.listMessages(chatId)).toMatchObject([{ role: 'user' }, { role: 'assistant', content: text, status: 'complete' }]);
  });
});
