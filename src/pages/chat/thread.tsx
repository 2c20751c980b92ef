import { useEffect, type Ref } from 'react';
import { useThread } from '../../chat/store/thread-hooks';
import { t } from './chat-text';
import { MessageItem } from './message-item';
import { useProgressiveStart } from './use-progressive-start';

export interface ThreadProps {
  chatId: string;
  /** Called after every change of the thread (a delta, a new message, another branch). */
  onChange(): void;
  ref?: Ref<HTMLOListElement>;
}

/**
 * The messages from the first to the current leaf, as a list of articles. Not a live region:
 * a streaming reply would be read out token by token.
 */
export function Thread({ chatId, onChange, ref }: ThreadProps) {
  const entries = useThread(chatId);
  const hidden = useProgressiveStart(entries.length);
  useEffect(() => onChange(), [entries, onChange]);
  return (
    // Focusable so focus has somewhere to go when a message it was on is deleted.
    <ol ref={ref} className="thread" aria-label={t('chat.thread.label')} tabIndex={-1}>
      {entries.slice(hidden).map(({ message, branch }) => (
        <MessageItem
          key={message.id}
          message={message}
          branchIndex={branch.index}
          branchTotal={branch.total}
          previousId={branch.previousId}
          nextId={branch.nextId}
        />
      ))}
    </ol>
  );
}
