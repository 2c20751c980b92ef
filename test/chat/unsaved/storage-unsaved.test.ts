// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unwrap } from 'idb';
import { createIdbPersistence, openDatabase, type ChatPersistence, type ChatStore } from '../../../src/chat';
import { openParleyDb } from '../../../src/chat/persistence/db-wrapped';
import { createUnsavedChanges, RETRY_FIRST_DELAY_MS } from '../../../src/chat/unsaved/unsaved-changes';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { chat, message } from '../fixtures';
import { chatOf, disposeStores, idle, makeStore, messagesOf, useFakeClock } from '../store-harness';

/**
 * Storage that refuses writes (QuotaExceededError) and then takes them again: every change
 * stays in memory, marked unsaved, and reaches storage once there is room.
 */

afterEach(() => {
  disposeStores();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A real IndexedDB (fake-indexeddb) whose disk can be filled and freed. */
async function fullableDisk() {
  const factory = new IDBFactory();
  const persistence = createIdbPersistence(await openDatabase(factory));
  const disk = { full: false, factory, persistence };
  for (const method of ['add', 'put'] as const) {
    const original = IDBObjectStore.prototype[method];
    vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (disk.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    });
  }
  return disk;
}

/** What a fresh tab would read: a new connection to the same database. */
async function reread(factory: IDBFactory) {
  const db = await openParleyDb(factory);
  const p = createIdbPersistence(unwrap(db));
  const chats = await p.listChats();
  const messages = await Promise.all(chats.map((c) => p.listMessages(c.id)));
  db.close();
  return { chats, messages: messages.flat() };
}

const unsaved = (store: ChatStore) => store.getSnapshot().unsaved;
const usage = { usage: 48_000_000, quota: 50_000_000 };
const estimateStorage = async () => usage;
/** Lets fake-indexeddb (setImmediate) and the store's promise chains run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('changes storage refused', () => {
  it('keeps a new chat made while full in memory, marked unsaved, and stores it once there is room', async () => {
    const disk = await fullableDisk();
    const { store, events } = makeStore({ persistence: disk.persistence, estimateStorage });
    disk.full = true;

    const { chatId } = await store.createChat({ text: 'Written on a full disk' });
    const first = messagesOf(store, chatId)[0]!;
    expect(chatOf(store, chatId)?.title).toBe('Written on a full disk');
    expect(unsaved(store).chats).toEqual(new Set([chatId]));
    expect(unsaved(store).chatsWithChanges).toEqual(new Set([chatId]));
    expect(unsaved(store).messages).toEqual(new Set([first.id]));
    await vi.waitFor(() => expect(events).toEqual([{ kind: 'storage-full', operation: 'create-chat', usage: { used: 48_000_000, quota: 50_000_000 } }]));

    // Still full: Try again fails, and says so again.
    expect(await store.retrySaves()).toBe(false);
    await vi.waitFor(() => expect(events.map((e) => e.kind)).toEqual(['storage-full', 'storage-full']));
    expect(events[1]).toMatchObject({ operation: 'retry-saves' });
    expect((await reread(disk.factory)).chats).toEqual([]);

    disk.full = false;
    expect(await store.retrySaves()).toBe(true);
    expect(unsaved(store).count).toBe(0);
    expect(unsaved(store).chats.size).toBe(0);
    expect(events.at(-1)).toEqual({ kind: 'storage-saved' });
    const stored = await reread(disk.factory);
    expect(stored.chats.map((c) => c.title)).toEqual(['Written on a full disk']);
    expect(stored.messages.map((m) => m.content)).toEqual(['Written on a full disk']);
  });

  it('shows a failed rename as the new title, marked unsaved, and stores that title later', async () => {
    const disk = await fullableDisk();
    const { store } = makeStore({ persistence: disk.persistence, estimateStorage: null });
    const { chatId } = await store.createChat({ text: 'Old title' });
    disk.full = true;

    await store.renameChat(chatId, 'New title');
    expect(chatOf(store, chatId)?.title).toBe('New title');
    expect(unsaved(store).chats.has(chatId)).toBe(true);
    expect((await disk.persistence.getChat(chatId))?.title).toBe('Old title');
    await store.pinChat(chatId, true);
    disk.full = false;

    expect(await store.retrySaves()).toBe(true);
    expect(unsaved(store).chats.has(chatId)).toBe(false);
    expect((await reread(disk.factory)).chats[0]).toMatchObject({ title: 'New title', pinned: true, titleSource: 'user' });
  });

  it('marks a message and its streamed reply unsaved, retries on a backing-off timer, and stores both', async () => {
    useFakeClock();
    const disk = await fullableDisk();
    const model = createScriptedModel({ replies: [textSteps('A reply kept in memory')] });
    const { store, events } = makeStore({ persistence: disk.persistence, model, estimateStorage: null });
    const { chatId } = await store.createChat({ text: 'Stored first' });
    disk.full = true;

    const sent = (await store.sendMessage(chatId, 'Sent while full'))!;
    await vi.advanceTimersByTimeAsync(0);
    await idle(store);
    await settle();
    const reply = messagesOf(store, chatId).find((m) => m.role === 'assistant')!;
    expect(reply).toMatchObject({ content: 'A reply kept in memory', status: 'complete' });
    expect(unsaved(store).messages).toEqual(new Set([sent, reply.id]));
    expect(unsaved(store).chatsWithChanges).toEqual(new Set([chatId]));
    // The chat's current branch moves with the messages; its title is stored and not marked.
    expect(unsaved(store).chats.size).toBe(0);
    expect(events.filter((e) => e.kind === 'storage-full')).toHaveLength(1);

    // The first automatic retry finds the disk still full; the next one comes later.
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    await settle();
    expect(unsaved(store).messages.size).toBe(2);
    disk.full = false;
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    await settle();
    expect(unsaved(store).messages.size).toBe(2);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    await vi.waitFor(() => expect(unsaved(store).count).toBe(0));

    const stored = await reread(disk.factory);
    expect(stored.messages.map((m) => m.content)).toEqual(['Stored first', 'Sent while full', 'A reply kept in memory']);
    expect(stored.chats[0]!.currentLeafId).toBe(reply.id);
    expect(events.map((e) => e.kind)).toEqual(['storage-full', 'storage-saved']);
  });

  it('retries when the browser is back online, and after the next write that succeeds', async () => {
    const disk = await fullableDisk();
    const win = new EventTarget();
    const { store } = makeStore({ persistence: disk.persistence, win, estimateStorage: null });
    const { chatId } = await store.createChat({ text: 'One' });
    disk.full = true;
    await store.renameChat(chatId, 'Renamed offline');
    disk.full = false;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(unsaved(store).count).toBe(0));
    expect((await reread(disk.factory)).chats[0]!.title).toBe('Renamed offline');

    disk.full = true;
    const { chatId: second } = await store.createChat({ text: 'Two' });
    disk.full = false;
    // Any write that gets through means there is room again: the new chat follows it.
    await store.pinChat(chatId, true);
    await vi.waitFor(() => expect(unsaved(store).count).toBe(0));
    expect((await reread(disk.factory)).chats.map((c) => c.id)).toContain(second);
  });

  it('keeps an unsaved rename on screen when another tab changes the same chat', async () => {
    const factory = new IDBFactory();
    const full = { value: false };
    const inner = createIdbPersistence(await openDatabase(factory));
    const refusing: ChatPersistence = {
      ...inner,
      patchChat: (id, patch) => (full.value ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : inner.patchChat(id, patch)),
    };
    const channel = `parley-unsaved-${Math.random()}`;
    const a = makeStore({ persistence: refusing, broadcast: new BroadcastChannel(channel), estimateStorage: null }).store;
    const b = makeStore({ persistence: createIdbPersistence(await openDatabase(factory)), broadcast: new BroadcastChannel(channel) }).store;
    const { chatId } = await a.createChat({ text: 'Shared' });
    await vi.waitFor(() => expect(chatOf(b, chatId)).toBeDefined());

    full.value = true;
    await a.renameChat(chatId, 'Mine, not stored yet');
    await b.pinChat(chatId, true);
    // Tab A reads the chat again after B's notice: B's pin arrives, A's own title stays.
    await vi.waitFor(() => expect(chatOf(a, chatId)?.pinned).toBe(true));
    expect(chatOf(a, chatId)?.title).toBe('Mine, not stored yet');
    expect(unsaved(a).chats.has(chatId)).toBe(true);

    full.value = false;
    expect(await a.retrySaves()).toBe(true);
    expect((await reread(factory)).chats[0]).toMatchObject({ title: 'Mine, not stored yet', pinned: true });
  });

  it('asks before the page is left while anything is unsaved, and not after', async () => {
    const disk = await fullableDisk();
    const win = new EventTarget();
    const { store } = makeStore({ persistence: disk.persistence, win, estimateStorage: null });
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      win.dispatchEvent(event);
      return event.defaultPrevented;
    };
    disk.full = true;
    await store.createChat({ text: 'Unsaved' });
    expect(leave()).toBe(true);
    disk.full = false;
    await store.retrySaves();
    expect(leave()).toBe(false);
  });

  it('a message deleted before it could be stored is not written later', async () => {
    const disk = await fullableDisk();
    const model = createScriptedModel({ replies: [textSteps('Reply to drop')] });
    const { store } = makeStore({ persistence: disk.persistence, model, estimateStorage: null });
    const { chatId } = await store.createChat({ text: 'Kept' });
    disk.full = true;
    const sent = (await store.sendMessage(chatId, 'Dropped'))!;
    await idle(store);
    await vi.waitFor(() => expect(unsaved(store).messages.size).toBe(2));
    await store.deleteMessage(sent);
    expect(unsaved(store).messages.size).toBe(0);
    disk.full = false;
    expect(await store.retrySaves()).toBe(true);
    expect((await reread(disk.factory)).messages.map((m) => m.content)).toEqual(['Kept']);
  });

  it('forgets a chat deleted before it could be stored', async () => {
    const disk = await fullableDisk();
    const { store, events } = makeStore({ persistence: disk.persistence, estimateStorage: null });
    disk.full = true;
    const { chatId } = await store.createChat({ text: 'Short-lived' });
    await store.deleteChat(chatId);
    expect(unsaved(store).count).toBe(0);
    expect(events.map((e) => e.kind)).toEqual(['storage-full', 'storage-saved']);
    disk.full = false;
    expect(await store.retrySaves()).toBe(true);
    expect((await reread(disk.factory)).chats).toEqual([]);
  });
});

/** A persistence whose writes are held until the test settles each one: success, or a full disk. */
function heldWrites(inner: ChatPersistence) {
  const held: { name: string; args: unknown[]; settle(ok: boolean): Promise<void> }[] = [];
  const hold =
    (name: 'patchChat' | 'putMessage') =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        held.push({
          name,
          args,
          async settle(ok) {
            if (!ok) return reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
            resolve(await (inner[name] as (...a: unknown[]) => Promise<unknown>)(...args));
          },
        });
      });
  const persistence: ChatPersistence = { ...inner, patchChat: hold('patchChat') as ChatPersistence['patchChat'], putMessage: hold('putMessage') as ChatPersistence['putMessage'] };
  return { persistence, held };
}

describe('retry order', () => {
  async function setUp() {
    const inner = createIdbPersistence(await openDatabase(new IDBFactory()));
    const { persistence, held } = heldWrites(inner);
    const { store } = makeStore({ persistence, estimateStorage: null });
    const { chatId } = await store.createChat({ text: 'Chat' });
    return { inner, held, store, chatId };
  }

  it('an older write failing after a newer one was stored leaves nothing to retry', async () => {
    const { inner, held, store, chatId } = await setUp();
    const older = store.renameChat(chatId, 'Older');
    const newer = store.renameChat(chatId, 'Newer');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    await held[1]!.settle(true);
    await newer;
    await held[0]!.settle(false);
    await older;
    expect(unsaved(store).count).toBe(0);
    expect((await inner.getChat(chatId))?.title).toBe('Newer');
    expect(held).toHaveLength(2);
  });

  it('a retry writes the newest value, never the one that failed', async () => {
    const { inner, held, store, chatId } = await setUp();
    const failing = store.renameChat(chatId, 'Failed');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    await held[0]!.settle(false);
    await failing;
    expect(unsaved(store).chats.has(chatId)).toBe(true);

    // A newer rename is on its way when the user presses Try again.
    const newer = store.renameChat(chatId, 'Newest');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    const retried = store.retrySaves();
    await vi.waitFor(() => expect(held).toHaveLength(3));
    expect(held[2]!.args).toEqual([chatId, { title: 'Newest', titleSource: 'user' }]);
    await held[1]!.settle(true);
    await held[2]!.settle(true);
    await Promise.all([newer, retried]);
    expect((await inner.getChat(chatId))?.title).toBe('Newest');
    expect(unsaved(store).count).toBe(0);
  });

  it('a streaming reply saved later is not overwritten by its earlier, failed save', async () => {
    const inner = createIdbPersistence(await openDatabase(new IDBFactory()));
    await inner.createChat(chat('c1', 1), [message('u', null, 1)]);
    const { persistence, held } = heldWrites(inner);
    const changes = createUnsavedChanges({ onStored: () => {} });
    const p = changes.wrap(persistence);
    const reply = message('r', 'u', 2, { status: 'streaming', content: 'Hel' });

    const early = p.putMessage(reply).catch(() => false);
    const late = p.putMessage({ ...reply, status: 'complete', content: 'Hello there' });
    await vi.waitFor(() => expect(held).toHaveLength(2));
    await held[0]!.settle(false);
    await early;
    expect(changes.snapshot().messages).toEqual(new Set(['r']));
    // The retry starts while the later save is still on its way: it writes the later text.
    const retried = changes.retry();
    await vi.waitFor(() => expect(held).toHaveLength(3));
    expect(held[2]!.args[0]).toMatchObject({ content: 'Hello there', status: 'complete' });
    await held[1]!.settle(true);
    await held[2]!.settle(true);
    expect(await retried).toBe(true);
    await late;
    expect((await inner.listMessages('c1')).map((m) => m.content)).toEqual(['text of u', 'Hello there']);
    expect(changes.snapshot().count).toBe(0);
    changes.dispose();
  });
});
