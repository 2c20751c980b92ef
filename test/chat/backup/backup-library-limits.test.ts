// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MAX_PROJECT_FILES, MAX_PROJECT_TEXT_CHARS } from '../../../src/chat/library';
import { readBackup } from '../../../src/chat/backup/read-backup';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import type { LibraryProject, LibraryRecord, ProjectFile } from '../../../src/chat/types';
import { persistences } from '../store-harness';
import { restore } from './backup-fixtures';
import { library } from './library-fixtures';

/**
 * Issue 32: a backup never holds a library row its own reader would refuse. A project the page
 * can make (at its limits) comes back whole; one past them (made by an older version) is left
 * out of the file and named, never written for the restore to drop without a word.
 */

const file = (i: number, chars: number): ProjectFile => ({ id: `f${i}`, name: `part-${i}.txt`, kind: 'text', mimeType: 'text/plain', size: chars, text: String(i % 10).repeat(chars), addedAt: 100 + i });

/** `count` files holding `chars` characters in all. */
function project(id: string, count: number, chars: number): LibraryProject {
  const each = Math.floor(chars / count);
  const files = Array.from({ length: count }, (_, i) => file(i, i === count - 1 ? chars - each * (count - 1) : each));
  return { id, kind: 'project', name: `Project ${id}`, createdAt: 1, updatedAt: 2, files };
}

describe.each(persistences)('library rows at and past the limits in a backup (%s)', (_name, open) => {
  it('a project at the limits (100 files, 4,000,000 characters) is backed up and every row comes back', async () => {
    const source = await open();
    const full = project('full', MAX_PROJECT_FILES, MAX_PROJECT_TEXT_CHARS);
    for (const row of [...library, full]) await source.putLibrary(row);
    const written = await writeBackup(source, { now: () => Date.UTC(2025, 4, 6) });
    expect(written.leftOutLibrary).toEqual([]);
    const text = await written.blob.text();

    const read = readBackup(text);
    expect(read.skippedLibrary).toEqual([]);
    expect(read.library).toHaveLength(library.length + 1);

    const target = await open();
    const outcome = await restore(target, text);
    expect(outcome.library.skipped).toEqual([]);
    const back = (await target.listLibrary()).find((row) => row.id === 'full') as LibraryProject;
    expect(back.files).toHaveLength(MAX_PROJECT_FILES);
    expect(back.files.reduce((sum, f) => sum + f.text.length, 0)).toBe(MAX_PROJECT_TEXT_CHARS);
    expect(back).toEqual(full);
    expect((await target.listLibrary()).map((row) => row.id).sort()).toEqual([...library, full].map((row) => row.id).sort());
  });

  it('a row its reader would refuse is left out of the file and named with why; the rest restore whole', async () => {
    const source = await open();
    const over = project('over', 5, MAX_PROJECT_TEXT_CHARS + 1);
    const tooMany = project('many', MAX_PROJECT_FILES + 1, 1000);
    for (const row of [...library, over, tooMany] as LibraryRecord[]) await source.putLibrary(row);
    const written = await writeBackup(source);
    expect(written.leftOutLibrary.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'many', kind: 'project', name: 'Project many', reason: 'it has more than 100 files' },
      { id: 'over', kind: 'project', name: 'Project over', reason: 'its files hold too much text' },
    ]);
    const text = await written.blob.text();
    const read = readBackup(text);
    // Nothing in the file the reader refuses: what it holds, a restore takes.
    expect(read.skippedLibrary).toEqual([]);
    expect(read.library.map((row) => row.id).sort()).toEqual(library.map((row) => row.id).sort());
    // Still on this device: the backup changes nothing here.
    expect((await source.listLibrary()).map((row) => row.id)).toEqual(expect.arrayContaining(['over', 'many']));
  });
});
