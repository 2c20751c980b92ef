// The bridge's inbox: replicated changes applied in slices, each slice's chats announced once.
import { describe, expect, it } from 'vitest';
import { APPLY_SLICE_SIZE, createChangeInbox, type BridgeProgress } from '../../../src/chat/sync-bridge/change-inbox';

function inbox() {
  const applied: string[] = [];
  const carried: boolean[] = [];
  const announcements: string[][] = [];
  const progress: BridgeProgress[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const box = createChangeInbox({
    apply: async (slice) => {
      applied.push(...slice.map(({ id, deleted }) => (deleted ? `-${id}` : id)));
      carried.push(...slice.map(({ doc }) => doc !== undefined));
      return { changed: slice.map(({ id }) => id.split(':')[1]!) };
    },
    schedule: (step) => void (queue = queue.then(step)),
    announce: (ids) => announcements.push([...ids]),
    onProgress: (p) => progress.push(p),
  });
  const settled = async () => {
    for (let seen = queue; ; seen = queue) {
      await seen;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (seen === queue) return;
    }
  };
  return { box, applied, carried, announcements, progress, settled };
}

describe('the change inbox', () => {
  it('applies a backlog in slices, announcing each slice’s chats once, with done of total after each', async () => {
    const { box, applied, announcements, progress, settled } = inbox();
    const docs = APPLY_SLICE_SIZE * 2 + 1;
    // Two documents per chat: a chat is announced once in its slice, not once per document.
    for (let i = 0; i < docs; i += 1) box.receive(`msg:c${Math.floor(i / 2)}:m${i}`, false, '1-a', i + 1);
    await settled();
    expect(applied).toHaveLength(docs);
    expect(announcements).toHaveLength(3);
    expect(announcements[0]).toHaveLength(APPLY_SLICE_SIZE / 2);
    expect(progress.map((p) => p.done)).toEqual([APPLY_SLICE_SIZE, APPLY_SLICE_SIZE * 2, docs]);
    expect(progress.at(-1)).toEqual({ done: docs, total: docs, seq: docs });
  });

  it('keeps the documents the feed brought for ten slices’ worth of backlog, and only ids past that', async () => {
    const { box, carried, settled } = inbox();
    const held = APPLY_SLICE_SIZE * 10;
    for (let i = 0; i < held + 5; i += 1) box.receive(`msg:c1:m${i}`, false, '1-a', i + 1, { _id: `msg:c1:m${i}` });
    await settled();
    expect(carried.filter(Boolean)).toHaveLength(held);
    expect(carried.slice(held)).toEqual([false, false, false, false, false]);
  });

  it('a document changed again while waiting is applied once, as its latest change', async () => {
    const { box, applied, progress, settled } = inbox();
    box.receive('chat:c1', false, '1-a', 1);
    box.receive('msg:c1:m1', false, '1-b', 2);
    box.receive('msg:c1:m1', true, '2-c', 3);
    await settled();
    expect(applied).toEqual(['chat:c1', '-msg:c1:m1']);
    expect(progress.at(-1)).toEqual({ done: 2, total: 2, seq: 3 });
  });
});
