import { describe, expect, it, vi } from 'vitest';
import { previewImport, runImport, type ImportProgress } from '../../../src/chat/import';
import { indexMessages, threadPath } from '../../../src/chat/shapes/tree';
import { persistences } from '../store-harness';
import { bigExport, fixture } from './import-files';

/** The whole import over both storages: preview, write, no duplicates, and all or nothing. */

const IMPORTED_AT = 1_800_000_000_000;

describe.each(persistences)('import into %s', (_name, open) => {
  it('previews, imports the ChatGPT zip with its branches, pictures and current leaf, and recognises it the second time', async () => {
    const persistence = await open();
    const preview = await previewImport([fixture('chatgpt/export.zip')], { persistence });
    expect(preview).toMatchObject({
      format: 'chatgpt',
      chats: 3,
      messages: 11,
      existing: 0,
      toImport: { chats: 3, messages: 11, attachments: 2 },
      dateRange: { from: 1_700_000_000_500, to: 1_700_000_000_000 + 2 * 86_400_000 + 60_000 },
      skipped: { count: 5, why: { hidden: 2, system: 1, tool: 2, empty: 0 } },
    });
    const progress: ImportProgress['phase'][] = [];
    const result = await runImport(preview, { persistence, now: () => IMPORTED_AT, onProgress: ({ phase }) => progress.push(phase) });
    expect(result).toMatchObject({ chats: 3, messages: 11, attachments: 2, existing: 0 });
    // The backup reminder counts from the import, not from the chats' 2023 dates.
    expect(await persistence.getSetting('lastImportAt')).toBe(IMPORTED_AT);
    expect(progress).toContain('writing');

    const chats = await persistence.listChats();
    const trip = chats.find((chat) => chat.title === 'Trip plan')!;
    expect(trip).toMatchObject({ titleSource: 'user', createdAt: 1_700_000_000_500, source: { app: 'chatgpt', id: 'conv-trip-0001' } });
    const messages = await persistence.listMessages(trip.id);
    expect(messages).toHaveLength(5);
    const thread = threadPath(indexMessages(messages), trip.currentLeafId);
    expect(thread.map((m) => m.content)).toEqual(['Plan a three-day trip to Lisbon.', 'Day 1: Belém. Day 2: Sintra. Day 3: Cascais.']);
    expect(thread[1]).toMatchObject({ role: 'assistant', model: 'gpt-4o', status: 'complete' });
    // Two user versions (the edit) at the root, two replies (the regeneration) under the first.
    expect(messages.filter((m) => m.parentId === null)).toHaveLength(2);
    expect(messages.filter((m) => m.parentId === thread[0]!.id)).toHaveLength(2);

    const cat = chats.find((chat) => chat.source?.id === 'conv-cat-0003')!;
    const rows = await persistence.listChatAttachments(cat.id);
    expect(rows.map((row) => [row.kind, row.mimeType, row.name]).sort()).toEqual([
      ['image', 'image/png', 'file-Cat123-cat.png'],
      ['image', 'image/png', 'file_00abc123-3f1c2d9e.png'],
    ]);
    const first = (await persistence.listMessages(cat.id))[0]!;
    expect(first.attachments).toEqual([expect.objectContaining({ kind: 'image', name: 'file-Cat123-cat.png', width: 4, height: 3 })]);

    const again = await previewImport([fixture('chatgpt/export.zip')], { persistence });
    expect(again).toMatchObject({ chats: 3, existing: 3, toImport: { chats: 0, messages: 0, attachments: 0 } });
    expect(await runImport(again, { persistence, now: () => IMPORTED_AT + 1 })).toMatchObject({ chats: 0, existing: 3 });
    expect(await persistence.getSetting('lastImportAt')).toBe(IMPORTED_AT);
    expect(await persistence.listChats()).toHaveLength(3);
  });

  it('imports Claude and Open WebUI exports together, each once', async () => {
    const persistence = await open();
    const files = [fixture('claude/conversations.json'), fixture('openwebui/chat-export.json')];
    const preview = await previewImport(files, { persistence });
    expect(preview.formats).toEqual(['claude', 'openwebui']);
    await runImport(preview, { persistence });
    const chats = await persistence.listChats();
    expect(chats.map((chat) => chat.title).sort()).toEqual(['Rust lifetimes', 'Sourdough starter', 'Summarise the attached notes.']);
    const owui = chats.find((chat) => chat.source?.app === 'openwebui')!;
    const thread = threadPath(indexMessages(await persistence.listMessages(owui.id)), owui.currentLeafId);
    expect(thread.map((m) => m.content)).toEqual(["Explain `'a` in `fn f<'a>(x: &'a str)`.", '`\'a` names how long the borrow lives.']);
    const notes = chats.find((chat) => chat.title.startsWith('Summarise'))!;
    expect((await persistence.listChatAttachments(notes.id)).map((row) => [row.kind, row.name])).toEqual([['text', 'notes.txt']]);
    expect((await previewImport(files, { persistence })).existing).toBe(3);
  });

  it('stores nothing when cancelled halfway through the write', async () => {
    const persistence = await open();
    const preview = await previewImport([bigExport(60, 40)], { persistence });
    // A clock that moves 1 ms per reading: the write takes many slices on any machine.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const controller = new AbortController();
    let abortedAt = 0;
    const outcome = runImport(preview, {
      persistence,
      signal: controller.signal,
      onProgress: ({ phase, done, total }) => {
        // Rows of earlier slices are already issued to storage: the abort must take them back.
        if (phase !== 'writing' || done === 0 || done === total || abortedAt) return;
        abortedAt = done;
        controller.abort(new DOMException('Cancelled', 'AbortError'));
      },
    });
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    expect(abortedAt).toBeGreaterThan(0);
    expect(await persistence.listChats()).toEqual([]);
    expect(await persistence.searchMessages('chat')).toEqual([]);
  });

  it('stores nothing when cancelled while reading or preparing', async () => {
    const persistence = await open();
    const controller = new AbortController();
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(previewImport([bigExport(5, 4)], { persistence, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const preview = await previewImport([bigExport(5, 4)], { persistence });
    await expect(runImport(preview, { persistence, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(await persistence.listChats()).toEqual([]);
  });

  it('stores nothing when a row far into the write fails', async () => {
    const persistence = await open();
    const preview = await previewImport([bigExport(60, 40)], { persistence });
    // The storage refuses a row late in the write (a message whose id is taken): the whole import is rolled back.
    const importChats = persistence.importChats.bind(persistence);
    persistence.importChats = (batch, options) => {
      const late = batch.messages[batch.messages.length - 10]!;
      late.id = batch.messages[0]!.id;
      return importChats(batch, options);
    };
    await expect(runImport(preview, { persistence })).rejects.toMatchObject({ name: 'StorageError' });
    expect(await persistence.listChats()).toEqual([]);
    expect(await persistence.searchMessages('chat')).toEqual([]);
  });
});
