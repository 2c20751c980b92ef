// @vitest-environment node
// Issue 24: "Summarise earlier messages" through a real chat store to the real OpenAI-compatible
// test server: the summary request, the marker written with the next message re-parented under it
// in one transaction (memory and IndexedDB), and the request bodies after it (pins, an edited
// summary, undo, a branch made above it).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatPersistence, ChatStore } from '../../../src/chat';
import { createOpenAiModel } from '../../../src/chat/chat-completions';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { SUMMARY_INSTRUCTION } from '../../../src/chat/replies/compaction-plan';
import { SUMMARY_HEADING } from '../../../src/chat/shapes';
import { echoLastUser, errorResponse, startOpenAiServer, textStream, type OpenAiServer, type ScriptedResponse } from '../../support/openai-server/index.mjs';
import { chatOf, disposeStores, idle, makeStore, messagesOf, persistences } from '../store-harness';

let openai: OpenAiServer;
/** What the server answers a summary request with (a title request or a reply gets the echo). */
let summaryReply: ScriptedResponse = textStream('A summary.');
const echo = echoLastUser({ prefix: 'Re: ' });
beforeAll(async () => {
  openai = await startOpenAiServer({
    script: (request) => (request.body?.messages?.[0]?.content === SUMMARY_INSTRUCTION ? summaryReply : echo(request)),
  });
});
afterAll(() => openai.close());
afterEach(() => {
  disposeStores();
  openai.reset();
  summaryReply = textStream('A summary.');
});

type Body = { model?: string; messages: { role: string; content: string }[] };
/** Streamed requests: the chat's replies and summaries (a title request, not streamed, may come in between). */
const completions = () => openai.requests.filter((r) => r.path === '/v1/chat/completions' && r.body?.stream).map((r) => r.body as Body);
const lastBody = () => completions().at(-1)!;

/** A chat of four exchanges (one, two, three, four), answered by the echoing server. */
async function chatOfFour(persistence?: ChatPersistence, contextLength?: number) {
  const { store } = makeStore({ model: createOpenAiModel({ baseUrl: openai.url }, { probe: null }), contextLength: () => contextLength, ...(persistence && { persistence }) });
  const { chatId } = await store.createChat({ text: 'one', model: 'test-model' });
  expect(store.takePendingReply(chatId)).toBe(true);
  await idle(store);
  for (const text of ['two', 'three', 'four']) {
    await store.sendMessage(chatId, text);
    await idle(store);
  }
  return { store, chatId };
}

const pathOf = (store: ChatStore, chatId: string) => {
  const list = messagesOf(store, chatId);
  const byId = new Map(list.map((m) => [m.id, m]));
  const path = [];
  for (let at = byId.get(chatOf(store, chatId)!.currentLeafId!); at; at = at.parentId ? byId.get(at.parentId) : undefined) path.unshift(at);
  return path;
};

async function send(store: ChatStore, chatId: string, text: string) {
  await store.sendMessage(chatId, text);
  await idle(store);
  return lastBody();
}

describe.each(persistences)('compaction over %s', (_, open) => {
  it('asks for a summary of all but the last two exchanges and stores the marker with the next message re-parented, in one write', async () => {
    const persistence = await open();
    // Every write of a message, one entry per call: the ids it wrote.
    const writes: string[][] = [];
    const counting: ChatPersistence = {
      ...persistence,
      putMessage: (...args) => (writes.push([args[0].id]), persistence.putMessage(...args)),
      putMessages: (...args) => (writes.push(args[1].map((m) => m.id)), persistence.putMessages(...args)),
    };
    const { store, chatId } = await chatOfFour(counting);
    const before = pathOf(store, chatId);
    summaryReply = textStream('They said one and two.');
    const result = await store.compactChat(chatId);
    expect(result.ok).toBe(true);
    // The request: the instruction, then the covered turns as text.
    expect(lastBody().model).toBe('test-model');
    expect(lastBody().messages).toEqual([
      { role: 'system', content: SUMMARY_INSTRUCTION },
      { role: 'user', content: 'User: one\n\nAssistant: Re: one\n\nUser: two\n\nAssistant: Re: two' },
    ]);
    // One write holds the marker and the re-parented message; no other write touched either.
    const markerId = result.ok ? result.markerId : '';
    const touching = writes.filter((ids) => ids.includes(markerId) || ids.includes(before[4]!.id));
    expect(touching.at(-1)).toEqual([markerId, before[4]!.id]);
    expect(touching.filter((ids) => ids.includes(markerId))).toHaveLength(1);
    const path = pathOf(store, chatId);
    const marker = path[4]!;
    expect(marker).toMatchObject({ role: 'system', content: 'They said one and two.', parentId: before[3]!.id });
    expect(marker.compaction).toEqual({ mode: 'summary', covered: 4, tokensBefore: 6, tokensAfter: 6, model: 'test-model' });
    expect(path[5]).toMatchObject({ id: before[4]!.id, parentId: marker.id, content: 'three' });
    expect(path.map((m) => m.id)).toEqual([...before.slice(0, 4), marker, ...before.slice(4)].map((m) => m.id));
    // Stored: a fresh read of storage has the same tree.
    const stored = await persistence.listMessages(chatId);
    expect(stored.find((m) => m.id === marker.id)?.compaction?.covered).toBe(4);
    expect(stored.find((m) => m.id === before[4]!.id)?.parentId).toBe(marker.id);
  });

  it('sends the summary in place of the covered turns, keeps pinned ones, the edited summary, and everything after undo', async () => {
    const { store, chatId } = await chatOfFour(await open());
    const first = pathOf(store, chatId)[0]!;
    const actions = await store.compaction();
    await actions.setPinned(first.id, true);
    summaryReply = textStream('Summary A.');
    const result = await store.compactChat(chatId);
    if (!result.ok) throw new Error(result.reason);

    expect((await send(store, chatId, 'five')).messages).toEqual([
      { role: 'system', content: `${SUMMARY_HEADING}\n\nSummary A.` },
      { role: 'user', content: 'one' },
      { role: 'user', content: 'three' },
      { role: 'assistant', content: 'Re: three' },
      { role: 'user', content: 'four' },
      { role: 'assistant', content: 'Re: four' },
      { role: 'user', content: 'five' },
    ].reduce<{ role: string; content: string }[]>((out, m) => {
      // Two user turns in a row go as one (continue-request.ts alternateRoles).
      const previous = out.at(-1);
      if (previous?.role === 'user' && m.role === 'user') previous.content += `\n\n${m.content}`;
      else out.push({ ...m });
      return out;
    }, []));

    await actions.editSummary(result.markerId, 'Edited summary.');
    expect(messagesOf(store, chatId).find((m) => m.id === result.markerId)?.compaction).toMatchObject({ edited: true, tokensAfter: 4 });
    expect((await send(store, chatId, 'six')).messages[0]).toEqual({ role: 'system', content: `${SUMMARY_HEADING}\n\nEdited summary.` });

    await actions.setUndone(result.markerId, true);
    const undone = (await send(store, chatId, 'seven')).messages;
    expect(undone[0]).toEqual({ role: 'user', content: 'one' });
    expect(undone.map((m) => m.content)).toContain('Re: two');
    expect(undone.some((m) => m.content.includes(SUMMARY_HEADING))).toBe(false);

    await actions.setUndone(result.markerId, false);
    expect((await send(store, chatId, 'eight')).messages[0]!.content).toContain('Edited summary.');
  });

  it('a branch made above the marker is not affected', async () => {
    const { store, chatId } = await chatOfFour(await open());
    const two = pathOf(store, chatId)[2]!;
    summaryReply = textStream('Summary B.');
    expect((await store.compactChat(chatId)).ok).toBe(true);
    await store.editMessage(two.id, 'two again');
    await idle(store);
    expect(lastBody().messages).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'Re: one' },
      { role: 'user', content: 'two again' },
    ]);
  });

  it('a failed summary changes nothing and says why; a cancelled one writes nothing', async () => {
    const { store, chatId } = await chatOfFour(await open());
    const before = messagesOf(store, chatId);
    summaryReply = errorResponse(500, 'The summariser broke');
    const failed = await store.compactChat(chatId);
    expect(failed).toMatchObject({ ok: false, reason: 'failed' });
    expect(failed.ok === false && failed.message).toContain('The summariser broke');
    const controller = new AbortController();
    summaryReply = textStream('never', { delayMs: 200 });
    const pending = store.compactChat(chatId, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toEqual({ ok: false, reason: 'cancelled' });
    expect(messagesOf(store, chatId)).toEqual(before);
  });
});

describe('compaction points and modes', () => {
  it('"Summarise up to here" covers the turns to that message; a drop marker sends no summary; the summary model setting is used', async () => {
    const { store, chatId } = await chatOfFour(createMemoryPersistence());
    const path = pathOf(store, chatId);
    await store.putSetting('compaction.summaryModel', 'small-model');
    summaryReply = textStream('Only one.');
    expect((await store.compactChat(chatId, { upTo: path[1]!.id })).ok).toBe(true);
    expect(lastBody().model).toBe('small-model');
    expect(lastBody().messages[1]!.content).toBe('User: one\n\nAssistant: Re: one');
    const dropped = await store.compactChat(chatId, { upTo: path[5]!.id, mode: 'drop', automatic: true });
    if (!dropped.ok) throw new Error(dropped.reason);
    const marker = messagesOf(store, chatId).find((m) => m.id === dropped.markerId)!;
    expect(marker.compaction).toMatchObject({ mode: 'drop', automatic: true, covered: 4, tokensAfter: 0 });
    const body = await send(store, chatId, 'five');
    expect(body.model).toBe('test-model');
    expect(body.messages).toEqual([
      { role: 'user', content: 'four' },
      { role: 'assistant', content: 'Re: four' },
      { role: 'user', content: 'five' },
    ]);
  });

  it('with too little before the last two exchanges there is nothing to summarise', async () => {
    const { store } = makeStore({ model: createOpenAiModel({ baseUrl: openai.url }, { probe: null }) });
    const { chatId } = await store.createChat({ text: 'one', model: 'test-model' });
    store.takePendingReply(chatId);
    await idle(store);
    expect(await store.compactChat(chatId)).toEqual({ ok: false, reason: 'nothing' });
  });
});

describe('automatic compaction when a request would not fit', () => {
  // Each test its own storage: the choice is a stored setting.
  // Four exchanges and "five": 15 estimated tokens, against a context of 10.
  it('Ask (the default) sends as it is', async () => {
    const { store, chatId } = await chatOfFour(createMemoryPersistence(), 10);
    const body = await send(store, chatId, 'five');
    expect(body.messages[0]).toEqual({ role: 'user', content: 'one' });
    expect(messagesOf(store, chatId).some((m) => m.compaction)).toBe(false);
  });

  it('Summarise automatically writes a marked summary first, and the send carries it', async () => {
    const { store, chatId } = await chatOfFour(createMemoryPersistence(), 10);
    await store.putSetting('compaction.whenFull', 'summarise');
    summaryReply = textStream('Short.');
    const body = await send(store, chatId, 'five');
    expect(completions().at(-2)!.messages[0]!.content).toBe(SUMMARY_INSTRUCTION);
    expect(body.messages[0]).toEqual({ role: 'system', content: `${SUMMARY_HEADING}\n\nShort.` });
    expect(body.messages[1]).toEqual({ role: 'user', content: 'three' });
    expect(messagesOf(store, chatId).find((m) => m.compaction)?.compaction).toMatchObject({ mode: 'summary', automatic: true });
  });

  it('Drop the oldest turns leaves out just enough, keeps pins, and says so with a marker', async () => {
    const { store, chatId } = await chatOfFour(createMemoryPersistence(), 10);
    await store.putSetting('compaction.whenFull', 'drop');
    await (await store.compaction()).setPinned(pathOf(store, chatId)[0]!.id, true);
    const body = await send(store, chatId, 'five');
    // 15 tokens against 10 (one 1, Re: one 2, two 1, Re: two 2, three 2, Re: three 3, four 1, Re: four 2, five 1):
    // "one" is pinned and stays; "Re: one", "two" and "Re: two" go; the two user turns then go as one.
    expect(body.messages.map((m) => m.content)).toEqual(['one\n\nthree', 'Re: three', 'four', 'Re: four', 'five']);
    expect(messagesOf(store, chatId).find((m) => m.compaction)?.compaction).toMatchObject({ mode: 'drop', automatic: true, covered: 3, tokensBefore: 5, tokensAfter: 0 });
    expect(completions().some((b) => b.messages[0]?.content === SUMMARY_INSTRUCTION)).toBe(false);
  });

  it('a request that fits is sent without compaction, whatever the choice', async () => {
    const { store, chatId } = await chatOfFour(createMemoryPersistence(), 1000);
    await store.putSetting('compaction.whenFull', 'drop');
    expect((await send(store, chatId, 'five')).messages[0]).toEqual({ role: 'user', content: 'one' });
  });
});
