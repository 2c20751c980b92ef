import { compareMessages } from '../persistence';
import type { Message } from '../types';

/**
 * Pure functions over one chat's messages, which form a tree through `parentId`: edits and
 * regenerations are siblings. The thread on screen is the path from a root to the chat's
 * current leaf.
 */

export interface MessageIndex {
  readonly byId: ReadonlyMap<string, Message>;
  /** Children of each message (roots under `null`), oldest first. */
  readonly childrenByParent: ReadonlyMap<string | null, readonly Message[]>;
}

export interface BranchPosition {
  /** 1-based, as shown in `‹ 2/3 ›`. */
  readonly index: number;
  readonly total: number;
}

export interface ThreadEntry {
  readonly message: Message;
  readonly branch: BranchPosition & { readonly previousId?: string; readonly nextId?: string };
}

const EMPTY: readonly Message[] = [];

export { compareMessages };

/** Where a message hangs in the index: a message whose parent is gone (deleted elsewhere) counts as a root. */
function parentKey(byId: ReadonlyMap<string, Message>, message: Message): string | null {
  return message.parentId !== null && byId.has(message.parentId) ? message.parentId : null;
}

export function indexMessages(messages: readonly Message[]): MessageIndex {
  const byId = new Map<string, Message>();
  for (const message of messages) byId.set(message.id, message);
  const childrenByParent = new Map<string | null, Message[]>();
  for (const message of byId.values()) {
    const key = parentKey(byId, message);
    const siblings = childrenByParent.get(key);
    if (siblings) siblings.push(message);
    else childrenByParent.set(key, [message]);
  }
  for (const siblings of childrenByParent.values()) siblings.sort(compareMessages);
  return { byId, childrenByParent };
}

export function childrenOf(index: MessageIndex, id: string | null): readonly Message[] {
  return index.childrenByParent.get(id) ?? EMPTY;
}

/** Root → leaf; empty for an unknown leaf. Stops at a cycle rather than looping on corrupt data. */
export function threadPath(index: MessageIndex, leafId: string | undefined): Message[] {
  const path: Message[] = [];
  const seen = new Set<string>();
  let current = leafId === undefined ? undefined : index.byId.get(leafId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.push(current);
    const parent = parentKey(index.byId, current);
    current = parent === null ? undefined : index.byId.get(parent);
  }
  return path.reverse();
}

/** Follows the newest child down from `fromId`; undefined for an unknown id. */
export function latestLeaf(index: MessageIndex, fromId: string): string | undefined {
  if (!index.byId.has(fromId)) return undefined;
  let id = fromId;
  const seen = new Set<string>();
  for (;;) {
    seen.add(id);
    const children = childrenOf(index, id);
    const newest = children[children.length - 1];
    if (!newest || seen.has(newest.id)) return id;
    id = newest.id;
  }
}

/** The message and its siblings (same parent), oldest first; empty for an unknown id. */
export function siblingsOf(index: MessageIndex, messageId: string): readonly Message[] {
  const message = index.byId.get(messageId);
  return message ? childrenOf(index, parentKey(index.byId, message)) : EMPTY;
}

export function branchPosition(index: MessageIndex, messageId: string): BranchPosition {
  const siblings = siblingsOf(index, messageId);
  return { index: siblings.findIndex((m) => m.id === messageId) + 1, total: siblings.length };
}

/** The message and all its descendants, the root first. */
export function subtreeIds(index: MessageIndex, rootId: string): string[] {
  if (!index.byId.has(rootId)) return [];
  const ids: string[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    const children = childrenOf(index, id);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!.id);
  }
  return ids;
}

/** The newest leaf: what to show for a chat that has no (valid) current leaf. */
export function defaultLeaf(index: MessageIndex): string | undefined {
  let best: Message | undefined;
  for (const message of index.byId.values()) {
    if (childrenOf(index, message.id).length > 0) continue;
    if (!best || compareMessages(best, message) < 0) best = message;
  }
  return best?.id;
}

/** The leaf to show: the chat's current leaf when it still exists, else the newest leaf. */
export function resolveLeaf(index: MessageIndex, currentLeafId: string | undefined): string | undefined {
  return currentLeafId !== undefined && index.byId.has(currentLeafId) ? currentLeafId : defaultLeaf(index);
}

/** The thread with each message's place among its siblings, for `‹ 2/3 ›` navigation. */
export function threadEntries(index: MessageIndex, leafId: string | undefined): ThreadEntry[] {
  return threadPath(index, leafId).map((message) => {
    const siblings = siblingsOf(index, message.id);
    const at = siblings.findIndex((m) => m.id === message.id);
    return {
      message,
      branch: {
        index: at + 1,
        total: siblings.length,
        previousId: siblings[at - 1]?.id,
        nextId: siblings[at + 1]?.id,
      },
    };
  });
}
