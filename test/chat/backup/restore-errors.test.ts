// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ChatPersistence } from '../../../src/chat';
import { backupErrorOf } from '../../../src/chat/backup';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import { buildChatExport } from '../../../src/chat/backup/export';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { StorageError } from '../../../src/chat';
import { chat, message } from '../fixtures';
import { restore, seed } from './backup-fixtures';

/** A file that is not a usable backup restores nothing, and says what is wrong. */

async function goodBackup() {
  const source = createMemoryPersistence();
  await seed(source);
  return JSON.parse(await (await writeBackup(source)).blob.text());
}

async function failure(text: string, target: ChatPersistence = createMemoryPersistence()) {
  const error = await restore(target, text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect((await target.listChats()).length).toBe(0);
  return backupErrorOf(error);
}

describe('restoring a broken file', () => {
  it.each([
    ['a 0-byte file', '', 'empty-file'],
    ['JSON cut short', '{"format":"parley.backup","chats":[{"chat":', 'truncated-json'],
    ['not JSON', 'hello, world', 'invalid-json'],
    ['another JSON document', '{"conversations":[]}', 'not-a-backup'],
    ['one chat’s export', JSON.stringify(buildChatExport(chat('c1', 1), [message('a', null, 1)])), 'not-a-backup'],
  ])('%s: %s', async (_what, text, code) => {
    expect((await failure(text))?.code).toBe(code);
  });

  it('a newer version is refused as such', async () => {
    const doc = await goodBackup();
    expect(await failure(JSON.stringify({ ...doc, version: 99 }))).toEqual({ code: 'newer-version', params: { version: '99' } });
  });

  it('names the chat and the field that breaks the format, and writes none of the others', async () => {
    const doc = await goodBackup();
    doc.chats[1].messages[1].parentId = 'nowhere';
    expect(await failure(JSON.stringify(doc))).toEqual({ code: 'invalid-entry', params: { index: 2, title: 'With a PDF', field: 'messages[1].parentId' } });
    delete doc.chats[0].chat.createdAt;
    expect(await failure(JSON.stringify(doc))).toEqual({ code: 'invalid-entry', params: { index: 1, title: 'Branched', field: 'chat.createdAt' } });
  });

  it('a storage failure stores nothing of the restore', async () => {
    const text = JSON.stringify(await goodBackup());
    const target = createMemoryPersistence();
    const failing: ChatPersistence = Object.assign(Object.create(target), {
      importChats: () => Promise.reject(new StorageError('full', 'The disk is full')),
    });
    const error = await restore(failing, text, { confirmed: [0, 1] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(backupErrorOf(error)).toBeUndefined();
    expect(await target.listChats()).toEqual([]);
    expect(await target.listChatAttachments('c1')).toEqual([]);
    // Connections are added only after the chats are stored: none here.
    expect(await target.getSetting('connections')).toBeUndefined();
  });
});
