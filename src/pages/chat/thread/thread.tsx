import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type CSSProperties, type Ref } from 'react';
import { useThread } from '../../../chat/store/thread-hooks';
import { chatById, useChatStore } from '../../../chat';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { lazyPart } from '../../../ui/lazy-part';
import { readComparing } from '../compare/comparing-state';
import type { ThreadEntry } from '../../../chat/shapes';
import { useComposedRefs } from '../../../lib/compose-refs';
import { t } from '../chat-text';
import { MessageItem } from '../message/message-item';
import { groupHeight, messageWeight } from './thread-window';
import { useThreadWindow } from './use-thread-window';

/**
 * Messages per group: the unit the thread renders or leaves out. Small enough that rendering one
 * as it scrolls into reach is one short task, large enough that a 2,000-message chat has only
 * 400 stand-ins.
 */
export const THREAD_GROUP_SIZE = 5;

/**
 * A chat of up to this many messages is rendered whole: a short chat costs little either way, and
 * the window would only make it wait a frame a group.
 */
export const WINDOWED_FROM = 41;

// A comparison's columns (issue 38) load with the first chat that holds one open; until then (or offline
// before they ever loaded) the reply on the current branch shows alone, as any reply does.
const CompareTurn = lazyPart(withChunkStyles('compare-turn', () => import('../compare/compare-turn').then((module) => ({ default: module.CompareTurn }))));

export interface ThreadProps {
  chatId: string;
  /** Called after every change of the thread (a delta, a new message, another branch). */
  onChange(): void;
  /** A message the page opens at (a search hit): its group is rendered from the start. */
  targetId?: string;
  /** Find-in-page opened a group that was out of reach: the reader is there now, not at the end. */
  onFound?(): void;
  ref?: Ref<HTMLDivElement>;
}

/** A group's messages, the name its height is remembered by, and its weight for an estimate. */
interface GroupParts {
  items: readonly ThreadEntry[];
  key: string;
  weight: number;
}

/** The thread cut into groups, reusing `before`'s parts for groups whose messages did not change. */
function groupParts(chatId: string, entries: readonly ThreadEntry[], before: readonly GroupParts[]): GroupParts[] {
  const parts: GroupParts[] = [];
  for (let at = 0, group = 0; at < entries.length; at += THREAD_GROUP_SIZE, group += 1) {
    const items = entries.slice(at, at + THREAD_GROUP_SIZE);
    const old = before[group];
    if (old && sameEntries(old.items, items)) {
      parts.push(old);
      continue;
    }
    const key = `${chatId}:${items[0]!.message.id}:${items.at(-1)!.message.id}`;
    parts.push({ items, key, weight: items.reduce((sum, { message }) => sum + messageWeight(message.content), 0) });
  }
  return parts;
}

/**
 * The messages from the first to the current leaf, as a list of articles in groups of
 * THREAD_GROUP_SIZE by position (a message keeps its group as the window moves). Only the groups
 * near the screen are rendered (use-thread-window.ts), with the newest always and a search hit's;
 * each other group stands in with its height and its messages' plain text, hidden until
 * find-in-page finds something in it (`hidden="until-found"`), which renders it. A list by its
 * roles: an <ol> may hold nothing but <li>, and the groups are plain boxes in between, which the
 * accessibility tree passes over. Not a live region: a streaming reply would be read out token by
 * token.
 */
export function Thread({ chatId, onChange, targetId, onFound, ref }: ThreadProps) {
  const entries = useThread(chatId);
  const comparing = readComparing(useChatStore((s) => chatById(s.chats, chatId)?.comparing));
  const list = useRef<HTMLDivElement>(null);
  const composedRef = useComposedRefs(ref, list);
  const { shown, wake } = useThreadWindow(list);
  /** The message find-in-page scrolled to in a stand-in: once rendered, it takes the same place on screen. */
  const foundPlace = useRef<FoundPlace | undefined>(undefined);
  const found = useCallback(
    (group: number, place: FoundPlace | undefined) => {
      if (!place) return onFound?.();
      foundPlace.current = place;
      wake(group);
    },
    [onFound, wake],
  );
  useLayoutEffect(() => {
    const place = foundPlace.current;
    const item = place && list.current?.querySelector(`[data-message-id="${CSS.escape(place.messageId)}"]`);
    if (!place || !item) return;
    foundPlace.current = undefined;
    window.scrollBy({ top: item.getBoundingClientRect().top - place.top, behavior: 'instant' });
  }, [shown]);
  useEffect(() => onChange(), [entries, onChange]);
  // Worked out when the messages change, not when the window moves; a group whose messages are the
  // same objects keeps its parts (a streaming reply changes the last group alone).
  const kept = useRef<readonly GroupParts[]>([]);
  const parts = useMemo(() => (kept.current = groupParts(chatId, entries, kept.current)), [chatId, entries]);
  const last = parts.length - 1;
  const whole = entries.length < WINDOWED_FROM;
  const targetIndex = targetId === undefined ? -1 : entries.findIndex((entry) => entry.message.id === targetId);
  const target = targetIndex < 0 ? -1 : Math.floor(targetIndex / THREAD_GROUP_SIZE);
  const groups = [];
  for (let group = 0; group <= last; group += 1) {
    const { items, key, weight } = parts[group]!;
    groups.push(
      whole || group === last || group === target || shown.includes(group) ? (
        <div key={group} className="thread__group" data-key={key} data-weight={weight}>
          {compareAt(items, comparing).map(({ message, branch }) => {
            const item = (
              <MessageItem
                key={message.id}
                message={message}
                branchIndex={branch.index}
                branchTotal={branch.total}
                previousId={branch.previousId}
                nextId={branch.nextId}
              />
            );
            return comparing && message.parentId === comparing.parentId && comparing.replies.includes(message.id) ? (
              <Suspense key={`compare-${message.id}`} fallback={item}>
                <CompareTurn chatId={chatId} comparing={comparing} />
              </Suspense>
            ) : (
              item
            );
          })}
        </div>
      ) : (
        <GroupStandIn key={`${group}-asleep`} group={group} items={items} height={groupHeight(key, weight)} onFound={found} />
      ),
    );
  }
  return (
    // Focusable so focus has somewhere to go when a message it was on is deleted.
    <div ref={composedRef} className="thread" role="list" aria-label={t('chat.thread.label')} tabIndex={-1}>
      {groups}
    </div>
  );
}

/** A group's messages up to the compared reply (its branch's later messages show in its column's place). */
function compareAt(items: readonly ThreadEntry[], comparing: ReturnType<typeof readComparing>): readonly ThreadEntry[] {
  if (!comparing) return items;
  const at = items.findIndex(({ message }) => message.parentId === comparing.parentId && comparing.replies.includes(message.id));
  return at < 0 ? items : items.slice(0, at + 1);
}

interface GroupStandInProps {
  group: number;
  items: readonly ThreadEntry[];
  height: number;
  onFound(group: number, place: FoundPlace | undefined): void;
}

/** Between two messages' texts in a stand-in. */
const STAND_IN_GAP = '\n\n';

/**
 * A group out of reach: as tall as it was (or is estimated to be), holding its messages' text for
 * find-in-page only, as one text (2,000 messages stand in as 100 text nodes, no fiber or element
 * a message). React knows `hidden` as a yes/no attribute, so `until-found` is set by hand. When
 * find opens the group, the browser scrolls to the match in this text; in the next frame the
 * message under the screen's middle, and where it starts on screen, are told, so the rendered
 * message can take the same place.
 */
const GroupStandIn = memo(
  function GroupStandIn({ group, items, height, onFound }: GroupStandInProps) {
    const attach = (element: HTMLDivElement | null) => {
      if (!element) return;
      element.setAttribute('hidden', 'until-found');
      const win = element.ownerDocument.defaultView ?? window;
      const found = () => {
        onFound(group, undefined);
        win.requestAnimationFrame(() => onFound(group, placeOfMatch(element, items)));
      };
      element.addEventListener('beforematch', found);
      return () => element.removeEventListener('beforematch', found);
    };
    return (
      <div ref={attach} className="thread__group" data-state="asleep" style={{ '--group-height': `${height}px` } as CSSProperties}>
        {items.map(({ message }) => message.content).join(STAND_IN_GAP)}
      </div>
    );
  },
  (before, after) =>
    before.group === after.group &&
    before.height === after.height &&
    before.onFound === after.onFound &&
    sameMessages(before.items, after.items),
);

/** The same messages at the same places among their versions (‹ 2/3 ›): a group's parts can be kept. */
function sameEntries(a: readonly ThreadEntry[], b: readonly ThreadEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every(({ message, branch }, index) => {
      const other = b[index]!;
      return (
        message === other.message &&
        branch.index === other.branch.index &&
        branch.total === other.branch.total &&
        branch.previousId === other.branch.previousId &&
        branch.nextId === other.branch.nextId
      );
    })
  );
}

function sameMessages(a: readonly ThreadEntry[], b: readonly ThreadEntry[]): boolean {
  return a === b || (a.length === b.length && a.every((entry, index) => entry.message === b[index]!.message));
}

/** Where find-in-page left the reader: the message found, and where its text starts on screen. */
export interface FoundPlace {
  messageId: string;
  top: number;
}

/** The character of the stand-in's text under the middle of the screen, if any (find scrolls its match there). */
function offsetAtMiddle(standIn: HTMLElement): number | undefined {
  const doc = standIn.ownerDocument;
  const box = standIn.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = (doc.defaultView?.innerHeight ?? 0) / 2;
  const position = doc.caretPositionFromPoint?.(x, y);
  if (position) return position.offsetNode.parentNode === standIn ? position.offset : undefined;
  const range = doc.caretRangeFromPoint?.(x, y);
  return range && range.startContainer.parentNode === standIn ? range.startOffset : undefined;
}

function placeOfMatch(standIn: HTMLElement, items: readonly ThreadEntry[]): FoundPlace | undefined {
  const offset = offsetAtMiddle(standIn);
  let start = 0;
  let found = items[0];
  let foundStart = 0;
  for (const entry of items) {
    if (offset !== undefined && start > offset) break;
    found = entry;
    foundStart = start;
    start += entry.message.content.length + STAND_IN_GAP.length;
  }
  if (!found) return undefined;
  // Where that message's text begins on screen: a range over its first character.
  const text = standIn.firstChild;
  let top = standIn.getBoundingClientRect().top;
  if (text && found.message.content.length > 0) {
    const range = standIn.ownerDocument.createRange();
    range.setStart(text, foundStart);
    range.setEnd(text, foundStart + 1);
    top = range.getBoundingClientRect().top;
  }
  return { messageId: found.message.id, top };
}
