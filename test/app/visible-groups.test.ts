import { describe, expect, it } from 'vitest';
import { formatMonth, groupKey, groupLabel, limitGroups, neighbourOf } from '../../src/app/sidebar';
import type { Chat, ChatGroup } from '../../src/chat';


const chat = (id: string): Chat => ({ id, title: id, titleSource: 'auto', createdAt: 0, updatedAt: 0, pinned: false });
const chats = (...ids: string[]) => ids.map(chat);

describe('groupLabel', () => {
  it.each<[ChatGroup, string, string]>([
    [{ kind: 'pinned', chats: [] }, 'Pinned', 'pinned'],
    [{ kind: 'today', chats: [] }, 'Today', 'today'],
    [{ kind: 'yesterday', chats: [] }, 'Yesterday', 'yesterday'],
    [{ kind: 'previous7', chats: [] }, 'Previous 7 days', 'previous7'],
    [{ kind: 'previous30', chats: [] }, 'Previous 30 days', 'previous30'],
    [{ kind: 'month', year: 2026, month: 2, chats: [] }, 'March 2026', 'month-2026-2'],
    [{ kind: 'month', year: 2025, month: 11, chats: [] }, 'December 2025', 'month-2025-11'],
    [{ kind: 'month', year: 2024, month: 0, chats: [] }, 'January 2024', 'month-2024-0'],
  ])('%o is headed %s', (group, label, key) => {
    expect(groupLabel(group)).toBe(label);
    expect(groupKey(group)).toBe(key);
  });

  it('formats months in the browser locale', () => {
    expect(formatMonth(2026, 2)).toBe(new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date(2026, 2, 1)));
  });
});

describe('limitGroups', () => {
  const groups: ChatGroup[] = [
    { kind: 'pinned', chats: chats('p1') },
    { kind: 'today', chats: chats('t1', 't2', 't3') },
    { kind: 'month', year: 2025, month: 4, chats: chats('m1', 'm2') },
  ];
  const ids = (shown: ChatGroup[]) => shown.map((g) => `${g.kind}:${g.chats.map((c) => c.id).join(',')}`);

  it.each([
    [0, []],
    [1, ['pinned:p1']],
    [3, ['pinned:p1', 'today:t1,t2']],
    [4, ['pinned:p1', 'today:t1,t2,t3']],
    [5, ['pinned:p1', 'today:t1,t2,t3', 'month:m1']],
    [100, ['pinned:p1', 'today:t1,t2,t3', 'month:m1,m2']],
  ])('with room for %i chats shows %o', (limit, expected) => {
    expect(ids(limitGroups(groups, limit))).toEqual(expected);
  });

  it('keeps whole groups as they are (memoised rows see the same objects)', () => {
    expect(limitGroups(groups, 100)[1]).toBe(groups[1]);
  });
});

describe('neighbourOf', () => {
  it.each([
    [['a', 'b', 'c'], 'a', 'b'],
    [['a', 'b', 'c'], 'b', 'c'],
    [['a', 'b', 'c'], 'c', 'b'],
    [['a'], 'a', null],
    [['a', 'b'], 'x', null],
  ])('in %o, %s leaves focus to %s', (order, id, expected) => {
    expect(neighbourOf(order, id)).toBe(expected);
  });
});
