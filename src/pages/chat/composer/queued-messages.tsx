import { memo, useEffect, useState } from 'react';
import { getMessageQueue, useChatQueue, type QueuedItem } from '../../../chat/queue';
import { Button } from '../../../ui/button';
import { t } from '../chat-text';
import './queued-messages.css';

/**
 * The messages queued under the reply (issue 24): each editable in place, removable, and sent
 * now on demand (stopping the reply that streams, which keeps what arrived). A queue the reply
 * failed or was stopped before, or that a reload brought back, waits for the user's Send.
 */
export interface QueuedMessagesProps {
  chatId: string;
  /** A reply streams (or its tools run) in the chat: the button says "Send now" and stops it first. */
  replying: boolean;
  /** Where focus goes once a message left the list (the message box). */
  focusComposer(): void;
}

// Memo'd: the composer above re-renders on every keystroke; the queue changes far less often.
export const QueuedMessages = memo(function QueuedMessages({ chatId, replying, focusComposer }: QueuedMessagesProps) {
  const { items, halted } = useChatQueue(chatId);
  if (items.length === 0) return null;
  const restored = !halted && items.some((item) => item.state === 'paused');
  return (
    <section className="queued" aria-label={t('queue.label')} data-state={halted ?? (restored ? 'paused' : 'queued')}>
      {(halted || restored) && (
        <p className="queued__note" role="status">
          {halted === 'error' ? t('queue.halted.error') : halted === 'stopped' ? t('queue.halted.stopped') : t('queue.restored')}
        </p>
      )}
      <ol className="queued__list">
        {items.map((item, index) => (
          <QueuedRow key={item.id} item={item} n={index + 1} replying={replying} focusComposer={focusComposer} />
        ))}
      </ol>
    </section>
  );
});

function QueuedRow({ item, n, replying, focusComposer }: { item: QueuedItem; n: number; replying: boolean; focusComposer(): void }) {
  const [text, setText] = useState(item.text);
  // Another tab edited it: what is shown follows (unless this box holds a change not yet stored).
  useEffect(() => setText(item.text), [item.text]);
  const queue = getMessageQueue();
  const busy = item.state === 'sending';
  const commit = (next: string) => {
    if (next.trim() === '') setText(item.text);
    else if (next.trim() !== item.text) void queue.edit(item.chatId, item.id, next);
  };
  return (
    <li className="queued__item" data-state={item.state}>
      <span className="queued__state">{t(`queue.state.${item.state}`)}</span>
      <textarea
        className="queued__text"
        aria-label={t('queue.item', { n })}
        rows={1}
        value={text}
        readOnly={busy}
        onChange={(event) => {
          setText(event.target.value);
          // Stored as typed, so the reply ending mid-edit sends what is in the box.
          commit(event.target.value);
        }}
        onBlur={() => commit(text)}
      />
      <div className="queued__actions">
        <Button
          size="sm"
          variant={item.state === 'paused' ? 'solid' : 'outline'}
          color={item.state === 'paused' ? 'primary' : 'neutral'}
          icon="lucide:send"
          disabled={busy}
          onClick={() => {
            void queue.sendNow(item.chatId, item.id);
            focusComposer();
          }}
        >
          {replying ? t('queue.sendNow') : t('queue.send')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          color="neutral"
          icon="lucide:x"
          label={t('queue.remove', { n })}
          disabled={busy}
          onClick={() => {
            void queue.remove(item.chatId, item.id);
            focusComposer();
          }}
        />
      </div>
    </li>
  );
}
