// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatModelError, type ChatPersistence } from '../../../src/chat';
import { createGate, createScriptedModel, textSteps } from '../../support/scripted-model';
import { chatOf, disposeStores, idle, makeStore, messagesOf, persistences, useFakeClock } from '../store-harness';

afterEach(() => {
  disposeStores();
  vi.useRealTimers();
});

const replyNumbered = () => createScriptedModel({ replies: (_, call) => textSteps(`Reply ${call + 1}`) });
const stored = async (p: ChatPersistence, chatId: string) => (await p.listMessages(chatId)).map((m) => [m.role, m.content, m.status]);

describe.each(persistences)('the chat store over %s', (_, open) => {
  describe('a new chat and its first reply', () => {
    it('stores the chat with its first message, titled from it, and replies once the chat page asks', async () => {
      const p = await open();
      const model = replyNumbered();
      const { store } = makeStore({ persistence: p, model });
      const { chatId } = await store.createChat({ text: '\nHow do I boil an egg?\nThanks  ', model: 'llama3' });

      expect(chatOf(store, chatId)).toMatchObject({ title: 'How do I boil an egg?', titleSource: 'auto', model: 'llama3', pinned: false });
      expect(await stored(p, chatId)).toEqual([['user', 'How do I boil an egg?\nThanks', 'complete']]);
      expect(model.calls).toHaveLength(0);

      expect(store.takePendingReply(chatId)).toBe(true);
      expect(store.takePendingReply(chatId)).toBe(false);
      await idle(store);

      expect(model.calls).toHaveLength(1);
      expect(model.calls[0]).toMatchObject({ model: 'llama3', messages: [{ role: 'user', content: 'How do I boil an egg?\nThanks' }] });
      const [, reply] = messagesOf(store, chatId);
      expect(reply).toMatchObject({ role: 'assistant', content: 'Reply 1', status: 'complete', model: 'llama3' });
      expect(chatOf(store, chatId)?.currentLeafId).toBe(reply!.id);
      await vi.waitFor(async () => expect(await stored(p, chatId)).toEqual([['user', 'How do I boil an egg?\nThanks', 'complete'], ['assistant', 'Reply 1', 'complete']]));
      expect((await p.getChat(chatId))?.currentLeafId).toBe(reply!.id);
    });

    it('asks the model exactly once when the reply is started twice at the same time', async () => {
      const gate = createGate();
      const model = createScriptedModel({ replies: [[{ gate }, ...textSteps('Only once')]] });
      const { store } = makeStore({ persistence: await open(), model });
      const { chatId } = await store.createChat({ text: 'Hi' });
      const userId = messagesOf(store, chatId)[0]!.id;

      const first = store.startReply(chatId, userId);
      const second = store.startReply(chatId, userId);
      expect(second).toBe(first);
      expect(store.takePendingReply(chatId)).toBe(false);
      gate.open();
      await idle(store);

      expect(model.calls).toHaveLength(1);
      expect(messagesOf(store, chatId).map((m) => [m.role, m.content])).toEqual([
        ['user', 'Hi'],
        ['assistant', 'Only once'],
      ]);
    });

    it('sends the chat’s system prompt first', async () => {
      const model = replyNumbered();
      const { store } = makeStore({ persistence: await open(), model });
      const { chatId } = await store.createChat({ text: 'Hi', systemPrompt: 'Answer in French.' });
      store.takePendingReply(chatId);
      await idle(store);
      expect(model.calls[0]!.messages).toEqual([
        { role: 'system', content: 'Answer in French.' },
        { role: 'user', content: 'Hi' },
      ]);
    });

    it('refuses an empty first message', async () => {
      const { store } = makeStore({ persistence: await open(), model: replyNumbered() });
      await expect(store.createChat({ text: ' \n ' })).rejects.toThrow();
      expect(store.getSnapshot().chats).toEqual([]);
    });
  });

  describe('stop and failure', () => {
    it('stop keeps the text that arrived, as stopped', async () => {
      const p = await open();
      const gate = createGate();
      const model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Partial ' } }, { gate }, { delta: { type: 'content', text: 'never' } }]] });
      const { store } = makeStore({ persistence: p, model });
      const { chatId } = await store.createChat({ text: 'Hi' });
      store.takePendingReply(chatId);
      await vi.waitFor(() => expect(messagesOf(store, chatId)[1]?.content).toBe('Partial '));
      const replyId = messagesOf(store, chatId)[1]!.id;
      expect(store.getSnapshot().generating.has(replyId)).toBe(true);

      store.stop(replyId);
      expect(messagesOf(store, chatId)[1]).toMatchObject({ content: 'Partial ', status: 'stopped' });
      expect(store.getSnapshot().generating.size).toBe(0);
      expect(model.calls[0]!.signal.aborted).toBe(true);
      gate.open();
      await vi.waitFor(async () => expect(await stored(p, chatId)).toEqual([['user', 'Hi', 'complete'], ['assistant', 'Partial ', 'stopped']]));
      expect(messagesOf(store, chatId)[1]?.content).toBe('Partial ');
    });

    it('a model error keeps the text that arrived, marks the message and reports the error', async () => {
      const p = await open();
      const model = createScriptedModel({
        replies: [[{ delta: { type: 'content', text: 'Half a ' } }, { error: new ChatModelError('stream-interrupted', 'The stream broke off') }]],
      });
      const { store, events } = makeStore({ persistence: p, model });
      const { chatId } = await store.createChat({ text: 'Hi' });
      store.takePendingReply(chatId);
      await idle(store);

      const reply = messagesOf(store, chatId)[1]!;
      expect(reply).toMatchObject({ content: 'Half a ', status: 'error', error: 'The stream broke off', errorCode: 'stream-interrupted' });
      expect(events).toEqual([{ kind: 'model-error', chatId, messageId: reply.id, code: 'stream-interrupted', message: 'The stream broke off' }]);
      await vi.waitFor(async () => expect((await p.listMessages(chatId))[1]).toMatchObject({ content: 'Half a ', status: 'error', errorCode: 'stream-interrupted' }));
    });

    it('without a model the reply fails at once with a code the app can explain', async () => {
      const { store, events } = makeStore({ persistence: await open() });
      const { chatId } = await store.createChat({ text: 'Hi' });
      expect(store.takePendingReply(chatId)).toBe(true);
      const reply = messagesOf(store, chatId)[1]!;
      expect(reply).toMatchObject({ role: 'assistant', status: 'error', errorCode: 'no-model' });
      expect(events).toMatchObject([{ kind: 'model-error', code: 'no-model', messageId: reply.id }]);
    });
  });

  describe('figures', () => {
    it('records time to first token, total time, usage and speed', async () => {
      useFakeClock();
      const model = createScriptedModel({
        replies: [
          [
            { delayMs: 200, delta: { type: 'reasoning', text: 'Hmm. ' } },
            { delayMs: 100, delta: { type: 'content', text: 'One ' } },
            { delayMs: 100, delta: { type: 'content', text: 'two.' } },
            { delayMs: 100, delta: { type: 'usage', usage: { promptTokens: 5, completionTokens: 9, totalTokens: 14 } } },
            { delta: { type: 'finish', reason: 'stop' } },
          ],
        ],
      });
      const { store } = makeStore({ persistence: await open(), model });
      const { chatId } = await store.createChat({ text: 'Count' });
      store.takePendingReply(chatId);
      await vi.advanceTimersByTimeAsync(1000);
      expect(messagesOf(store, chatId)[1]).toMatchObject({
        content: 'One two.',
        reasoning: 'Hmm. ',
        status: 'complete',
        finishReason: 'stop',
        usage: { promptTokens: 5, completionTokens: 9, totalTokens: 14 },
        // Thought from the first reasoning (200 ms) to the first answer (300 ms); streamed from 200 to 500 ms.
        timing: { firstTokenMs: 200, totalMs: 500, streamingMs: 300, thinkingMs: 100, tokensPerSecond: 30 },
      });
      expect(messagesOf(store, chatId)[1]!.timing?.estimated).toBeUndefined();
    });

    it('estimates the speed from the text when the server reports no usage, and says so', async () => {
      useFakeClock();
      const model = createScriptedModel({ replies: [[{ delayMs: 100, delta: { type: 'content', text: 'x'.repeat(40) } }, { delayMs: 1000, delta: { type: 'finish', reason: 'stop' } }]] });
      const { store } = makeStore({ persistence: await open(), model });
      const { chatId } = await store.createChat({ text: 'Go' });
      store.takePendingReply(chatId);
      await vi.advanceTimersByTimeAsync(2000);
      expect(messagesOf(store, chatId)[1]!.timing).toEqual({ firstTokenMs: 100, totalMs: 1100, streamingMs: 1000, tokensPerSecond: 10, estimated: true });
    });
  });

  describe('titles', () => {
    it('takes the model’s title after the first reply', async () => {
      const p = await open();
      const model = createScriptedModel({ replies: [textSteps('Boil it.')], title: async () => '"Boiling eggs."' });
      const { store } = makeStore({ persistence: p, model });
      const { chatId } = await store.createChat({ text: 'How do I boil an egg?' });
      store.takePendingReply(chatId);
      await idle(store);
      await vi.waitFor(() => expect(chatOf(store, chatId)).toMatchObject({ title: 'Boiling eggs', titleSource: 'generated' }));
      expect(model.titleCalls[0]!.messages.map((m) => m.content)).toEqual(['How do I boil an egg?', 'Boil it.']);
      await vi.waitFor(async () => expect((await p.getChat(chatId))?.title).toBe('Boiling eggs'));
    });

    it('never replaces a title the user chose meanwhile', async () => {
      const gate = createGate();
      const model = createScriptedModel({
        replies: [textSteps('Boil it.')],
        title: async () => {
          await gate.opened;
          return 'Boiling eggs';
        },
      });
      const { store } = makeStore({ persistence: await open(), model });
      const { chatId } = await store.createChat({ text: 'How do I boil an egg?' });
      store.takePendingReply(chatId);
      await idle(store);
      await store.renameChat(chatId, 'Mine');
      gate.open();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(chatOf(store, chatId)).toMatchObject({ title: 'Mine', titleSource: 'user' });
    });
  });

  describe('loading', () => {
    it('a new store (a reload) finds the chats and messages stored by the last one', async () => {
      const p = await open();
      const first = makeStore({ persistence: p, model: replyNumbered() }).store;
      const { chatId } = await first.createChat({ text: 'Remember me' });
      first.takePendingReply(chatId);
      await idle(first);
      await vi.waitFor(async () => expect(await stored(p, chatId)).toHaveLength(2));

      const { store } = makeStore({ persistence: p });
      await store.init();
      expect(store.getSnapshot()).toMatchObject({ status: 'ready', storage: p.kind });
      expect(store.getSnapshot().chats.map((c) => c.title)).toEqual(['Remember me']);
      expect(store.getSnapshot().messages.has(chatId)).toBe(false);
      expect(await store.loadChat(chatId)).toBe(true);
      expect(messagesOf(store, chatId).map((m) => m.content)).toEqual(['Remember me', 'Reply 1']);
    });

    it('an unknown id is missing', async () => {
      const { store } = makeStore({ persistence: await open() });
      expect(await store.loadChat('nope')).toBe(false);
      expect(store.getSnapshot().missing.has('nope')).toBe(true);
    });
  });

  describe('search', () => {
    it('reports title matches first, then chats whose messages match, one result per chat', async () => {
      const p = await open();
      const model = createScriptedModel({ replies: (request) => textSteps(`About ${request.messages.at(-1)!.content}`) });
      const { store } = makeStore({ persistence: p, model });
      const eggs = (await store.createChat({ text: 'Egg recipes' })).chatId;
      const tea = (await store.createChat({ text: 'Tea' })).chatId;
      const other = (await store.createChat({ text: 'Nothing to see' })).chatId;
      for (const id of [eggs, tea, other]) store.takePendingReply(id);
      await idle(store);
      await store.sendMessage(tea, 'and an egg with it?');
      await idle(store);
      await vi.waitFor(async () => expect(await p.listMessages(tea)).toHaveLength(4));

      const progress: string[][] = [];
      const results = await store.search('EGG', { onResults: (found) => progress.push(found.map((r) => `${r.kind}:${r.title}`)) });
      expect(results.map((r) => [r.kind, r.chatId])).toEqual([
        ['title', eggs],
        ['message', tea],
      ]);
      expect(results[1]!.snippet).toEqual({ before: 'About and an ', match: 'egg', after: ' with it?' });
      expect(progress[0]).toEqual(['title:Egg recipes']);
      expect(progress.at(-1)).toEqual(['title:Egg recipes', 'message:Tea']);
    });
  });
});
