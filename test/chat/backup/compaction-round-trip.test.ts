// @vitest-environment node
// Issue 24: a compaction marker and a pinned message are part of the message tree: a backup keeps
// them and a restore gives them back as they were; a broken marker is refused with its field named.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';
import { restore } from './backup-fixtures';

const thread = [
  message('u1', null, 1, { role: 'user', content: 'One', pinned: true }),
  message('a1', 'u1', 2, { content: 'Re: one' }),
  message('m', 'a1', 3, { role: 'system', content: 'They said one.', compaction: { mode: 'summary', covered: 1, tokensBefore: 40, tokensAfter: 4, model: 'm1', edited: true, undone: true } }),
  message('u2', 'm', 4, { role: 'user', content: 'Two' }),
  // A branch made above the marker keeps its place.
  message('u2b', 'a1', 5, { role: 'user', content: 'Two, other' }),
];

describe.each(persistences)('a compaction marker through backup and restore (%s)', (_name, open) => {
  it('comes back with its figures, its place in the tree and the pin', async () => {
    const source = await open();
    await source.createChat(chat('c1', 5, { currentLeafId: 'u2' }), thread);
    const text = await (await writeBackup(source, { now: () => 0 })).blob.text();
    const target = await open();
    await restore(target, text, { confirmed: [0] });
    expect(await target.listMessages('c1')).toEqual(await source.listMessages('c1'));
    const restored = await target.listMessages('c1');
    expect(restored.find((m) => m.id === 'm')?.compaction).toEqual(thread[2]!.compaction);
    expect(restored.find((m) => m.id === 'u1')?.pinned).toBe(true);
    expect(restored.map((m) => [m.id, m.parentId])).toEqual([['u1', null], ['a1', 'u1'], ['m', 'a1'], ['u2', 'm'], ['u2b', 'a1']]);
  });

  it('refuses a marker whose figures are broken, naming the field', async () => {
    const source = await open();
    await source.createChat(chat('c1', 5, { currentLeafId: 'u2' }), thread);
    const text = (await (await writeBackup(source, { now: () => 0 })).blob.text()).replace('"tokensBefore":40', '"tokensBefore":"lots"');
    await expect(restore(await open(), text, { confirmed: [0] })).rejects.toThrow(/compaction/);
  });
});
