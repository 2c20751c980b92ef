/** The comparison a chat holds open (issue 38), read where it is shown: stored data from a backup or another device is checked here. */
import type { Comparing } from '../../../chat';

const isId = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The chat's open comparison when it is one: a parent id and 2 or more distinct reply ids. */
export function readComparing(value: unknown): Comparing | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { parentId, replies, blind, picked } = value as Record<string, unknown>;
  if (!isId(parentId) || !Array.isArray(replies) || replies.length < 2 || !replies.every(isId) || new Set(replies).size !== replies.length) return undefined;
  return { parentId, replies: replies as string[], ...(blind === true && { blind }), ...(isId(picked) && { picked }) };
}

/** Whether names are hidden: blind, and no vote yet. */
export const namesHidden = (comparing: Comparing): boolean => comparing.blind === true && comparing.picked === undefined;

/** A string's 32-bit FNV-1a hash: the blind order is a shuffle that stays the same across renders, reloads and devices. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The order the answers are shown in: as asked for; blind, shuffled by their ids (random to the
 * user, who cannot tell which model was asked first), a combined answer staying last.
 */
export function shownOrder(comparing: Comparing, isCombined: (id: string) => boolean): string[] {
  if (!comparing.blind) return comparing.replies;
  const answers = comparing.replies.filter((id) => !isCombined(id));
  const shuffled = [...answers].sort((a, b) => hash(comparing.parentId + a) - hash(comparing.parentId + b));
  return [...shuffled, ...comparing.replies.filter(isCombined)];
}
