import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGate, createScriptedModel, textSteps } from '../../support/scripted-model';
import { frameSubscribe } from '../../../src/chat/store/frame-subscribe';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { disposeStores, idle, makeStore } from '../store-harness';

afterEach(() => {
  disposeStores();
  vi.useRealTimers();
});

describe('frameSubscribe', () => {
  it('delivers changes at once when nothing streams', async () => {
    const { store } = makeStore({ persistence: createMemoryPersistence() });
    await store.init();
    const listener = vi.fn();
    frameSubscribe(store)(listener);
    await store.createChat({ text: 'Hi' });
    expect(listener).toHaveBeenCalled();
  });

  it('coalesces a burst of streamed deltas into one call per animation frame', async () => {
    const gate = createGate();
    const end = createGate();
    const model = createScriptedModel({ replies: [[{ gate }, ...textSteps('a'.repeat(200), { size: 1 }), { gate: end }]] });
    const { store } = makeStore({ persistence: createMemoryPersistence(), model });
    const { chatId } = await store.createChat({ text: 'Hi' });
    store.takePendingReply(chatId);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    const listener = vi.fn();
    const unsubscribe = frameSubscribe(store)(listener);
    gate.open();
    // 200 deltas arrive (each on its own microtask) before any frame is painted.
    await vi.waitFor(() => expect(store.getSnapshot().messages.get(chatId)?.at(-1)?.content.length).toBe(200));
    expect(listener).not.toHaveBeenCalled();
    expect(frames.length).toBe(1);
    frames.shift()!(0);
    expect(listener).toHaveBeenCalledTimes(1);
    // The end of the stream is delivered at once, not a frame later.
    end.open();
    await idle(store);
    expect(listener.mock.calls.length).toBeGreaterThan(1);
    expect(store.getSnapshot().generating.size).toBe(0);
    unsubscribe();
  });
});
