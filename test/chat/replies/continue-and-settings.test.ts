// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatModelError, type ChatStore } from '../../../src/chat';
import { CONTINUE_INSTRUCTION } from '../../../src/chat/replies/continue-request';
import { createScriptedModel, textSteps, type ScriptStep } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf, persistences } from '../store-harness';

afterEach(() => {
  disposeStores();
});

const reply = (store: ChatStore, chatId: string) => messagesOf(store, chatId).find((m) => m.role === 'assistant')!;

describe.each(persistences)('continuing and chat settings over %s', (_, open) => {
  it('continues a reply that broke off: the text is appended and the error cleared', async () => {
    const p = await open();
    const scripts: ScriptStep[][] = [
      [...textSteps('The first half'), { error: new ChatModelError('stream-interrupted', 'Connection lost', { reason: 'connection-lost' }) }],
      textSteps(' and the second half.'),
    ];
    const model = createScriptedModel({ replies: scripts });
    const { store, events } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Tell me' });
    store.takePendingReply(chatId);
    await idle(store);
    const broken = reply(store, chatId);
    expect(broken).toMatchObject({ status: 'error', content: 'The first half', errorCode: 'stream-interrupted', errorReason: 'connection-lost' });
    expect(events.find((e) => e.kind === 'model-error')).toMatchObject({ reason: 'connection-lost' });

    expect(store.continueReply(broken.id)).toBe(true);
    expect(store.continueReply(broken.id)).toBe(false); // already running
    await idle(store);
    const done = reply(store, chatId);
    expect(done.id).toBe(broken.id);
    expect(done).toMatchObject({ status: 'complete', content: 'The first half and the second half.' });
    expect(done.error).toBeUndefined();
    expect(model.calls[1]!.messages).toEqual([
      { role: 'user', content: 'Tell me' },
      { role: 'assistant', content: 'The first half' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    // The final save lands just after the stream settles.
    await vi.waitFor(async () => {
      const stored = (await p.listMessages(chatId)).find((m) => m.id === broken.id);
      expect(stored).toMatchObject({ status: 'complete', content: 'The first half and the second half.' });
    });
  });

  it('does not continue a complete-less empty reply or a user message', async () => {
    const p = await open();
    const model = createScriptedModel({ replies: [[{ error: new ChatModelError('unreachable', 'down') }]] });
    const { store } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    await idle(store);
    expect(store.continueReply(reply(store, chatId).id)).toBe(false);
    expect(store.continueReply(messagesOf(store, chatId).find((m) => m.role === 'user')!.id)).toBe(false);
  });

  it('moves text to reasoning when the model says the content was thinking', async () => {
    const p = await open();
    const model = createScriptedModel({
      replies: [[...textSteps('pondering'), { delta: { type: 'content-was-reasoning' } }, ...textSteps('Answer')]],
    });
    const { store } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Q' });
    store.takePendingReply(chatId);
    await idle(store);
    expect(reply(store, chatId)).toMatchObject({ reasoning: 'pondering', content: 'Answer' });
  });

  it('sends the chat’s model, system prompt, temperature and max tokens with the request', async () => {
    const p = await open();
    const model = createScriptedModel({ replies: [textSteps('ok')] });
    const { store } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Hi', model: 'conn/llama' });
    await store.updateChatSettings(chatId, { systemPrompt: 'Be brief.', temperature: 0.2, maxTokens: 64 });
    store.takePendingReply(chatId);
    await idle(store);
    expect(model.calls[0]).toMatchObject({
      model: 'conn/llama',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect((await p.getChat(chatId))).toMatchObject({ systemPrompt: 'Be brief.', temperature: 0.2, maxTokens: 64 });
    expect(chatOf(store, chatId)).toMatchObject({ temperature: 0.2, maxTokens: 64 });
  });
});
