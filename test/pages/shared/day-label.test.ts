// One wording for "when" (issue 22): the home page's recent chats and the sidebar's group headings
// come from the same function, so one chat never reads two ways.
import { describe, expect, it } from 'vitest';
import { groupChats } from '../../../src/chat/shapes/date-groups';
import { dayLabel, groupLabel } from '../../../src/pages/shared/day-label';
import { chat } from '../../chat/fixtures';

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

/** The heading of the sidebar group a chat lands in. */
function sidebarHeading(updatedAt: number, now: Date): string {
  const [group] = groupChats([chat('x', updatedAt)], now);
  return groupLabel(group!);
}

describe('dayLabel', () => {
  it.each([
    // The two disagreements a new user met: 5 hours ago across midnight, and 30 hours ago across two midnights.
    ['5 hours ago, before midnight', new Date(2026, 10, 27, 3), at(2026, 11, 26, 22), 'Yesterday'],
    ['30 hours ago, two midnights back', new Date(2026, 10, 27, 3), at(2026, 11, 25, 21), 'Previous 7 days'],
    ['this morning', new Date(2026, 10, 27, 15), at(2026, 11, 27, 8), 'Today'],
    ['three weeks ago', new Date(2026, 10, 27, 15), at(2026, 11, 6, 8), 'Previous 30 days'],
    ['last spring', new Date(2026, 10, 27, 15), at(2026, 3, 14, 8), new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date(2026, 2))],
  ])('%s reads "%s" on the home page and as the sidebar heading', (_, now, updatedAt, expected) => {
    expect(dayLabel(updatedAt, now)).toBe(expected);
    expect(sidebarHeading(updatedAt, now)).toBe(expected);
  });
});
