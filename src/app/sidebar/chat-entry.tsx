import { memo, useEffect, useRef, useState } from 'react';
import type { Chat } from '../../chat';
import { t } from '../../i18n';
import { paths } from '../../pages/paths';
import { Link } from '../../router';
import { Menu, type MenuItem } from '../../ui/menu';
import { useChatEntryActions } from './chat-entry-actions';
import { RenameField, type RenameEnd } from './rename-field';

/** The class of an entry's menu trigger: where focus goes when the entry moves (pin) or a neighbour goes (delete). */
export const ENTRY_MENU_CLASS = 'chat-entry__menu';

export interface ChatEntryProps {
  chat: Chat;
  /** The chat open on screen: marked aria-current="page". */
  active: boolean;
}

const sameTitle = (typed: string, title: string) => typed.replace(/\s+/g, ' ').trim() === title;

/**
 * One chat in the history: a link with the title as plain text, and a menu with Rename,
 * Pin / Unpin, Export and Delete. Memoised: it re-renders only when its chat or `active` changes.
 */
export const ChatEntry = memo(function ChatEntry({ chat, active }: ChatEntryProps) {
  const actions = useChatEntryActions();
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
    { id: 'export', label: t('nav.export'), icon: 'lucide:download', onSelect: () => actions.exportChat(chat) },
    { id: 'delete', label: t('nav.delete'), icon: 'lucide:trash-2', color: 'error', onSelect: () => actions.remove(chat) },
  ];

  return (
    <li className="chat-entry" data-chat-id={chat.id} data-state={renaming ? 'renaming' : active ? 'active' : 'idle'}>
      {renaming ? (
        <RenameField className="chat-entry__rename" initialTitle={chat.title} onDone={finishRename} />
      ) : (
        <Link
          ref={linkRef}
          to={paths.chat.href(chat.id)}
          className="chat-entry__link"
          aria-current={active ? 'page' : undefined}
          // The whole title on hover when the row cuts it short.
          title={chat.title}
        >
          {chat.title}
        </Link>
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
