import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { getChatStore, useUnsavedChat } from '../../../chat';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { useCompositionGuard } from '../../../ui/composer';
import { UnsavedMark } from '../../shared';

export const RENAME_ICON = 'lucide:pencil';

export interface ChatTitleProps {
  chatId: string;
  title: string;
  headingId: string;
}

type Finish = 'save' | 'cancel';

/**
 * The page's heading, renamed in place: the Rename button or a click on the title turns it
 * into a field; Enter or leaving the field saves, Escape cancels. An emptied title becomes
 * "Untitled" (the store decides). Focus returns to Rename after Enter or Escape.
 */
export function ChatTitle({ chatId, title, headingId }: ChatTitleProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const inputRef = useRef<HTMLInputElement>(null);
  const renameRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const finished = useRef(false);
  const returnFocus = useRef(false);
  const composition = useCompositionGuard();
  // A rename (or the whole new chat) storage refused: the new title stays, marked, until stored.
  const unsaved = useUnsavedChat(chatId);
  const unsavedId = `${headingId}-unsaved`;

  useLayoutEffect(() => {
    if (!editing) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [editing]);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    renameRef.current?.focus();
  }, [editing]);

  const start = () => {
    if (editing) return;
    finished.current = false;
    setValue(title);
    setEditing(true);
  };

  // Enter, Escape and the blur that follows them all end the edit: only the first one counts.
  const finish = (how: Finish, refocus: boolean) => {
    if (finished.current) return;
    finished.current = true;
    returnFocus.current = refocus;
    setEditing(false);
    if (how === 'save' && value.trim() !== title) void getChatStore().renameChat(chatId, value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !composition.isComposing(event)) {
      event.preventDefault();
      finish('save', true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish('cancel', true);
    }
  };

  return (
    <div className="chat-title" data-state={editing ? 'editing' : 'idle'}>
      <h1 id={headingId} className="chat-title__heading" dir="auto" tabIndex={-1} onClick={start} aria-describedby={unsaved ? unsavedId : undefined}>
        {editing ? (
          <input
            ref={inputRef}
            className="chat-title__input"
            dir="auto"
            aria-label={t('chat.rename.field')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => finish('save', false)}
            {...composition.handlers}
          />
        ) : (
          title
        )}
      </h1>
      {unsaved && !editing && <UnsavedMark id={unsavedId} />}
      {!editing && (
        <Button ref={renameRef} size="sm" variant="ghost" color="neutral" icon={RENAME_ICON} label={t('chat.rename.action')} onClick={start} />
      )}
    </div>
  );
}
