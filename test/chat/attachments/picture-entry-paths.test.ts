// @vitest-environment node
import 'fake-indexeddb/auto';
// Every way bytes become a stored picture keeps only a safe raster type (issue 20, finding 1).
import { describe, expect, it } from 'vitest';
import type { StoredAttachment } from '../../../src/chat/persistence/attachment-rows';
import { INERT_TYPE } from '../../../src/chat/attachments/safe-picture-type';
import { applyRestore, previewRestore } from '../../../src/chat/backup/restore';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import { toolPictures } from '../../../src/chat/tools/tool-pictures';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="localStorage.x=1"/>';
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);
const base64 = (text: string) => btoa(text);

/** Declared types a hostile source sends, and what the stored row must say. */
const HOSTILE: [string, string][] = [
  ['image/svg+xml', INERT_TYPE],
  ['text/html', INERT_TYPE],
  ['image/"><img src=x onerror=alert(1)>', INERT_TYPE],
  ['image/png', 'image/png'],
];

const pictureRow = (id: string, type: string, extra: Partial<StoredAttachment> = {}): StoredAttachment =>
  ({ id, kind: 'image', name: `${id}.pic`, mimeType: type, size: SVG.length, createdAt: 1, width: 1, height: 1, blob: new Blob([SVG], { type }), chatId: 'c1', messageId: 'm1', ...extra }) as StoredAttachment;

async function storedTypes(rows: readonly StoredAttachment[]) {
  return Promise.all(rows.map(async (row) => [row.id, row.mimeType, row.kind === 'image' ? row.blob.type : undefined, row.kind === 'image' ? await row.blob.text() : undefined]));
}

describe('toolPictures: a tool’s declared type is never kept unless it is a raster one', () => {
  it.each([
    ['image/png', 'image/png', 'fetch-1.png'],
    ['image/jpeg', 'image/jpeg', 'fetch-1.jpg'],
    ['image/svg+xml', INERT_TYPE, 'fetch-1.bin'],
    ['image/"><img src=x onerror=alert(1)>', INERT_TYPE, 'fetch-1.bin'],
    ['text/html', INERT_TYPE, 'fetch-1.bin'],
  ])('%j → %s named %s, bytes kept', async (declared, type, name) => {
    const [picture] = toolPictures({ parts: [{ type: 'image', data: base64(SVG), mimeType: declared }], isError: false, skipped: 0 }, 'fetch', 5);
    expect(picture).toMatchObject({ kind: 'image', name, mimeType: type });
    expect(picture!.blob.type).toBe(type);
    expect(await picture!.blob.text()).toBe(SVG);
  });

  it('reads the size of a real PNG', () => {
    const [picture] = toolPictures({ parts: [{ type: 'image', data: btoa(String.fromCharCode(...PNG_1X1)), mimeType: 'image/png' }], isError: false, skipped: 0 }, 'draw', 5);
    expect(picture).toMatchObject({ name: 'draw-1.png', width: 1, height: 1 });
  });
});

describe.each(persistences)('storage (%s): every write of a row keeps a safe type', (_name, open) => {
  it.each([
    ['putAttachment', async (p: Awaited<ReturnType<typeof open>>, rows: StoredAttachment[]) => {
      for (const row of rows) await p.putAttachment(row);
    }],
    ['restoreChat (undo)', async (p: Awaited<ReturnType<typeof open>>, rows: StoredAttachment[]) => p.restoreChat(chat('c1', 1), [message('m1', null, 1)], undefined, rows)],
    ['putMessageWithAttachments (send, tool results)', async (p: Awaited<ReturnType<typeof open>>, rows: StoredAttachment[]) => {
      await p.putMessageWithAttachments(message('m1', null, 1), rows, { create: chat('c1', 1) });
    }],
    ['importChats (import)', async (p: Awaited<ReturnType<typeof open>>, rows: StoredAttachment[]) =>
      p.importChats({ chats: [chat('c1', 1)], messages: [message('m1', null, 1)], attachments: rows })],
  ])('%s', async (_what, write) => {
    const p = await open();
    const rows = HOSTILE.map(([type], index) => pictureRow(`a${index}`, type));
    await write(p, rows);
    const stored = await p.getAttachments(rows.map((row) => row.id));
    expect(await storedTypes(stored)).toEqual(HOSTILE.map(([, type], index) => [`a${index}`, type, type, SVG]));
  });
});

describe.each(persistences)('restore from a crafted backup (%s)', (_name, open) => {
  it('stores its SVG, HTML and malformed “pictures” as inert bytes, and a PNG as a PNG', async () => {
    const source = await open();
    const rows = HOSTILE.map((_, index) => pictureRow(`b${index}`, 'image/png'));
    await source.restoreChat(chat('c1', 1), [message('m1', null, 1, { role: 'user', attachments: rows.map(({ id, name, size }) => ({ id, kind: 'image', name, size, mimeType: 'image/png', width: 1, height: 1 })) })], undefined, rows);
    const backup = JSON.parse(await (await writeBackup(source)).blob.text());
    // The attacker's edit: each file declares a hostile type for its bytes and its row.
    const items = backup.chats[0].attachments as { id: string; mimeType: string; dataType?: string }[];
    items.forEach((item, index) => {
      item.mimeType = HOSTILE[index]![0];
      item.dataType = HOSTILE[index]![0];
    });

    const target = await open();
    await applyRestore(target, await previewRestore(target, JSON.stringify(backup)), { announce: () => {} });
    const stored = (await target.listChatAttachments('c1')).sort((a, b) => a.id.localeCompare(b.id));
    expect(await storedTypes(stored)).toEqual(HOSTILE.map(([, type], index) => [`b${index}`, type, type, SVG]));
  });
});
