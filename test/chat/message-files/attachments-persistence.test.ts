// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { unwrap } from 'idb';
import { createIdbPersistence, MIGRATIONS, openDatabase, StorageError } from '../../../src/chat';
import { openParleyDb } from '../../../src/chat/persistence/db-wrapped';
import type { StoredAttachment } from '../../../src/chat/persistence/attachment-rows';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';

/** The attachments store: the v3 migration, rows moving with their messages, and reads that never touch them. */

const picture = (id: string, owner: Partial<StoredAttachment>, createdAt = 1): StoredAttachment =>
  ({ id, kind: 'image', name: `${id}.jpg`, mimeType: 'image/jpeg', size: 3, width: 2, height: 1, blob: new Blob(['abc']), createdAt, ...owner }) as StoredAttachment;

describe('migration to v3', () => {
  it('adds the attachments store to a v2 database and loses nothing', async () => {
    const factory = new IDBFactory();
    const v2 = createIdbPersistence(await openDatabase(factory, { migrations: MIGRATIONS.slice(0, 2) }));
    await v2.createChat(chat('c1', 5, { title: 'Kept' }), [message('m1', null, 1), message('m2', 'm1', 2)]);
    await v2.putDraft({ key: 'c1', text: 'half typed', updatedAt: 3 });
    await v2.putSetting('theme', 'dark');
    v2.close();

    const db = await openParleyDb(factory);
    expect([...db.objectStoreNames]).toContain('attachments');
    expect([...db.transaction('attachments').store.indexNames].sort()).toEqual(['chatId', 'draftKey', 'messageId']);
    const v3 = createIdbPersistence(unwrap(db));
    expect((await v3.listChats()).map((c) => c.title)).toEqual(['Kept']);
    expect((await v3.listMessages('c1')).map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(await v3.getDraft('c1')).toEqual({ key: 'c1', text: 'half typed', updatedAt: 3 });
    expect(await v3.getSetting('theme')).toBe('dark');
    await v3.putAttachment(picture('a1', { draftKey: 'c1' }));
    expect((await v3.listDraftAttachments('c1')).map((row) => row.id)).toEqual(['a1']);
  });
});

describe('listing chats and messages', () => {
  it('never opens the attachments store', async () => {
    const db = await openParleyDb(new IDBFactory());
    const p = createIdbPersistence(unwrap(db));
    const m1 = { ...message('m1', null, 1), attachments: [{ id: 'a1', kind: 'image' as const, name: 'a1.jpg', size: 3, mimeType: 'image/jpeg' }] };
    await p.putMessageWithAttachments(m1, [picture('a1', { chatId: 'c1', messageId: 'm1' })], { create: chat('c1', 1) });
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await p.listChats();
    await p.listMessages('c1');
    await p.getChat('c1');
    const stores = transaction.mock.calls.flatMap(([names]) => (Array.isArray(names) ? names : [names]));
    expect(stores.length).toBeGreaterThan(0);
    expect(stores).not.toContain('attachments');
    transaction.mockRestore();
    expect((await p.listMessages('c1'))[0]!.attachments).toEqual(m1.attachments);
  });
});

describe.each(persistences)('%s attachment rows', (_, open) => {
  it('writes a message with its rows all or nothing', async () => {
    const p = await open();
    await p.createChat(chat('c1', 1), []);
    const broken = { ...picture('a2', { chatId: 'c1', messageId: 'm1' }), id: undefined } as unknown as StoredAttachment;
    const failure = await p.putMessageWithAttachments(message('m1', null, 1), [picture('a1', { chatId: 'c1', messageId: 'm1' }), broken], {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StorageError);
    expect(await p.listMessages('c1')).toEqual([]);
    expect(await p.getAttachments(['a1'])).toEqual([]);
    // A chat that is gone takes nothing.
    expect(await p.putMessageWithAttachments(message('m9', null, 1, { chatId: 'gone' }), [picture('a9', { chatId: 'gone', messageId: 'm9' })], {})).toBe(false);
    expect(await p.getAttachments(['a9'])).toEqual([]);
  });

  it('deletes rows with their messages and chat, and puts them back', async () => {
    const p = await open();
    await p.createChat(chat('c1', 1), [message('m1', null, 1), message('m2', 'm1', 2)]);
    await p.putAttachment(picture('a1', { chatId: 'c1', messageId: 'm1' }, 1));
    await p.putAttachment(picture('a2', { chatId: 'c1', messageId: 'm2' }, 2));
    await p.putAttachment(picture('d1', { draftKey: 'c1' }, 3));
    await p.putAttachment(picture('other', { draftKey: 'home' }, 4));

    const removed = await p.deleteMessages('c1', ['m2']);
    expect((removed || []).map((row) => row.id)).toEqual(['a2']);
    expect((await p.getAttachments(['a1', 'a2'])).map((row) => row.id)).toEqual(['a1']);

    const deleted = await p.deleteChat('c1');
    expect(deleted?.attachments?.map((row) => row.id).sort()).toEqual(['a1', 'd1']);
    expect(await p.getAttachments(['a1', 'd1'])).toEqual([]);
    expect((await p.listDraftAttachments('home')).map((row) => row.id)).toEqual(['other']);

    await p.restoreChat(deleted!.chat, deleted!.messages, deleted!.draft, deleted!.attachments);
    expect((await p.listChatAttachments('c1')).map((row) => row.id)).toEqual(['a1']);
    expect((await p.listDraftAttachments('c1')).map((row) => row.id)).toEqual(['d1']);
    expect(((await p.getAttachments(['a1']))[0] as { blob: Blob }).blob.size).toBe(3);
  });
});
