// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ChatPersistence } from '../../../src/chat';
import { BACKUP_VERSION } from '../../../src/chat/backup';
import { previewRestore } from '../../../src/chat/backup/restore';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import type { LibraryRecord } from '../../../src/chat/types';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';
import { backupDoc, restore } from './backup-fixtures';
import { defaults, instructions, library, preset, project, prompt } from './library-fixtures';

/**
 * Issue 23: the user's library travels in the backup. Restore adds its rows with the chats, in the
 * same add-only transaction, by the chats' id rule (docs/backup-format.md), and a broken row is
 * skipped and named, never fatal.
 */

const byId = (rows: readonly LibraryRecord[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

async function seedLibrary(p: ChatPersistence, rows: readonly LibraryRecord[] = library) {
  for (const row of rows) await p.putLibrary(row);
}

async function backupOf(p: ChatPersistence) {
  return (await writeBackup(p, { now: () => Date.UTC(2025, 4, 6) })).blob.text();
}

describe.each(persistences)('the library in a backup (%s)', (_name, open) => {
  it('carries every library row; a fresh browser gets them all back, the preview and the result naming them', async () => {
    const source = await open();
    await seedLibrary(source);
    await source.restoreChat(chat('c1', 50, { projectId: 'project-1', presetId: 'preset-1' }), [message('m1', null, 49)]);
    const text = await backupOf(source);
    const doc = JSON.parse(text);
    expect(doc.version).toBe(BACKUP_VERSION);
    expect(BACKUP_VERSION).toBe(2);
    expect(byId(doc.library)).toEqual(byId(library));

    const target = await open();
    const preview = await previewRestore(target, text);
    expect(preview.library).toEqual({ presets: 1, projects: 1, prompts: 1, votes: 0, instructions: true, defaults: true, copies: 0, existing: 0, keptHere: [], skipped: [] });
    const outcome = await restore(target, text);
    expect(outcome.library).toEqual(preview.library);
    expect(byId(await target.listLibrary())).toEqual(byId(library));
    expect(await target.getChat('c1')).toMatchObject({ projectId: 'project-1', presetId: 'preset-1' });

    // Restoring the same file again adds nothing.
    const again = await restore(target, text);
    expect(again.library).toMatchObject({ presets: 0, projects: 0, prompts: 0, instructions: false, defaults: false, existing: 5 });
    expect(await target.listLibrary()).toHaveLength(5);
  });

  it('a row here that differs only in its dates is already here: a fresh profile’s starter prompts do not come back twice', async () => {
    const target = await open();
    await target.putLibrary({ ...prompt, createdAt: 900, updatedAt: 900 } as LibraryRecord);
    const outcome = await restore(target, JSON.stringify(backupDoc([], { version: 2, library: [prompt] })));
    expect(outcome.library).toMatchObject({ prompts: 0, copies: 0, existing: 1 });
    expect(await target.listLibrary()).toEqual([{ ...prompt, createdAt: 900, updatedAt: 900 }]);
  });

  it('a version 1 backup (no library) still restores', async () => {
    const target = await open();
    const outcome = await restore(target, JSON.stringify(backupDoc([{ chat: chat('old', 5), messages: [message('o1', null, 4, { chatId: 'old' })], attachments: [] }])));
    expect(outcome.chats).toBe(1);
    expect(outcome.library).toMatchObject({ presets: 0, projects: 0, prompts: 0, skipped: [] });
    expect(await target.listLibrary()).toEqual([]);
  });

  it('rows whose ids are taken come back as copies, chats and projects pointed at them; instructions and defaults here win', async () => {
    const target = await open();
    const mine = [
      { ...instructions, about: 'Mine', updatedAt: 99 },
      { ...defaults, model: 'local/llama3' },
      { ...preset, name: 'My own preset' },
      { ...project, name: 'My own project', files: [] },
      prompt,
    ] as LibraryRecord[];
    await seedLibrary(target, mine);
    const text = JSON.stringify(
      backupDoc([{ chat: chat('c9', 50, { projectId: 'project-1', presetId: 'preset-1' }), messages: [message('x1', null, 49, { chatId: 'c9' })], attachments: [] }], {
        version: 2,
        library,
      }),
    );
    const outcome = await restore(target, text);
    expect(outcome.library).toEqual({ presets: 1, projects: 1, prompts: 0, votes: 0, instructions: false, defaults: false, copies: 2, existing: 1, keptHere: ['instructions', 'defaults'], skipped: [] });

    const rows = await target.listLibrary();
    // Nothing here changed.
    for (const row of mine) expect(rows.find((stored) => stored.id === row.id)).toEqual(row);
    const presetCopy = rows.find((row) => row.kind === 'preset' && row.id !== 'preset-1')!;
    const projectCopy = rows.find((row) => row.kind === 'project' && row.id !== 'project-1')!;
    expect(presetCopy).toEqual({ ...preset, id: presetCopy.id });
    expect(projectCopy).toEqual({ ...project, id: projectCopy.id, presetId: presetCopy.id });
    expect(await target.getChat('c9')).toMatchObject({ projectId: projectCopy.id, presetId: presetCopy.id });
  });

  it('an unknown or broken row is skipped and named; the rest restores', async () => {
    const target = await open();
    const text = JSON.stringify(
      backupDoc([], {
        version: 2,
        library: [
          prompt,
          { id: 'x', kind: 'wallpaper', createdAt: 1, updatedAt: 1 },
          { ...project, name: '' },
          { ...preset, temperature: 9 },
          { ...prompt, name: 'Twice' },
          'not a row',
        ],
      }),
    );
    const outcome = await restore(target, text);
    expect(outcome.library.prompts).toBe(1);
    expect(outcome.library.skipped).toEqual([
      { index: 2, id: 'x', reason: 'its kind "wallpaper" is not one Parley knows' },
      { index: 3, id: 'project-1', reason: 'it has no name' },
      { index: 4, id: 'preset-1', name: 'Careful coder', reason: 'its temperature is not a number from 0 to 2' },
      { index: 5, id: 'prompt-1', name: 'Twice', reason: 'its id is used twice in the file' },
      { index: 6, reason: 'it is not an object' },
    ]);
    expect(await target.listLibrary()).toEqual([prompt]);
  });

  it('carries compare votes (issue 38): written, read back, counted in the preview; a broken vote is skipped and named', async () => {
    const source = await open();
    const win: LibraryRecord = { id: 'vote-1', kind: 'vote', createdAt: 60, updatedAt: 60, models: ['qwen3-8b', 'llama3.2'], winner: 'llama3.2', chatId: 'c1' };
    const tie: LibraryRecord = { id: 'vote-2', kind: 'vote', createdAt: 61, updatedAt: 61, models: ['a', 'b', 'c'] };
    await seedLibrary(source, [win, tie]);
    const written = await writeBackup(source, { now: () => Date.UTC(2025, 4, 6) });
    expect(written.leftOutLibrary).toEqual([]);
    const doc = JSON.parse(await written.blob.text());
    expect(byId(doc.library)).toEqual([win, tie]);

    doc.library.push({ id: 'vote-3', kind: 'vote', createdAt: 62, updatedAt: 62, models: ['a', 'b'], winner: 'z' });
    const target = await open();
    const preview = await previewRestore(target, JSON.stringify(doc));
    expect(preview.library).toMatchObject({ votes: 2, skipped: [{ index: 3, id: 'vote-3', reason: 'its winner is not one of its models' }] });
    const outcome = await restore(target, JSON.stringify(doc));
    expect(outcome.library.votes).toBe(2);
    expect(byId(await target.listLibrary())).toEqual([win, tie]);
  });

  it('a library row whose id turned up here meanwhile fails the whole restore: nothing is written', async () => {
    const target = await open();
    const text = JSON.stringify(backupDoc([{ chat: chat('c5', 5), messages: [message('p1', null, 4, { chatId: 'c5' })], attachments: [] }], { version: 2, library: [prompt] }));
    const preview = await previewRestore(target, text);
    await target.putLibrary({ ...prompt, body: 'written meanwhile' } as LibraryRecord);
    const { applyRestore } = await import('../../../src/chat/backup/restore');
    await expect(applyRestore(target, preview, { announce: () => {} })).rejects.toThrow();
    expect(await target.getChat('c5')).toBeUndefined();
    expect(await target.listLibrary()).toEqual([{ ...prompt, body: 'written meanwhile' }]);
  });

  it('a backup from a newer format is refused as newer', async () => {
    const target = await open();
    await expect(previewRestore(target, JSON.stringify(backupDoc([], { version: BACKUP_VERSION + 1 })))).rejects.toMatchObject({ code: 'newer-version' });
  });
});
