// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatStore, createIdbPersistence, DB_NAME, MIGRATIONS, openDatabase, openPersistence } from '../../../src/chat';
import { openParleyDb } from '../../../src/chat/persistence/db-wrapped';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { chat } from '../fixtures';
import { chatOf, disposeStores, idle, makeStore, messagesOf } from '../store-harness';

afterEach(() => {
  disposeStores();
  vi.restoreAllMocks();
});

function rawChatIds(factory: IDBFactory): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const keys = request.result.transaction('chats').objectStore('chats').getAllKeys();
      keys.onsuccess = () => {
        request.result.close();
        resolve(keys.result as string[]);
      };
    };
  });
}

/** Makes every write of `method` to `storeName` fail as a full disk does. */
function fillDisk(method: 'add' | 'put', storeName: string) {
  const original = IDBObjectStore.prototype[method];
  return vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (this.name === storeName) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return original.apply(this, args);
  });
}

describe('IndexedDB that cannot be opened', () => {
  it('runs in memory, warns exactly once, and writes nothing to the stored database', async () => {
    const factory = new IDBFactory();
    // A newer Parley stored this; this version can't open it, and must not harm it.
    const newer = await openParleyDb(factory, { migrations: [...MIGRATIONS, () => {}] });
    await newer.put('chats', chat('precious', 1));
    newer.close();

    const model = createScriptedModel({ replies: [textSteps('Still works')] });
    const { store, events } = makeStore({ persistence: () => openPersistence(factory), model });
    await store.init();
    await store.init();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', storage: 'memory', chats: [] });

    const { chatId } = await store.createChat({ text: 'Session only' });
    store.takePendingReply(chatId);
    await idle(store);
    await store.renameChat(chatId, 'Renamed');
    expect(messagesOf(store, chatId).map((m) => m.content)).toEqual(['Session only', 'Still works']);

    expect(events.map((e) => e.kind)).toEqual(['storage-unavailable']);
    expect(await rawChatIds(factory)).toEqual(['precious']);
  });

  it('hands the warning to a listener that subscribes after it happened', async () => {
    const store = createChatStore({ persistence: () => openPersistence(null), broadcast: null });
    await store.init();
    const late: string[] = [];
    store.onError((event) => late.push(event.kind));
    expect(late).toEqual(['storage-unavailable']);
    const later: string[] = [];
    store.onError((event) => later.push(event.kind));
    expect(later).toEqual([]);
    store.dispose();
  });
});

describe('a full disk', () => {
  it('a new chat that cannot be stored reports storage-full and leaves nothing half-written', async () => {
    const factory = new IDBFactory();
    const p = createIdbPersistence(await openDatabase(factory));
    const { store, events } = makeStore({ persistence: p });
    fillDisk('add', 'messages');

    const { chatId } = await store.createChat({ text: 'Will not fit' });
    expect(events).toEqual([{ kind: 'storage-full', operation: 'create-chat' }]);
    expect(await p.getChat(chatId)).toBeUndefined();
    expect(await p.listMessages(chatId)).toEqual([]);
    expect(await rawChatIds(factory)).toEqual([]);
    // The text stays on screen for this session, so nothing typed is lost.
    expect(chatOf(store, chatId)?.title).toBe('Will not fit');
  });

  it('a reply that cannot be saved still streams, and the warning comes once', async () => {
    const p = createIdbPersistence(await openDatabase(new IDBFactory()));
    const model = createScriptedModel({ replies: [textSteps('streamed anyway', { size: 2, delayMs: 1 })] });
    const { store, events } = makeStore({ persistence: p, model });
    const { chatId } = await store.createChat({ text: 'Hi' });
    fillDisk('put', 'messages');

    store.takePendingReply(chatId);
    await idle(store);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messagesOf(store, chatId)[1]).toMatchObject({ content: 'streamed anyway', status: 'complete' });
    expect(events).toEqual([{ kind: 'storage-full', operation: 'save-message' }]);
    // The failed writes were whole transactions: the chat row didn't move to a reply that isn't stored.
    expect((await p.getChat(chatId))?.currentLeafId).toBe(messagesOf(store, chatId)[0]!.id);
    expect(await p.listMessages(chatId)).toHaveLength(1);
  });
});
