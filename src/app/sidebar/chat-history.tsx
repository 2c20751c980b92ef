import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useChats, useChatStore } from '../../chat';
import { groupChats, type ChatGroup } from '../../chat/shapes/date-groups';
import { t } from '../../i18n';
import { paths } from '../../pages/paths';
import { useLocation } from '../../router';
import { ChatEntry, ENTRY_MENU_CLASS } from './chat-entry';
import { ChatEntryActionsContext, useChatEntryActionsValue, type ChatEntryActions } from './chat-entry-actions';
import { groupKey, groupLabel } from './group-label';
import { useCurrentDay } from './use-current-day';
import { useRenderLimit } from './use-render-limit';
import { limitGroups, neighbourOf } from './visible-groups';

const HistoryGroup = memo(function HistoryGroup({ group, activePath }: { group: ChatGroup; activePath: string }) {
  const headingId = useId();
  return (
    <div className="chat-group" data-kind={group.kind}>
      <h2 id={headingId} className="chat-group__heading">
        {groupLabel(group)}
      </h2>
      <ul className="chat-group__list" aria-labelledby={headingId}>
        {group.chats.map((chat) => (
          <ChatEntry key={chat.id} chat={chat} active={activePath === paths.chat.href(chat.id)} />
        ))}
      </ul>
    </div>
  );
});

/**
 * The chat history (SPEC B2): pinned first, then Today … one group per month, rendered a
 * slice at a time so thousands of chats stay cheap. When an entry moves (pin) or goes
 * (delete) from under the keyboard, focus follows it or its neighbour instead of falling to the page.
 */
export function ChatHistory({ scrollRootRef }: { scrollRootRef: RefObject<HTMLElement | null> }) {
  const chats = useChats();
  const ready = useChatStore((s) => s.status === 'ready');
  const day = useCurrentDay();
  const groups = useMemo(() => groupChats(chats, new Date(day)), [chats, day]);
  const { limit, sentinelRef } = useRenderLimit(chats.length, scrollRootRef);
  const shown = useMemo(() => limitGroups(groups, limit), [groups, limit]);
  const { path } = useLocation();
  const listRef = useRef<HTMLDivElement>(null);
  const order = useRef<readonly string[]>([]);
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    order.current = shown.flatMap((group) => group.chats.map((chat) => chat.id));
  }, [shown]);

  const baseActions = useChatEntryActionsValue();
  const actions = useMemo<ChatEntryActions>(
    () => ({
      ...baseActions,
      togglePin(chat) {
        pendingFocus.current = chat.id;
        baseActions.togglePin(chat);
      },
      remove(chat) {
        pendingFocus.current = neighbourOf(order.current, chat.id);
        baseActions.remove(chat);
      },
    }),
    [baseActions],
  );

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    pendingFocus.current = null;
    const list = listRef.current;
    if (id === null || !list) return;
    const active = list.ownerDocument.activeElement;
    // Only when the focused control left with its entry; focus the user put elsewhere stays.
    if (active && active !== list.ownerDocument.body) return;
    const entry = [...list.querySelectorAll<HTMLElement>('[data-chat-id]')].find((element) => element.dataset.chatId === id);
    entry?.querySelector<HTMLElement>(`.${ENTRY_MENU_CLASS}`)?.focus();
  }, [shown]);

  if (ready && chats.length === 0) return <p className="chat-history__empty">{t('nav.empty')}</p>;

  return (
    <ChatEntryActionsContext.Provider value={actions}>
      <div ref={listRef} className="chat-history" aria-busy={!ready || undefined}>
        {shown.map((group) => (
          <HistoryGroup key={groupKey(group)} group={group} activePath={path} />
        ))}
        {chats.length > limit && <div ref={sentinelRef} className="chat-history__sentinel" aria-hidden="true" />}
      </div>
    </ChatEntryActionsContext.Provider>
  );
}
