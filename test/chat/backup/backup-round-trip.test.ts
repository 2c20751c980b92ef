// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { ChatPersistence } from '../../../src/chat';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../../../src/chat/backup';
import { BACKUP_BATCH_CHATS, writeBackup } from '../../../src/chat/backup/write-backup';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';
import { connections, PICTURE_BYTES, restore, seed, settings, withBytes } from './backup-fixtures';

/** Two stores stand for two origins: what one backs up, the other restores. */

/** A history without a library row restores none (restore-library.test.ts has them). */
const NO_LIBRARY = { presets: 0, projects: 0, prompts: 0, votes: 0, instructions: false, defaults: false, copies: 0, existing: 0, keptHere: [], skipped: [] };

async function everything(p: ChatPersistence) {
  const chats = await p.listChats();
  const messages = await Promise.all(chats.map((c) => p.listMessages(c.id)));
  const files = await Promise.all(chats.map(async (c) => withBytes(await p.listChatAttachments(c.id))));
  const keys = ['defaultModel', 'recentModels', 'titleSettings', 'backupReminder', 'lastBackupAt', 'connections', 'modelContexts'];
  const stored = Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await p.getSetting(key)] as const)));
  return { chats, messages, files, settings: stored };
}

async function backupText(p: ChatPersistence, options: Parameters<typeof writeBackup>[1] = {}) {
  const written = await writeBackup(p, { now: () => Date.UTC(2025, 4, 6), ...options });
  return { written, text: await written.blob.text() };
}

describe.each(persistences)('back up and restore (%s)', (_name, open) => {
  it('gives back the same chats, every message field and branch, the files’ bytes and the settings; keys left out', async () => {
    const source = await open();
    await seed(source);
    const { written, text } = await backupText(source);
    expect(written).toMatchObject({ chats: 2, messages: 7, attachments: 3 });
    expect(written.blob.type).toBe('application/json');
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: '2025-05-06T00:00:00.000Z', includesApiKeys: false });
    expect(text).not.toContain('sk-secret');

    const target = await open();
    const announce = vi.fn();
    const outcome = await restore(target, text, { announce, confirmed: [0, 1] });
    expect(outcome).toEqual({ chats: 2, messages: 7, attachments: 3, copies: 0, existing: 0, connections: 2, connectionsLeftOut: 0, connectionsFailed: 0, settings: 5, library: NO_LIBRARY });
    expect(announce).toHaveBeenCalledWith(['c1', 'c2']);

    const before = await everything(source);
    const after = await everything(target);
    expect(after.chats).toEqual(before.chats);
    expect(after.messages).toEqual(before.messages);
    expect(after.messages[0]!.map((m) => [m.id, m.parentId])).toEqual([['m1', null], ['m2', 'm1'], ['m2b', 'm1'], ['m3', 'm2b'], ['m4', 'm3']]);
    expect(after.files).toEqual(before.files);
    expect(JSON.stringify(after.files)).toContain(JSON.stringify([...PICTURE_BYTES]));
    const { lastBackupAt, connections: restored, ...rest } = after.settings;
    expect(rest).toEqual(settings);
    // The last backup time belongs to the browser that made it.
    expect(lastBackupAt).toBeUndefined();
    expect(restored).toEqual([
      { id: 'oai', name: 'OpenAI', kind: 'openai', baseUrl: 'https://api.openai.com/v1' },
      { id: 'local', name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1', headers: { 'X-Proxy': 'token' } },
    ]);
  });

  it('keeps the API keys only when asked, and says so in the file', async () => {
    const source = await open();
    await seed(source);
    const { text } = await backupText(source, { includeApiKeys: true });
    expect(JSON.parse(text).includesApiKeys).toBe(true);
    const target = await open();
    await restore(target, text, { confirmed: [0, 1] });
    expect(await target.getSetting('connections')).toEqual(connections);
  });

  it('restoring the same file twice adds nothing, and never overwrites what is already here', async () => {
    const source = await open();
    await seed(source);
    const { text } = await backupText(source);
    const target = await open();
    await target.putSetting('defaultModel', 'mine/model');
    await restore(target, text, { confirmed: [0, 1] });
    const again = await restore(target, text, { confirmed: [0, 1] });
    expect(again).toEqual({ chats: 0, messages: 0, attachments: 0, copies: 0, existing: 2, connections: 0, connectionsLeftOut: 2, connectionsFailed: 0, settings: 0, library: NO_LIBRARY });
    expect(await target.getSetting('connections')).toHaveLength(2);
    expect((await target.listChats()).map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(await target.getSetting('defaultModel')).toBe('mine/model');
  });
});

describe('a large history', () => {
  it('is written in many parts and batches, with progress after each batch', async () => {
    const p = createMemoryPersistence();
    const count = 3 * BACKUP_BATCH_CHATS + 5;
    for (let i = 0; i < count; i++) {
      const id = `c${i}`;
      await p.createChat(chat(id, 1000 + i), [message(`${id}-a`, null, i, { chatId: id }), message(`${id}-b`, `${id}-a`, i + 1, { chatId: id })]);
    }
    const progress: string[] = [];
    const { written, text } = await backupText(p, { onProgress: ({ done, total }) => progress.push(`${done}/${total}`) });
    expect(progress).toEqual(['0/35', '10/35', '20/35', '30/35', '35/35']);
    expect(written.batches).toBe(5);
    // The frame, then each chat's opening and closing piece.
    expect(written.parts).toBe(2 + 2 * count);
    const doc = JSON.parse(text);
    expect(doc.chats).toHaveLength(count);
    // Newest first, as the history lists them.
    expect(doc.chats[0].chat.id).toBe(`c${count - 1}`);
    expect(doc.chats[0].messages.map((m: { id: string }) => m.id)).toEqual([`c${count - 1}-a`, `c${count - 1}-b`]);
  });

  it('stops when aborted', async () => {
    const p = createMemoryPersistence();
    await p.createChat(chat('c1', 1), [message('a', null, 1)]);
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(writeBackup(p, { signal: controller.signal })).rejects.toThrow('cancelled');
  });

  it('writes an empty history as a valid backup', async () => {
    const { text } = await backupText(createMemoryPersistence());
    expect(JSON.parse(text)).toMatchObject({ chats: [], connections: [], settings: {} });
  });
});
