// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ChatPersistence } from '../../../src/chat';
import type { ImportBatch } from '../../../src/chat/persistence';
import { backupErrorOf } from '../../../src/chat/backup';
import { MAX_ID_CHARS, MAX_NESTING_DEPTH } from '../../../src/chat/backup/backup-limits';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';
import { backupDoc, restore, seed, snapshot } from './backup-fixtures';

/**
 * Issue 20, finding 3: everything is checked before anything is written, the write is one
 * transaction, and a restore that fails at any step leaves what was here byte for byte as it was.
 */

/** A backup adding two chats (one a copy: its chat id is taken here), with files and settings to add. */
function backup() {
  const fresh = {
    chat: chat('new', 30, { title: 'New one', currentLeafId: 'p2' }),
    messages: [message('p1', null, 1, { chatId: 'new' }), message('p2', 'p1', 2, { chatId: 'new' })],
    attachments: [{ id: 'pf', messageId: 'p1', kind: 'text', name: 'a.txt', mimeType: 'text/plain', size: 2, createdAt: 1, text: 'hi' }],
  };
  const taken = { chat: chat('c1', 40, { title: 'Other c1' }), messages: [message('o1', null, 1)], attachments: [] };
  return backupDoc([fresh, taken], { settings: { backupReminder: { enabled: false, days: 3 } } });
}

/** Gives importChats a batch whose row `at` (in the order written) cannot be stored: the failure of that step. */
function failingAt(target: ChatPersistence, at: number): ChatPersistence {
  const poison = <T extends object>(rows: T[], offset: number) => rows.map((row, i) => (i + offset === at ? { ...row, poison: () => {} } : row));
  return Object.assign(Object.create(target) as ChatPersistence, {
    importChats: (batch: ImportBatch, options?: Parameters<ChatPersistence['importChats']>[1]) => {
      let offset = 0;
      const next: ImportBatch = { chats: [], messages: [], attachments: [], settings: [] };
      for (const key of ['chats', 'messages', 'attachments', 'settings'] as const) {
        const rows = (batch[key] ?? []) as object[];
        (next[key] as object[]) = poison(rows, offset);
        offset += rows.length;
      }
      return target.importChats(next, options);
    },
  });
}

describe.each(persistences)('a restore that fails (%s)', (_name, open) => {
  it('fails at every write step with nothing here changed, and rejects with the storage error', async () => {
    const text = JSON.stringify(backup());
    // 2 chats, 3 messages, 1 file, 1 setting: seven steps.
    const steps = 7;
    for (let at = 0; at < steps; at++) {
      const target = await open();
      await seed(target, { withSettings: false });
      const before = await snapshot(target);
      const error = await restore(failingAt(target, at), text).catch((e: unknown) => e);
      expect(error, `step ${at}`).toBeInstanceOf(Error);
      expect((error as Error).name, `step ${at}`).toBe('StorageError');
      expect(await snapshot(target), `step ${at}`).toBe(before);
    }
    // And without a failure the same restore goes through: the steps above were real ones.
    const target = await open();
    await seed(target, { withSettings: false });
    expect(await restore(target, text)).toMatchObject({ chats: 2, copies: 1, messages: 3, attachments: 1, settings: 1 });
  });

  it('a deeply nested field is refused before anything is written, naming the field', async () => {
    const target = await open();
    await seed(target);
    const before = await snapshot(target);
    const doc = backup();
    const depth = 100_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const text = JSON.stringify(doc).replace('"status":"complete"', `"usage":${nested},"status":"complete"`);
    const error = await restore(target, text).catch((e: unknown) => e);
    const known = backupErrorOf(error);
    expect(known?.code).toBe('too-deep');
    expect(known?.params.limit).toBe(MAX_NESTING_DEPTH);
    expect(String(known?.params.field)).toMatch(/^chats\[0\]\.messages\[0\]\.usage(\.a)+$/);
    expect(await snapshot(target)).toBe(before);
  });

  it('an id longer than the limit, an id used twice, a leaf outside the chat: refused, nothing written', async () => {
    const cases: [(doc: ReturnType<typeof backup>) => void, string, string][] = [
      [(doc) => void (doc.chats[0]!.messages[1]!.id = 'x'.repeat(MAX_ID_CHARS + 1)), 'too-long', 'chats[0].messages[1].id'],
      [(doc) => void (doc.chats[1]!.messages[0]!.id = 'p1'), 'duplicate-id', 'messages[0].id'],
      [(doc) => void (doc.chats[0]!.chat.currentLeafId = 'o1'), 'invalid-entry', 'chat.currentLeafId'],
    ];
    for (const [change, code, field] of cases) {
      const target = await open();
      await seed(target);
      const before = await snapshot(target);
      const doc = backup();
      change(doc);
      const known = backupErrorOf(await restore(target, JSON.stringify(doc)).catch((e: unknown) => e));
      expect(known?.code).toBe(code);
      expect(known?.params.field).toBe(field);
      expect(await snapshot(target)).toBe(before);
    }
  });

  it('a connection that cannot be added after the chats are stored is counted, not reported as "nothing changed"', async () => {
    const target = await open();
    const doc = backup();
    doc.connections = [{ id: 'k', name: 'Server', kind: 'custom', baseUrl: 'http://127.0.0.1:9/v1' }] as never;
    const { applyRestore, previewRestore } = await import('../../../src/chat/backup/restore');
    const preview = await previewRestore(target, JSON.stringify(doc));
    const outcome = await applyRestore(target, preview, {
      announce: () => {},
      confirmed: new Set([0]),
      addConnection: () => {
        throw new Error('refused');
      },
    });
    expect(outcome).toMatchObject({ chats: 2, connections: 0, connectionsFailed: 1 });
    expect(await target.listChats()).toHaveLength(2);
  });
});
