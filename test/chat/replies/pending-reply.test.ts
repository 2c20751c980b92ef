// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_REPLY_GRACE_MS } from '../../../src/chat/replies/reply-actions';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { disposeStores, makeStore, messagesOf, persistences } from '../store-harness';

afterEach(() => {
  disposeStores();
});

// A chat made on the home page gets its first reply when its page asks (takePendingReply). The
// user may leave before the page could (back home at once): the message must still be answered.
describe.each(persistences)('the first reply of a chat made on the home page, over %s', (_, open) => {
  it('starts by itself when no page asked for it in time', { timeout: PENDING_REPLY_GRACE_MS * 4 }, async () => {
    const model = createScriptedModel({ replies: () => textSteps('Hello back') });
    const { store } = makeStore({ persistence: await open(), model });
    const { chatId } = await store.createChat({ text: 'Hello' });
    expect(model.calls).toHaveLength(0);
    await vi.waitFor(() => expect(messagesOf(store, chatId).map((m) => m.content)).toEqual(['Hello', 'Hello back']), { timeout: PENDING_REPLY_GRACE_MS * 3 });
    expect(model.calls).toHaveLength(1);
  });

  it('is asked for once: the page that takes it in time leaves nothing for the store to start again', { timeout: PENDING_REPLY_GRACE_MS * 4 }, async () => {
    const model = createScriptedModel({ replies: () => textSteps('Once') });
    const { store } = makeStore({ persistence: await open(), model });
    const { chatId } = await store.createChat({ text: 'Hi' });
    expect(store.takePendingReply(chatId)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, PENDING_REPLY_GRACE_MS + 200));
    expect(model.calls).toHaveLength(1);
  });
});
