import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useChats, useChatStore, type Chat } from '../../chat';
import { useLibrary } from '../../chat/library';
import type { LibraryProject } from '../../chat/types';
import { groupChats, type ChatGroup } from '../../chat/shapes/date-groups';
import { t } from './chat-entry-text';
import { paths } from '../../pages/paths';
import { useLocation } from '../../router';
import { ChatEntry, ENTRY_MENU_CLASS } from './chat-entry';
import { ChatEntryActionsContext, useChatEntryActionsValue, type ChatEntryActions } from './chat-entry-actions';
import { DeleteProjectDialog } from './delete-project-dialog';
import { groupKey, groupLabel } from './group-label';
import { MoveToProjectDialog } from './move-to-project-dialog';
import { createProject, deleteProject, moveChat } from './project-actions';
import { SidebarProjects } from './sidebar-projects';
import { useChatDrag } from './use-chat-drag';
import { useCurrentDay } from './use-current-day';
import { useFoldedProjects } from './use-folded-projects';
import { useRenderLimit } from './use-render-limit';
import { limitGroups, neighbourOf } from './visible-groups';
import { t as tp } from './projects-text';

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

/** The menu button of the chat's entry in the list, if it is shown. */
const entryMenu = (list: HTMLElement | null, chatId: string | null) =>
  [...(list?.querySelectorAll<HTMLElement>('[data-chat-id]') ?? [])].find((element) => element.dataset.chatId === chatId)?.querySelector<HTMLElement>(`.${ENTRY_MENU_CLASS}`);

/**
 * The chats of each project, and the rest (the history's): a chat in a project shows under its
 * project only. Until the library is read, a chat naming a project waits rather than flash in the
 * history; one naming a project that is gone (deleted on another device) is the history's.
 */
function splitByProject(chats: readonly Chat[], projects: readonly LibraryProject[], loaded: boolean) {
  const known = new Set(projects.map((project) => project.id));
  const chatsOf = new Map<string, Chat[]>();
  const loose: Chat[] = [];
  for (const chat of chats) {
    if (chat.projectId && known.has(chat.projectId)) {
      let list = chatsOf.get(chat.projectId);
      if (!list) chatsOf.set(chat.projectId, (list = []));
      list.push(chat);
    } else if (!chat.projectId || loaded) loose.push(chat);
  }
  return { chatsOf, loose };
}

/**
 * The sidebar's projects and the chat history (SPEC B2): projects first, then pinned, Today …
 * one group per month, rendered a slice at a time so thousands of chats stay cheap. When an entry
 * moves (pin, a project) or goes (delete) from under the keyboard, focus follows it or its
 * neighbour instead of falling to the page.
 */
export function ChatHistory({ scrollRootRef }: { scrollRootRef: RefObject<HTMLElement | null> }) {
  const allChats = useChats();
  const library = useLibrary();
  const ready = useChatStore((s) => s.status === 'ready');
  const day = useCurrentDay();
  const { chatsOf, loose: chats } = useMemo(() => splitByProject(allChats, library.projects, library.loaded), [allChats, library.projects, library.loaded]);
  const groups = useMemo(() => groupChats(chats, new Date(day)), [chats, day]);
  const { limit, sentinelRef } = useRenderLimit(chats.length, scrollRootRef);
  const shown = useMemo(() => limitGroups(groups, limit), [groups, limit]);
  const { path, search } = useLocation();
  const listRef = useRef<HTMLDivElement>(null);
  const order = useRef<readonly string[]>([]);
  const pendingFocus = useRef<string | null>(null);
  const { folded, setOpen } = useFoldedProjects();
  const [moving, setMoving] = useState<Chat | null>(null);
  const lastMoved = useRef<string | null>(null);
  const [deleting, setDeleting] = useState<LibraryProject | null>(null);

  useEffect(() => {
    order.current = [...chatsOf.values()].flat().concat(shown.flatMap((group) => group.chats)).map((chat) => chat.id);
  }, [shown, chatsOf]);

  const move = useCallback(
    (chat: Chat, project: LibraryProject | undefined) => {
      pendingFocus.current = chat.id;
      // Moved into a folded project: open it, so the chat (and the focus) is seen where it went.
      if (project) setOpen(project.id, true);
      void moveChat(chat, project, library.projects.find((p) => p.id === chat.projectId));
    },
    [setOpen, library.projects],
  );

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
      chooseProject: (chat) => setMoving(chat),
      leaveProject: (chat) => move(chat, undefined),
    }),
    [baseActions, move],
  );

  const drag = useChatDrag(listRef, (chatId, projectId) => {
    const chat = allChats.find((c) => c.id === chatId);
    const project = library.projects.find((p) => p.id === projectId);
    if (chat && project) move(chat, project);
  });
  const dragged = drag && allChats.find((chat) => chat.id === drag.chatId);

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    pendingFocus.current = null;
    const list = listRef.current;
    if (id === null || !list) return;
    const active = list.ownerDocument.activeElement;
    // Only when the focused control left with its entry; focus the user put elsewhere stays.
    if (active && active !== list.ownerDocument.body) return;
    entryMenu(list, id)?.focus();
  }, [shown, chatsOf]);

  return (
    <ChatEntryActionsContext.Provider value={actions}>
      <div ref={listRef} className="chat-history" aria-busy={!ready || undefined} data-dragging={drag ? '' : undefined}>
        {library.loaded && (
          <SidebarProjects
            projects={library.projects}
            chatsOf={chatsOf}
            folded={folded}
            setOpen={setOpen}
            path={path}
            search={search}
            dropTarget={drag?.over}
            onDelete={setDeleting}
          />
        )}
        {ready && allChats.length === 0 && <p className="chat-history__empty">{t('nav.empty')}</p>}
        {shown.map((group) => (
          <HistoryGroup key={groupKey(group)} group={group} activePath={path} />
        ))}
        {chats.length > limit && <div ref={sentinelRef} className="chat-history__sentinel" aria-hidden="true" />}
      </div>
      {dragged && (
        // Follows the pointer; the list's drop target says where it would land.
        <div className="chat-drag" style={{ left: drag.x, top: drag.y }} role="status">
          <span className="chat-drag__title">{dragged.title}</span>
          <span className="chat-drag__hint">{tp('projects.dropHint')}</span>
        </div>
      )}
      <MoveToProjectDialog
        chat={moving}
        projects={library.projects}
        onClose={() => setMoving(null)}
        // The entry it opened from has moved (its menu button with it): focus goes to where it went.
        focusFallback={() => entryMenu(listRef.current, lastMoved.current) ?? null}
        onMove={(chat, project) => {
          lastMoved.current = chat.id;
          setMoving(null);
          move(chat, project);
        }}
        onCreate={(chat, name) => {
          lastMoved.current = chat.id;
          setMoving(null);
          void createProject(name).then((project) => project && move(chat, project));
        }}
      />
      <DeleteProjectDialog
        project={deleting}
        chatCount={deleting ? (chatsOf.get(deleting.id)?.length ?? 0) : 0}
        onClose={() => setDeleting(null)}
        onDelete={(project, choice) => void deleteProject(project, chatsOf.get(project.id) ?? [], choice)}
      />
    </ChatEntryActionsContext.Provider>
  );
}
