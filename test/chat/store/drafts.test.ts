// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_SAVE_DELAY_MS, HOME_DRAFT_KEY, type ChatPersistence } from '../../../src/chat';
import { disposeStores, makeStore, persistences, useFakeClock } from '../store-harness';

afterEach(() => {
  disposeStores();
  vi.useRealTimers();
});

/** Counts draft writes. */
function countWrites(p: ChatPersistence) {
  const writes: string[] = [];
  const putDraft = p.putDraft.bind(p);
  const deleteDraft = p.deleteDraft.bind(p);
  Object.assign(p, {
    putDraft: (draft: Parameters<ChatPersistence['putDraft']>[0]) => (writes.push(`put ${draft.key}: ${draft.text}`), putDraft(draft)),
    deleteDraft: (key: string) => (writes.push(`delete ${key}`), deleteDraft(key)),
  });
  return writes;
}

describe.each(persistences)('drafts over %s', (_, open) => {
  it(`are written once typing pauses for ${DRAFT_SAVE_DELAY_MS} ms, not per key press`, async () => {
    useFakeClock();
    const p = await open();
    const writes = countWrites(p);
    const { store } = makeStore({ persistence: p });
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) {
      store.setDraft(HOME_DRAFT_KEY, text);
      await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS / 3);
    }
    expect(store.peekDraft(HOME_DRAFT_KEY)).toBe('Hello');
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(writes).toEqual(['put home: Hello']);
    expect((await p.getDraft(HOME_DRAFT_KEY))?.text).toBe('Hello');
  });

  it('are written at once when the page is hidden or goes away', async () => {
    useFakeClock();
    const p = await open();
    const writes = countWrites(p);
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const { store } = makeStore({ persistence: p, win, doc });
    store.setDraft('c1', 'before pagehide');
    win.dispatchEvent(new Event('pagehide'));
    store.setDraft('c2', 'before hiding');
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual(['put c1: before pagehide', 'put c2: before hiding']);
  });

  it('a cleared draft (the message was sent) is deleted at once', async () => {
    useFakeClock();
    const p = await open();
    const writes = countWrites(p);
    const { store } = makeStore({ persistence: p });
    store.setDraft('c1', 'send me');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    store.setDraft('c1', '');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual(['put c1: send me', 'delete c1']);
    expect(await p.getDraft('c1')).toBeUndefined();
  });

  it('are read back by a new store (a reload), and typing while loading wins', async () => {
    const p = await open();
    await p.putDraft({ key: 'c1', text: 'stored', updatedAt: 1 });
    await p.putDraft({ key: 'c2', text: 'stored too', updatedAt: 1 });
    const { store } = makeStore({ persistence: p });
    expect(store.peekDraft('c1')).toBeUndefined();
    expect(await store.getDraft('c1')).toBe('stored');
    expect(await store.getDraft('nope')).toBe('');

    const loading = store.getDraft('c2');
    store.setDraft('c2', 'typed meanwhile');
    expect(await loading).toBe('typed meanwhile');
  });
});
