import { useEffect, type Ref } from 'react';
import { useThread } from '../../chat/store/thread-hooks';
import { t } from './chat-text';
import { MessageItem } from './message-item';
import { useProgressiveStart } from './use-progressive-start';

/**
 * Messages per group. Chromium tracks every `content-visibility: auto` element on every frame that
 * lays anything out (a keystroke does), so the groups, not the messages, skip their rendering:
 * a 2,000-message chat has 100 to watch instead of 2,000, about 5 ms less per keystroke
 * (bench/meter), and the group on screen costs at most this many messages' layout.
 */
export const THREAD_GROUP_SIZE = 20;

export interface ThreadProps {
  chatId: string;
  /** Called after every change of the thread (a delta, a new message, another branch). */
  onChange(): void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The messages from the first to the current leaf, as a list of articles in groups of
 * THREAD_GROUP_SIZE by position (a message keeps its group as older ones are revealed). A list by
 * its roles: an <ol> may hold nothing but <li>, and the groups are plain boxes in between, which
 * the accessibility tree passes over. Not a live region: a streaming reply would be read out token
 * by token.
 */
export function Thread({ chatId, onChange, ref }: ThreadProps) {
  const entries = useThread(chatId);
  const hidden = useProgressiveStart(entries.length);
  useEffect(() => onChange(), [entries, onChange]);
  const groups: { at: number; items: typeof entries }[] = [];
  for (let at = Math.floor(hidden / THREAD_GROUP_SIZE) * THREAD_GROUP_SIZE; at < entries.length; at += THREAD_GROUP_SIZE) {
    groups.push({ at, items: entries.slice(Math.max(at, hidden), at + THREAD_GROUP_SIZE) });
  }
  return (
    // Focusable so focus has somewhere to go when a message it was on is deleted.
    <div ref={ref} className="thread" role="list" aria-label={t('chat.thread.label')} tabIndex={-1}>
      {groups.map(({ at, items }) => (
        <div key={at} className="thread__group">
          {items.map(({ message, branch }) => (
            <MessageItem
              key={message.id}
              message={message}
              branchIndex={branch.index}
              branchTotal={branch.total}
              previousId={branch.previousId}
              nextId={branch.nextId}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
