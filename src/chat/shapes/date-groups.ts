import type { Chat } from '../types';

/**
 * The sidebar's history groups (SPEC B2): pinned first, then Today / Yesterday / Previous 7
 * days / Previous 30 days, then one group per month. Day boundaries are real local midnights,
 * so a 23- or 25-hour day at a daylight-saving change still ends at midnight.
 */

/** Days before today (today excluded) that make up "Previous 7 days". */
export const PREVIOUS_WEEK_DAYS = 7;
/** Days before today (today excluded) that make up "Previous 30 days". */
export const PREVIOUS_MONTH_DAYS = 30;

/** Calendar questions in one time zone; injectable so tests can pin a zone with DST. */
export interface DayCalendar {
  /** The first instant (ms) of the calendar day that contains `time`. */
  startOfDay(time: number): number;
  /** The calendar year and month (0–11) that contain `time`. */
  yearMonth(time: number): { year: number; month: number };
}

/** The user's time zone, through Date's local-time fields. */
export const localCalendar: DayCalendar = {
  startOfDay(time) {
    const date = new Date(time);
    return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  },
  yearMonth(time) {
    const date = new Date(time);
    return { year: date.getFullYear(), month: date.getMonth() };
  },
};

export type RelativeGroupKind = 'today' | 'yesterday' | 'previous7' | 'previous30';

export type ChatGroup =
  | { readonly kind: 'pinned'; readonly chats: readonly Chat[] }
  | { readonly kind: RelativeGroupKind; readonly chats: readonly Chat[] }
  /** `month` is 0–11, as `new Date(year, month)` takes it. */
  | { readonly kind: 'month'; readonly year: number; readonly month: number; readonly chats: readonly Chat[] };

/** The start of the day `days` calendar days before the day that starts at `dayStart`. */
function daysBefore(calendar: DayCalendar, dayStart: number, days: number): number {
  let start = dayStart;
  // Stepping one millisecond back lands in the previous day whatever its length.
  for (let i = 0; i < days; i++) start = calendar.startOfDay(start - 1);
  return start;
}

const newestFirst = (a: Chat, b: Chat) => b.updatedAt - a.updatedAt;

/** The history group a time falls in, without its chats: the one rule behind every "when" Parley shows. */
export type DayGroup = { readonly kind: RelativeGroupKind } | { readonly kind: 'month'; readonly year: number; readonly month: number };

/** Where the relative groups begin, for the day that contains `now`. */
function boundaries(now: Date, calendar: DayCalendar) {
  const today = calendar.startOfDay(now.getTime());
  const yesterday = daysBefore(calendar, today, 1);
  const week = daysBefore(calendar, yesterday, PREVIOUS_WEEK_DAYS - 1);
  const month = daysBefore(calendar, week, PREVIOUS_MONTH_DAYS - PREVIOUS_WEEK_DAYS);
  return { today, yesterday, week, month };
}

function groupOfTime(at: number, bounds: ReturnType<typeof boundaries>, calendar: DayCalendar): DayGroup {
  // A time in the future (another device's clock) counts as today rather than vanishing.
  if (at >= bounds.today) return { kind: 'today' };
  if (at >= bounds.yesterday) return { kind: 'yesterday' };
  if (at >= bounds.week) return { kind: 'previous7' };
  if (at >= bounds.month) return { kind: 'previous30' };
  return { kind: 'month', ...calendar.yearMonth(at) };
}

/** The group of one time: the sidebar's heading and the home page's "when" come from it, so they agree. */
export function dayGroupOf(time: number, now: Date, calendar: DayCalendar = localCalendar): DayGroup {
  return groupOfTime(time, boundaries(now, calendar), calendar);
}

export function groupChats(chats: readonly Chat[], now: Date, calendar: DayCalendar = localCalendar): ChatGroup[] {
  const bounds = boundaries(now, calendar);
  const pinned: Chat[] = [];
  const relative: Record<RelativeGroupKind, Chat[]> = { today: [], yesterday: [], previous7: [], previous30: [] };
  const months = new Map<string, { year: number; month: number; chats: Chat[] }>();
  for (const chat of [...chats].sort(newestFirst)) {
    if (chat.pinned) {
      pinned.push(chat);
      continue;
    }
    const group = groupOfTime(chat.updatedAt, bounds, calendar);
    if (group.kind !== 'month') {
      relative[group.kind].push(chat);
      continue;
    }
    const key = `${group.year}-${group.month}`;
    const monthGroup = months.get(key);
    if (monthGroup) monthGroup.chats.push(chat);
    else months.set(key, { year: group.year, month: group.month, chats: [chat] });
  }

  const groups: ChatGroup[] = [];
  if (pinned.length > 0) groups.push({ kind: 'pinned', chats: pinned });
  for (const kind of ['today', 'yesterday', 'previous7', 'previous30'] as const) {
    if (relative[kind].length > 0) groups.push({ kind, chats: relative[kind] });
  }
  // Chats were visited newest first, so the months arrive newest first too.
  for (const group of months.values()) groups.push({ kind: 'month', ...group });
  return groups;
}
