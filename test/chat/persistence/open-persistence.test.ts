// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unwrap } from 'idb';
import { createIdbPersistence, DB_NAME, DB_VERSION, MIGRATIONS, OPEN_TIMEOUT_MS, openPersistence, type Migration } from '../../../src/chat';
import { openParleyDb } from '../../../src/chat/persistence/db-wrapped';
import { chat } from '../fixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** Reads every chat row of the `parley` database directly, as another app version would. */
function rawChatIds(factory: IDBFactory): Promise<{ version: number; ids: string[] }> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const version = db.version;
      if (!db.objectStoreNames.contains('chats')) {
        db.close();
        resolve({ version, ids: [] });
        return;
      }
      const keys = db.transaction('chats').objectStore('chats').getAllKeys();
      keys.onsuccess = () => {
        db.close();
        resolve({ version, ids: keys.result as string[] });
      };
    };
  });
}

describe('the schema', () => {
  it('has the chats, messages, drafts, settings, search index and library stores with their indexes', async () => {
    const db = await openParleyDb(new IDBFactory());
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['attachments', 'chats', 'drafts', 'library', 'messages', 'searchIndex', 'settings']);
    expect(db.transaction('library').objectStore('library').keyPath).toBe('id');
    const tx = db.transaction(['chats', 'messages']);
    expect(tx.objectStore('chats').keyPath).toBe('id');
    expect(tx.objectStore('chats').index('updatedAt').keyPath).toBe('updatedAt');
    expect(tx.objectStore('messages').index('chatId_createdAt').keyPath).toEqual(['chatId', 'createdAt']);
    db.close();
  });

  it('upgrades a stored database one migration at a time, keeping its data', async () => {
    const factory = new IDBFactory();
    const v1 = await openParleyDb(factory);
    await v1.put('chats', chat('kept', 1));
    v1.close();
    const addTags: Migration = (db) => void db.createObjectStore('tags', { keyPath: 'id' });
    const upgraded = await openParleyDb(factory, { migrations: [...MIGRATIONS, addTags] });
    expect(upgraded.version).toBe(DB_VERSION + 1);
    expect(upgraded.objectStoreNames.contains('tags' as never)).toBe(true);
    expect(await upgraded.get('chats', 'kept')).toEqual(chat('kept', 1));
    upgraded.close();
  });

  it('adds the library store to a version 3 database and keeps every row it had (issue 23)', async () => {
    const factory = new IDBFactory();
    const v3 = await openParleyDb(factory, { migrations: MIGRATIONS.slice(0, 3) });
    expect(v3.version).toBe(3);
    await v3.put('chats', chat('kept', 1));
    await v3.put('settings', { key: 'tools', value: { servers: [] } });
    await (v3 as unknown as { put(store: string, row: unknown): Promise<unknown> }).put('attachments', { id: 'a1', chatId: 'kept', name: 'x.txt' });
    v3.close();
    const upgraded = await openParleyDb(factory);
    expect(upgraded.version).toBe(4);
    expect(await upgraded.get('chats', 'kept')).toEqual(chat('kept', 1));
    expect(await upgraded.get('settings', 'tools')).toEqual({ key: 'tools', value: { servers: [] } });
    expect(await upgraded.count('attachments')).toBe(1);
    expect(await upgraded.getAll('library')).toEqual([]);
    upgraded.close();
    const persistence = createIdbPersistence(unwrap(await openParleyDb(factory)));
    const prompt = { id: 'p1', kind: 'prompt' as const, name: 'Hi', body: 'Say hi', createdAt: 1, updatedAt: 1 };
    await persistence.putLibrary(prompt);
    expect(await persistence.listLibrary()).toEqual([prompt]);
    await persistence.deleteLibrary('p1');
    expect(await persistence.listLibrary()).toEqual([]);
    persistence.close();
  });

  it('a migration that fails leaves the stored version and data as they were', async () => {
    const factory = new IDBFactory();
    const v1 = await openParleyDb(factory);
    await v1.put('chats', chat('kept', 1));
    v1.close();
    const broken: Migration = () => {
      throw new Error('bad migration');
    };
    await expect(openParleyDb(factory, { migrations: [...MIGRATIONS, broken] })).rejects.toThrow('bad migration');
    expect(await rawChatIds(factory)).toEqual({ version: DB_VERSION, ids: ['kept'] });
  });

  it('closes when another tab upgrades, instead of blocking it', async () => {
    const factory = new IDBFactory();
    const onVersionChange = vi.fn();
    const old = await openParleyDb(factory, { onVersionChange });
    const onBlocked = vi.fn();
    const newer = await openParleyDb(factory, { migrations: [...MIGRATIONS, () => {}], onBlocked });
    expect(onVersionChange).toHaveBeenCalledTimes(1);
    expect(onBlocked).not.toHaveBeenCalled();
    expect(newer.version).toBe(DB_VERSION + 1);
    newer.close();
    // This tab's connection is closed: its writes now fail as "storage unavailable".
    await expect(createIdbPersistence(unwrap(old)).putChat(chat('late', 1))).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('openPersistence', () => {
  it('uses IndexedDB when it opens', async () => {
    const { persistence, reason } = await openPersistence(new IDBFactory());
    expect(persistence.kind).toBe('indexeddb');
    expect(reason).toBeUndefined();
    persistence.close();
  });

  it('falls back to memory without IndexedDB', async () => {
    const { persistence, reason } = await openPersistence(null);
    expect(persistence.kind).toBe('memory');
    expect(reason?.kind).toBe('unavailable');
  });

  it('falls back to memory when opening throws (storage disabled)', async () => {
    const factory = {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const { persistence, reason } = await openPersistence(factory);
    expect(persistence.kind).toBe('memory');
    expect(reason).toMatchObject({ kind: 'unavailable', message: 'The operation is insecure.' });
  });

  it(`falls back to memory when opening hangs for ${OPEN_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const hanging = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory;
    let settled = false;
    const opening = openPersistence(hanging).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(OPEN_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { persistence, reason } = await opening;
    expect(persistence.kind).toBe('memory');
    expect(reason?.kind).toBe('unavailable');
  });

  it('leaves a database it cannot open (a newer version) untouched, even after writing in memory', async () => {
    const factory = new IDBFactory();
    const newer = await openParleyDb(factory, { migrations: [...MIGRATIONS, () => {}, () => {}] });
    await newer.put('chats', chat('precious', 1));
    newer.close();

    const { persistence, reason } = await openPersistence(factory);
    expect(persistence.kind).toBe('memory');
    expect(reason?.kind).toBe('unavailable');
    await persistence.createChat(chat('session-only', 2), []);

    expect(await rawChatIds(factory)).toEqual({ version: DB_VERSION + 2, ids: ['precious'] });
  });
});
