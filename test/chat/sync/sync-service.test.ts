// @vitest-environment node
// The app's sync service: the store's own writes reach the server; settings, off and forget.
import PouchDB from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { announceChats } from '../../../src/chat/tabs/announce-chats';
import { createChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createSyncService, SYNC_SETTING, type SyncConfig } from '../../../src/chat/sync/sync-service';
import { getSyncStatus, resetSyncStatus } from '../../../src/chat/sync/sync-status-store';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { createLibraryStore } from '../../../src/chat/library';
import { chat, eventually, libraryIo } from './two-devices';

PouchDB.plugin(memoryAdapter);
let couch: CouchServer;
let replicas = 0;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  resetSyncStatus();
  await couch?.close();
});

async function setUp(options: Parameters<typeof startCouchServer>[0] = {}) {
  couch = await startCouchServer({ auth: 'basic', user: 'ada', password: 'secret', ...options });
  const persistence = createMemoryPersistence();
  const store = createChatStore({ persistence, broadcast: null, untitledTitle: 'Untitled' });
  const library = createLibraryStore({ io: libraryIo(persistence), channel: null });
  const service = createSyncService({ store, library, announce: () => {}, extra: { local: new PouchDB(`service-${++replicas}`, { adapter: 'memory' }) } });
  cleanups.push(() => store.dispose(), () => service.turnOff());
  const config: Omit<SyncConfig, 'enabled'> = { url: couch.url, db: 'parley', auth: { kind: 'basic', username: 'ada', password: 'secret' } };
  return { persistence, store, library, service, config };
}

const serverIds = async () => (await couch.rawDocs('parley')).filter((doc) => !doc._deleted).map((doc) => doc._id);

describe('the sync service', () => {
  it('exports what the store writes, and not what reached storage another way', async () => {
    const { persistence, store, service, config } = await setUp();
    await service.turnOn(config);
    await eventually(() => expect(getSyncStatus()).toEqual({ state: 'synced' }));
    const { chatId } = await store.createChat({ text: 'Hello from the store' });
    await eventually(async () => expect(await serverIds()).toContain(`chat:${chatId}`));
    const behind = chat({ title: 'Written behind the store' });
    await persistence.createChat(behind, []);
    await store.renameChat(chatId, 'Renamed');
    await eventually(async () => {
      const doc = (await couch.rawDocs('parley')).find((row) => row._id === `chat:${chatId}`);
      expect((doc as unknown as { chat: { title: string } }).chat.title).toBe('Renamed');
    });
    expect(await serverIds()).not.toContain(`chat:${behind.id}`);
  });

  it('exports what the library store writes, and the rows a restore wrote once the store reads them again (issue 23)', async () => {
    const { persistence, library, service, config } = await setUp();
    await library.init();
    await service.turnOn(config);
    await eventually(() => expect(getSyncStatus()).toEqual({ state: 'synced' }));
    const prompt = await library.createPrompt({ name: 'Quiz me', body: 'Ask {{count}} questions' });
    await eventually(async () => expect(await serverIds()).toContain(`lib:${prompt.id}`));
    const restored = { id: 'restored-preset', kind: 'preset', name: 'From a backup', createdAt: 1, updatedAt: 2 } as const;
    await persistence.putLibrary(restored);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await serverIds()).not.toContain('lib:restored-preset');
    await library.reload();
    await eventually(async () => expect(await serverIds()).toContain('lib:restored-preset'));
    await library.remove(prompt.id);
    await eventually(async () => expect(await serverIds()).not.toContain(`lib:${prompt.id}`));
  });

  it('exports at once the chats an import or a restore announces', async () => {
    const { persistence, service, config } = await setUp();
    await service.turnOn(config);
    await eventually(() => expect(getSyncStatus()).toEqual({ state: 'synced' }));
    const imported = chat({ title: 'Imported from a backup' });
    await persistence.createChat(imported, []);
    announceChats([imported.id]);
    await eventually(async () => expect(await serverIds()).toContain(`chat:${imported.id}`));
  });

  it('keeps the settings when turned off, and forgets them (not the chats) on Forget', async () => {
    const { store, service, config, persistence } = await setUp();
    await service.turnOn(config);
    const { chatId } = await store.createChat({ text: 'Kept' });
    await service.turnOff();
    expect(getSyncStatus()).toEqual({ state: 'off' });
    expect(await store.getSetting(SYNC_SETTING)).toMatchObject({ url: couch.url, enabled: false });
    await service.forget();
    expect(await service.readConfig()).toBeUndefined();
    expect(await persistence.getChat(chatId)).toBeDefined();
  });

  it('Test tells a wrong password and a database it may not create', async () => {
    const { service, config } = await setUp({ allowCreate: false });
    expect(await service.test({ ...config, auth: { kind: 'basic', username: 'ada', password: 'wrong' } })).toEqual({ ok: false, reason: 'unauthorized' });
    expect(await service.test(config)).toEqual({ ok: false, reason: 'db-missing-no-create' });
    await couch.createDb('parley');
    expect(await service.test(config)).toEqual({ ok: true, feed: 'selector' });
  });
});
