import type { ChatGroup } from '../../chat';
import { t, type MessageKey } from '../../i18n';

/** The heading of one history group: a fixed name, or the month in the user's language ("March 2026"). */

const RELATIVE_LABELS: Record<Exclude<ChatGroup['kind'], 'month'>, MessageKey> = {
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

export function groupLabel(group: ChatGroup): string {
  return group.kind === 'month' ? formatMonth(group.year, group.month) : t(RELATIVE_LABELS[group.kind]);
}

/** A stable React key (and id part) for a group. */
export function groupKey(group: ChatGroup): string {
  return group.kind === 'month' ? `month-${group.year}-${group.month}` : group.kind;
}
