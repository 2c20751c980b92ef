// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ChatPersistence } from '../../../src/chat';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';
import { backupDoc, restore, snapshot } from './backup-fixtures';

/**
 * Issue 20, finding 2: a crafted backup reusing the ids of rows already here never writes over
 * them. The rule (docs/backup-format.md): a chat already here as the backup has it is skipped;
 * any other chat whose chat, message or file id is taken comes back as a copy under new ids.
 */

const PICTURE = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);

/** The victim: a chat with two messages and a picture, here before the restore. */
async function victim(p: ChatPersistence) {
  const file = { id: 'f1', kind: 'image', name: 'mine.png', mimeType: 'image/png', size: PICTURE.length, createdAt: 5, width: 1, height: 1, chatId: 'v', messageId: 'm1' };
  await p.restoreChat(
    chat('v', 10, { title: 'Mine', currentLeafId: 'm2' }),
    [
      message('m1', null, 1, { chatId: 'v', content: 'my question', attachments: [{ id: 'f1', kind: 'image', name: 'mine.png', size: PICTURE.length, mimeType: 'image/png' }] }),
      message('m2', 'm1', 2, { chatId: 'v', content: 'my answer' }),
    ],
    undefined,
    [{ ...file, blob: new Blob([PICTURE], { type: 'image/png' }) } as never],
  );
}

/** A backup chat that reuses m1, m2 and f1 under `chatId`, with other content. */
function attacker(chatId: string) {
  return {
    chat: chat(chatId, 20, { title: 'Planted', currentLeafId: 'm2' }),
    messages: [
      message('m1', null, 1, { chatId, content: 'planted question', attachments: [{ id: 'f1', kind: 'image', name: 'evil.png', size: 3, mimeType: 'image/png' }] }),
      message('m2', 'm1', 2, { chatId, content: 'planted answer' }),
    ],
    attachments: [{ id: 'f1', messageId: 'm1', kind: 'image', name: 'evil.png', mimeType: 'image/png', size: 3, createdAt: 5, width: 1, height: 1, data: 'AAEC', dataType: 'image/png' }],
  };
}

describe.each(persistences)('a backup whose ids are taken here (%s)', (_name, open) => {
  it.each([
    ['under a new chat id', 'new-chat'],
    ['under the same chat id, with other content', 'v'],
  ])('reusing message and file ids %s: nothing here changes, the chat comes back whole as a copy', async (_what, chatId) => {
    const target = await open();
    await victim(target);
    const before = await snapshot(target);
    const outcome = await restore(target, JSON.stringify(backupDoc([attacker(chatId)])));
    expect(outcome).toMatchObject({ chats: 1, copies: 1, existing: 0, messages: 2, attachments: 1 });

    const chats = await target.listChats();
    expect(chats).toHaveLength(2);
    // The chat here, its messages and its picture's bytes are exactly as they were.
    const victimNow = JSON.parse(await snapshot(target)).rowsOf.find((r: { chat: { id: string } }) => r.chat.id === 'v');
    const victimBefore = JSON.parse(before).rowsOf.find((r: { chat: { id: string } }) => r.chat.id === 'v');
    expect(victimNow).toEqual(victimBefore);

    // The copy: new ids everywhere, every reference pointing at its own rows.
    const copy = chats.find((c) => c.id !== 'v')!;
    expect(copy.id).not.toBe(chatId);
    expect(copy.title).toBe('Planted');
    const [first, second] = await target.listMessages(copy.id);
    expect([first!.content, second!.content]).toEqual(['planted question', 'planted answer']);
    expect(first!.id).not.toBe('m1');
    expect(second!.id).not.toBe('m2');
    expect(second!.parentId).toBe(first!.id);
    expect(copy.currentLeafId).toBe(second!.id);
    const [file] = await target.listChatAttachments(copy.id);
    expect(file!.id).not.toBe('f1');
    expect(file).toMatchObject({ chatId: copy.id, messageId: first!.id, name: 'evil.png' });
    expect(first!.attachments).toEqual([{ id: file!.id, kind: 'image', name: 'evil.png', size: 3, mimeType: 'image/png' }]);
  });

  it('in a copy, an open comparison and a combined answer (issue 38) follow their messages to the new ids', async () => {
    const target = await open();
    await victim(target);
    const compared = {
      chat: chat('v', 20, { title: 'Compared', currentLeafId: 'm2', comparing: { parentId: 'm1', replies: ['m2', 'm3', 'm4'], blind: true, picked: 'm3' } }),
      messages: [
        message('m1', null, 1, { chatId: 'v', content: 'which?' }),
        message('m2', 'm1', 2, { chatId: 'v', role: 'assistant', content: 'A', model: 'c/a' }),
        message('m3', 'm1', 3, { chatId: 'v', role: 'assistant', content: 'B', model: 'c/b' }),
        message('m4', 'm1', 4, { chatId: 'v', role: 'assistant', content: 'A and B', model: 'c/a', combines: ['m2', 'm3'] }),
      ],
      attachments: [],
    };
    await restore(target, JSON.stringify(backupDoc([compared])));
    const copy = (await target.listChats()).find((c) => c.title === 'Compared')!;
    const rows = await target.listMessages(copy.id);
    const byContent = (content: string) => rows.find((m) => m.content === content)!.id;
    expect(copy.comparing).toEqual({ parentId: byContent('which?'), replies: [byContent('A'), byContent('B'), byContent('A and B')], blind: true, picked: byContent('B') });
    expect(rows.find((m) => m.content === 'A and B')!.combines).toEqual([byContent('A'), byContent('B')]);
  });

  it('in a copy, a file ref the backup holds no file for never names a file here', async () => {
    const target = await open();
    await victim(target);
    const planted = attacker('v');
    planted.attachments = [];
    await restore(target, JSON.stringify(backupDoc([planted])));
    const copy = (await target.listChats()).find((c) => c.id !== 'v')!;
    const [first] = await target.listMessages(copy.id);
    expect(first!.attachments![0]!.id).not.toBe('f1');
    expect(await target.getAttachments([first!.attachments![0]!.id])).toEqual([]);
  });

  it('a chat already here as the backup has it is skipped as "already here"', async () => {
    const target = await open();
    const doc = backupDoc([{ chat: chat('c1', 5), messages: [message('a', null, 1), message('b', 'a', 2)], attachments: [] }]);
    await restore(target, JSON.stringify(doc));
    const before = await snapshot(target);
    expect(await restore(target, JSON.stringify(doc))).toMatchObject({ chats: 0, copies: 0, existing: 1, messages: 0 });
    expect(await snapshot(target)).toBe(before);
  });

  it('a file id taken by another chat’s file makes a copy too', async () => {
    const target = await open();
    await victim(target);
    const before = JSON.parse(await snapshot(target)).rowsOf;
    const planted = attacker('x');
    planted.messages = planted.messages.map((m) => ({ ...m, id: `${m.id}-new`, parentId: m.parentId && `${m.parentId}-new` }));
    planted.chat.currentLeafId = 'm2-new';
    planted.attachments[0]!.messageId = 'm1-new';
    expect(await restore(target, JSON.stringify(backupDoc([planted])))).toMatchObject({ chats: 1, copies: 1 });
    expect(JSON.parse(await snapshot(target)).rowsOf.find((r: { chat: { id: string } }) => r.chat.id === 'v')).toEqual(before[0]);
  });
});
