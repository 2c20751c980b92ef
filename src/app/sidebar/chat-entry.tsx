import { memo, useEffect, useId, useRef, useState } from 'react';
import { useChatHasUnsaved, useChatReplying, type Chat } from '../../chat';
import { t } from './chat-entry-text';
import { t as tp } from './projects-text';
import { paths } from '../../pages/paths';
import { UnsavedMark } from '../../pages/shared';
import { Link } from '../../router';
import { Icon } from '../../ui/icon';
import { Menu, type MenuItem } from '../../ui/menu';
import { useChatEntryActions } from './chat-entry-actions';
import { RenameField, type RenameEnd } from './rename-field';
import './chat-entry-activity.css';

/** The class of an entry's menu trigger: where focus goes when the entry moves (pin) or a neighbour goes (delete). */
export const ENTRY_MENU_CLASS = 'chat-entry__menu';

export interface ChatEntryProps {
  chat: Chat;
  /** The chat open on screen: marked aria-current="page". */
  active: boolean;
}

const sameTitle = (typed: string, title: string) => typed.replace(/\s+/g, ' ').trim() === title;

/** Turns while a reply is written: a shape and motion, not colour alone. */
export const REPLYING_ICON = 'lucide:loader-circle';

/**
 * One chat in the history: a link with the title as plain text, and a menu with Rename,
 * Pin / Unpin, Export (Markdown or JSON), Move to project / Remove from project and Delete. Memoised: it re-renders only when its chat or `active` changes.
 */
export const ChatEntry = memo(function ChatEntry({ chat, active }: ChatEntryProps) {
  const actions = useChatEntryActions();
  // A reply written in the background (another page, another tab): the chat on screen shows its own.
  const replying = useChatReplying(chat.id) && !active;
  // Storage refused part of this chat (disk full): the entry says so until it is stored.
  const unsaved = useChatHasUnsaved(chat.id);
  const unsavedId = useId();
  const [renaming, setRenaming] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const refocusLink = useRef(false);

  useEffect(() => {
    if (renaming || !refocusLink.current) return;
    refocusLink.current = false;
    linkRef.current?.focus();
  }, [renaming]);

  const finishRename = (title: string | undefined, end: RenameEnd) => {
    // Enter or Escape puts the keyboard user back on the entry; a click elsewhere keeps its own focus.
    refocusLink.current = end === 'keyboard';
    setRenaming(false);
    if (title !== undefined && !sameTitle(title, chat.title)) actions.rename(chat.id, title);
  };

  const items: MenuItem[] = [
    { id: 'rename', label: t('nav.rename'), icon: 'lucide:pencil', onSelect: () => setRenaming(true) },
    chat.pinned
      ? { id: 'pin', label: t('nav.unpin'), icon: 'lucide:pin-off', onSelect: () => actions.togglePin(chat) }
      : { id: 'pin', label: t('nav.pin'), icon: 'lucide:pin', onSelect: () => actions.togglePin(chat) },
    // The export's code loads with the first export, not with the history.
    { id: 'export-md', label: t('chatExport.markdown'), icon: 'lucide:file-text', onSelect: () => void import('../../pages/shared/chat-export').then((m) => m.exportChatMarkdown(chat.id)) },
    { id: 'export-json', label: t('chatExport.json'), icon: 'lucide:download', onSelect: () => void import('../../pages/shared/chat-export').then((m) => m.exportChatJson(chat.id)) },
    ...(actions.chooseProject ? [{ id: 'move', label: tp('projects.moveTo'), icon: 'lucide:folder-input', onSelect: () => actions.chooseProject?.(chat) }] : []),
    ...(chat.projectId && actions.leaveProject
      ? [{ id: 'leave', label: tp('projects.removeFrom'), icon: 'lucide:folder-output', onSelect: () => actions.leaveProject?.(chat) }]
      : []),
    { id: 'delete', label: t('nav.delete'), icon: 'lucide:trash-2', color: 'error', onSelect: () => actions.remove(chat) },
  ];

  return (
    <li
      className="chat-entry"
      data-chat-id={chat.id}
      data-state={renaming ? 'renaming' : active ? 'active' : 'idle'}
      data-activity={replying ? 'replying' : undefined}
    >
      {renaming ? (
        <RenameField className="chat-entry__rename" initialTitle={chat.title} onDone={finishRename} />
      ) : (
        <>
          {unsaved && <UnsavedMark id={unsavedId} variant="icon" />}
          <Link
            ref={linkRef}
            to={paths.chat.href(chat.id)}
            className="chat-entry__link"
            aria-current={active ? 'page' : undefined}
            aria-describedby={unsaved ? unsavedId : undefined}
            // Dragged by the history's own pointer handling (onto a project), not the browser's link drag.
            draggable={false}
            // The whole title on hover when the row cuts it short.
            title={chat.title}
          >
            {replying ? (
              <>
                <span className="chat-entry__title">{chat.title}</span>
                {/* Named, so the link reads "title, Replying…". */}
                <Icon name={REPLYING_ICON} label={t('nav.replying')} className="chat-entry__activity" />
              </>
            ) : (
              chat.title
            )}
          </Link>
        </>
      )}
      <Menu
        className={ENTRY_MENU_CLASS}
        items={items}
        align="end"
        icon="lucide:ellipsis"
        label={t('nav.chatOptions', { title: chat.title })}
        variant="ghost"
        color="neutral"
        size="xs"
      />
    </li>
  );
});
