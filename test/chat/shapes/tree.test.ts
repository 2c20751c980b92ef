// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  branchPosition,
  defaultLeaf,
  indexMessages,
  latestLeaf,
  resolveLeaf,
  siblingsOf,
  subtreeIds,
  threadEntries,
  threadPath,
} from '../../../src/chat/shapes/tree';
import { message } from '../fixtures';

/*
 * u1 ─┬─ a1 ── u2 ── a2          (the first answer, then a follow-up)
 *     └─ a1b ── u3 ─┬─ a3        (a regenerated answer, then a follow-up answered twice)
 *                   └─ a3b
 * u1b ── a1c                     (the first message edited: a second root)
 */
const messages = [
  message('a3b', 'u3', 8),
  message('u1', null, 1),
  message('a1', 'u1', 2),
  message('u2', 'a1', 3, { role: 'user' }),
  message('a2', 'u2', 4),
  message('a1b', 'u1', 5),
  message('u3', 'a1b', 6, { role: 'user' }),
  message('a3', 'u3', 7),
  message('u1b', null, 10),
  message('a1c', 'u1b', 11),
];
const index = indexMessages(messages);
const ids = (list: readonly { id: string }[]) => list.map((m) => m.id);

describe('threadPath', () => {
  it.each([
    ['a2', ['u1', 'a1', 'u2', 'a2']],
    ['a3b', ['u1', 'a1b', 'u3', 'a3b']],
    ['u3', ['u1', 'a1b', 'u3']],
    ['u1', ['u1']],
    ['a1c', ['u1b', 'a1c']],
    ['nope', []],
  ])('from the root to %s', (leaf, expected) => {
    expect(ids(threadPath(index, leaf))).toEqual(expected);
  });

  it('is empty without a leaf', () => {
    expect(threadPath(index, undefined)).toEqual([]);
  });

  it('stops at a cycle in corrupt data instead of looping', () => {
    const looped = indexMessages([message('x', 'y', 1), message('y', 'x', 2)]);
    expect(ids(threadPath(looped, 'x')).sort()).toEqual(['x', 'y']);
  });
});

describe('latestLeaf', () => {
  it.each([
    ['u1', 'a3b'],
    ['a1', 'a2'],
    ['a1b', 'a3b'],
    ['a3', 'a3'],
    ['u1b', 'a1c'],
    ['nope', undefined],
  ])('from %s descends to %s', (from, expected) => {
    expect(latestLeaf(index, from)).toBe(expected);
  });
});

describe('siblings and branch position', () => {
  it.each([
    ['a1', ['a1', 'a1b'], 1, 2],
    ['a1b', ['a1', 'a1b'], 2, 2],
    ['u1', ['u1', 'u1b'], 1, 2],
    ['u1b', ['u1', 'u1b'], 2, 2],
    ['a3b', ['a3', 'a3b'], 2, 2],
    ['u2', ['u2'], 1, 1],
  ])('%s is among %j at %i of %i', (id, siblings, position, total) => {
    expect(ids(siblingsOf(index, id))).toEqual(siblings);
    expect(branchPosition(index, id)).toEqual({ index: position, total });
  });

  it('orders siblings by creation time whatever the input order, ids breaking ties', () => {
    const tied = indexMessages([message('b', 'r', 5), message('r', null, 1), message('a', 'r', 5), message('c', 'r', 3)]);
    expect(ids(siblingsOf(tied, 'a'))).toEqual(['c', 'a', 'b']);
  });

  it('treats a message whose parent is gone as a root', () => {
    const orphaned = indexMessages([message('r', null, 1), message('o', 'deleted', 2)]);
    expect(ids(siblingsOf(orphaned, 'o'))).toEqual(['r', 'o']);
    expect(ids(threadPath(orphaned, 'o'))).toEqual(['o']);
  });

  it('gives each thread entry its position and neighbours', () => {
    const entries = threadEntries(index, 'a3b');
    expect(entries.map((e) => [e.message.id, e.branch.index, e.branch.total, e.branch.previousId, e.branch.nextId])).toEqual([
      ['u1', 1, 2, undefined, 'u1b'],
      ['a1b', 2, 2, 'a1', undefined],
      ['u3', 1, 1, undefined, undefined],
      ['a3b', 2, 2, 'a3', undefined],
    ]);
  });
});

describe('subtrees and deleting them', () => {
  it.each([
    ['a1b', ['a1b', 'u3', 'a3', 'a3b']],
    ['a1', ['a1', 'u2', 'a2']],
    ['u1', ['u1', 'a1', 'u2', 'a2', 'a1b', 'u3', 'a3', 'a3b']],
    ['a2', ['a2']],
    ['nope', []],
  ])('the subtree of %s', (root, expected) => {
    expect(subtreeIds(index, root)).toEqual(expected);
  });

  it('after deleting a branch, its sibling is alone and the newest leaf follows the rest', () => {
    const doomed = new Set(subtreeIds(index, 'a1b'));
    const rest = indexMessages(messages.filter((m) => !doomed.has(m.id)));
    expect(branchPosition(rest, 'a1')).toEqual({ index: 1, total: 1 });
    expect(latestLeaf(rest, 'u1')).toBe('a2');
    expect(rest.byId.has('u3')).toBe(false);
  });
});

describe('defaultLeaf and resolveLeaf', () => {
  it('picks the newest leaf', () => {
    expect(defaultLeaf(index)).toBe('a1c');
    expect(defaultLeaf(indexMessages([]))).toBeUndefined();
  });

  it.each([
    ['a2', 'a2'],
    [undefined, 'a1c'],
    ['deleted', 'a1c'],
  ])('resolves current leaf %s to %s', (current, expected) => {
    expect(resolveLeaf(index, current)).toBe(expected);
  });
});
