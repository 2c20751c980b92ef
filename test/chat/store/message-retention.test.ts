// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETAINED_CHATS } from '../../../src/chat/store/message-retention';
import { createGate, createScriptedModel, textSteps } from '../../support/scripted-model';
import { disposeStores, idle, makeStore, persistences } from '../store-harness';

afterEach(() => {
  disposeStores();
});

// The leak the budget's heap figures found: every chat opened kept its messages until the tab closed.
describe.each(persistences)('messages kept in memory over %s', (_, open) => {
  /** Chats made in one store (each with a stored reply), for a second store to open cold. */
  async function seed(count: number) {
    const p = await open();
    const { store } = makeStore({ persistence: p, model: createScriptedModel({ replies: () => textSteps('Reply') }) });
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const { chatId } = await store.createChat({ text: `Chat ${i}` });
      store.takePendingReply(chatId);
      await idle(store);
      ids.push(chatId);
    }
    await vi.waitFor(async () => expect((await p.listMessages(ids.at(-1)!)).map((m) => m.status)).toEqual(['complete', 'complete']));
    store.dispose();
    return { p, ids };
  }

  it('keeps the last chats opened and lets the older ones go, reading them again when reopened', async () => {
    const { p, ids } = await seed(RETAINED_CHATS + 3);
    const { store } = makeStore({ persistence: p });
    for (const id of ids) expect(await store.loadChat(id)).toBe(true);
    const kept = [...store.getSnapshot().messages.keys()];
    expect(kept.sort()).toEqual(ids.slice(-RETAINED_CHATS).sort());

    // Reopening an older chat reads it again; the least recently opened one goes instead.
    expect(await store.loadChat(ids[0]!)).toBe(true);
    expect(store.getSnapshot().messages.get(ids[0]!)?.map((m) => m.content)).toEqual(['Chat 0', 'Reply']);
    expect(store.getSnapshot().messages.has(ids[3]!)).toBe(false);
    expect(store.getSnapshot().messages.size).toBe(RETAINED_CHATS);
  });

  it('never lets go of a chat whose reply is still streaming', async () => {
    const { p, ids } = await seed(RETAINED_CHATS + 1);
    const gate = createGate();
    const model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Half' } }, { gate }]] });
    const { store } = makeStore({ persistence: p, model });
    const { chatId: streaming } = await store.createChat({ text: 'Long one' });
    store.takePendingReply(streaming);
    await vi.waitFor(() => expect(store.getSnapshot().messages.get(streaming)?.at(-1)?.content).toBe('Half'));
    for (const id of ids) await store.loadChat(id);
    expect(store.getSnapshot().messages.get(streaming)?.at(-1)?.content).toBe('Half');
    gate.open();
    await idle(store);
  });
});
