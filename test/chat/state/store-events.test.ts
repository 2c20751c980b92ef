// The store's events reach the app's toasts even when a page listened first (CI: the storage warning was lost).
import { describe, expect, it } from 'vitest';
import { createEventEmitter, EVENT_BUFFER_LIMIT, type ChatStoreEvent } from '../../../src/chat/state';

const unavailable: ChatStoreEvent = { kind: 'storage-unavailable', reason: 'denied' };
const saved: ChatStoreEvent = { kind: 'storage-saved' };

describe('store events', () => {
  it('hands the events from before anyone listened to the first listener, once', () => {
    const events = createEventEmitter();
    events.emit(unavailable);
    const first: ChatStoreEvent[] = [];
    const second: ChatStoreEvent[] = [];
    events.on((e) => first.push(e));
    events.on((e) => second.push(e));
    events.emit(saved);
    expect(first).toEqual([unavailable, saved]);
    expect(second).toEqual([saved]);
  });

  it('keeps them for the first replaying listener while only a page’s live listener is there', () => {
    const events = createEventEmitter();
    const page: ChatStoreEvent[] = [];
    events.on((e) => page.push(e), { replay: false });
    events.emit(unavailable);
    const app: ChatStoreEvent[] = [];
    events.on((e) => app.push(e));
    expect(page).toEqual([unavailable]);
    expect(app).toEqual([unavailable]);
  });

  it('a live listener takes nothing kept, and the kept ones stay bounded', () => {
    const events = createEventEmitter();
    for (let i = 0; i < EVENT_BUFFER_LIMIT + 5; i += 1) events.emit(i === 0 ? unavailable : saved);
    const page: ChatStoreEvent[] = [];
    events.on((e) => page.push(e), { replay: false });
    expect(page).toEqual([]);
    const app: ChatStoreEvent[] = [];
    const stop = events.on((e) => app.push(e));
    expect(app).toHaveLength(EVENT_BUFFER_LIMIT);
    // Once the app stops listening, events are kept again for the next one.
    stop();
    events.emit(unavailable);
    const next: ChatStoreEvent[] = [];
    events.on((e) => next.push(e));
    expect(next).toEqual([unavailable]);
  });
});
