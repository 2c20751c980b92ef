// When a chat was last active, in words: the sidebar's group headings and the home page's recent
// chats both say it through this one function, so one chat never reads "Yesterday" in one place
// and "5 hours ago" or "Previous 7 days" in another.
import { dayGroupOf, type DayCalendar, type DayGroup } from '../../chat/shapes/date-groups';
import { registerMessages, t, type MessageKey } from '../../i18n';
import { chatDates } from '../../i18n/en/chat-dates';

// The words load with the history and the recent chats (never on the first screen), not with the start catalogue.
registerMessages(chatDates);

/** A history group's kind, pinned included (pinned chats are listed apart, whatever their date). */
export type LabelledGroup = DayGroup | { readonly kind: 'pinned' };

const RELATIVE_LABELS: Record<Exclude<LabelledGroup['kind'], 'month'>, MessageKey> = {
  pinned: 'nav.group.pinned',
  today: 'nav.group.today',
  yesterday: 'nav.group.yesterday',
  previous7: 'nav.group.previous7',
  previous30: 'nav.group.previous30',
};

let monthFormat: Intl.DateTimeFormat | undefined;

/** Month and year in the browser's locale; the formatter is built once (it is costly to create). */
export function formatMonth(year: number, month: number): string {
  monthFormat ??= new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
  return monthFormat.format(new Date(year, month));
}

/** A group's words: a fixed name, or the month in the user's language ("March 2026"). */
export function groupLabel(group: LabelledGroup): string {
  return group.kind === 'month' ? formatMonth(group.year, group.month) : t(RELATIVE_LABELS[group.kind]);
}

/** When `time` was, as the sidebar would group it: "Today", "Yesterday", "Previous 7 days", "March 2026". */
export function dayLabel(time: number, now: Date, calendar?: DayCalendar): string {
  return groupLabel(dayGroupOf(time, now, calendar));
}
