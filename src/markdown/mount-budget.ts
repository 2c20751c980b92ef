import type { MarkdownBlock } from './block-splitter';

/**
 * Characters of source mounted per task when a long reply appears at once (a chat opened from
 * history): lexing and rendering run at several megabytes a second, so 48 KB keeps each task far
 * under the 100 ms that users feel as a frozen page, and a usual reply still mounts in one.
 */
export const MOUNT_CHARS_PER_TASK = 48 * 1024;

/**
 * What one block costs to mount beyond its characters, in characters: a reply of thousands of
 * one-line blocks (`$x$` paragraphs) costs per element, not per character.
 */
export const BLOCK_COST_CHARS = 64;

const groupChars = new WeakMap<readonly MarkdownBlock[], number>();

function charsOf(group: readonly MarkdownBlock[]): number {
  let chars = groupChars.get(group);
  if (chars === undefined) {
    chars = 0;
    for (const block of group) chars += block.source.length + BLOCK_COST_CHARS;
    groupChars.set(group, chars);
  }
  return chars;
}

/**
 * How many groups to render now: those mounted by earlier tasks, then more until this task's
 * budget is spent (always at least one, so a group larger than the budget still comes). While
 * a reply streams, all earlier groups are mounted already, so this costs one step per update.
 */
export function groupsToMount(
  groups: readonly (readonly MarkdownBlock[])[],
  tailGroup: number,
  tail: MarkdownBlock,
  mounted: number,
  groupCount: number,
): number {
  let end = Math.min(mounted, groupCount);
  let chars = 0;
  while (end < groupCount && chars < MOUNT_CHARS_PER_TASK) {
    const group = groups[end];
    chars += (group ? charsOf(group) : 0) + (end === tailGroup ? tail.source.length + BLOCK_COST_CHARS : 0);
    end += 1;
  }
  return end;
}
