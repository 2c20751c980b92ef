// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupChats, type ChatGroup } from '../../../src/chat/shapes/date-groups';
import { chat } from '../fixtures';

/** Dates are built in the machine's zone with `new Date(y, m, d, h, min)`, as the default calendar reads them. */
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

/** Which group each chat landed in: 'today', 'month 2026-05', … */
function placement(groups: ChatGroup[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const group of groups) {
    const label = group.kind === 'month' ? `month ${group.year}-${String(group.month + 1).padStart(2, '0')}` : group.kind;
    for (const c of group.chats) result[c.id] = label;
  }
  return result;
}

describe('groupChats on calendar days', () => {
  it.each([
    ['just after midnight: a minute before is yesterday', new Date(2026, 5, 15, 0, 5), at(2026, 6, 14, 23, 59), 'yesterday'],
    ['just after midnight: midnight itself is today', new Date(2026, 5, 15, 0, 5), at(2026, 6, 15, 0, 0), 'today'],
    ['just before midnight: the morning is today', new Date(2026, 5, 15, 23, 59), at(2026, 6, 15, 0, 1), 'today'],
    ['month end: the last evening of June is yesterday on July 1', new Date(2026, 6, 1, 9), at(2026, 6, 30, 22), 'yesterday'],
    ['month end: 7 days before July 1 starts at June 24, 00:00', new Date(2026, 6, 1, 9), at(2026, 6, 24, 0, 0), 'previous7'],
    ['month end: a minute earlier is in the previous 30 days', new Date(2026, 6, 1, 9), at(2026, 6, 23, 23, 59), 'previous30'],
    ['month end: 30 days before July 1 starts at June 1, 00:00', new Date(2026, 6, 1, 9), at(2026, 6, 1, 0, 0), 'previous30'],
    ['month end: May 31 is its own month', new Date(2026, 6, 1, 9), at(2026, 5, 31, 23, 59), 'month 2026-05'],
    ['year end: New Year’s Eve is yesterday', new Date(2027, 0, 1, 8), at(2026, 12, 31, 23), 'yesterday'],
    ['year end: Christmas is in the previous 7 days', new Date(2027, 0, 1, 8), at(2026, 12, 25, 10), 'previous7'],
    ['year end: December 2 is in the previous 30 days', new Date(2027, 0, 1, 8), at(2026, 12, 2, 0, 0), 'previous30'],
    ['year end: December 1 is the month of December 2026', new Date(2027, 0, 1, 8), at(2026, 12, 1, 23), 'month 2026-12'],
    ['year end: a year earlier is December 2025', new Date(2027, 0, 1, 8), at(2025, 12, 31, 12), 'month 2025-12'],
    ['a time ahead of the clock (another device) counts as today', new Date(2026, 5, 15, 10), at(2026, 6, 16, 10), 'today'],
  ])('%s', (_, now, updatedAt, expected) => {
    expect(placement(groupChats([chat('x', updatedAt)], now))).toEqual({ x: expected });
  });
});

describe('groupChats order', () => {
  const now = new Date(2026, 6, 10, 12);
  const chats = [
    chat('old-may', at(2026, 5, 2)),
    chat('today-early', at(2026, 7, 10, 8)),
    chat('pinned-old', at(2026, 1, 5), { pinned: true }),
    chat('today-late', at(2026, 7, 10, 11)),
    chat('april', at(2026, 4, 20)),
    chat('pinned-new', at(2026, 7, 10, 9), { pinned: true }),
    chat('later-may', at(2026, 5, 28)),
  ];

  it('puts pinned chats first, then the day groups, then months newest first, each newest first', () => {
    const groups = groupChats(chats, now);
    expect(groups.map((g) => (g.kind === 'month' ? `${g.kind} ${g.year}-${g.month}` : g.kind))).toEqual([
      'pinned',
      'today',
      'month 2026-4',
      'month 2026-3',
    ]);
    expect(groups.map((g) => g.chats.map((c) => c.id))).toEqual([
      ['pinned-new', 'pinned-old'],
      ['today-late', 'today-early'],
      ['later-may', 'old-may'],
      ['april'],
    ]);
  });

  it('returns no groups for no chats', () => {
    expect(groupChats([], now)).toEqual([]);
  });
});
