import type { ChatGroup } from '../../chat';
export { formatMonth, groupLabel } from '../../pages/shared/day-label';

/** A stable React key (and id part) for a history group. */
export function groupKey(group: ChatGroup): string {
  return group.kind === 'month' ? `month-${group.year}-${group.month}` : group.kind;
}
