// "Ask for a change" in the artifact panel (issue 36, an explicit edit): the user's words about the
// shown artifact, sent as the chat's next message linked to the artifact (the message's `revises`),
// so the reply's block of its kind becomes the artifact's next version whatever the model names it.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { getChatStore } from '../../../chat';
import { getMessageQueue } from '../../../chat/queue';
import type { Artifact } from '../../../chat/sandbox';
import { Button } from '../../../ui/button';
import { t } from '../chat-text';

/**
 * Sends now; while a reply streams, queues the text to go when it ends (as the message box does).
 * A queued message is text alone: its reply is linked by the artifact's name, as any reply is.
 */
export function sendChangeRequest(chatId: string, text: string, artifactKey: string): Promise<unknown> {
  const store = getChatStore();
  if (store.getSnapshot().replyingChats.has(chatId)) return getMessageQueue().enqueue(chatId, text);
  return store.sendMessage(chatId, text, { revises: artifactKey });
}

export function ChangeRequest({ chatId, artifact, title }: { chatId: string; artifact: Artifact; title: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const asked = text.trim();
    if (asked === '') return;
    setText('');
    // Named in the message, so the model (and the thread) know which artifact the words are about.
    void sendChangeRequest(chatId, t('artifact.change.message', { name: title, text: asked }), artifact.key);
  };
  // Enter sends, Shift+Enter starts a new line (as the message box does on a keyboard).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  return (
    <form className="artifact-panel__change" onSubmit={send}>
      <label className="visually-hidden" htmlFor={id}>
        {t('artifact.change.label', { name: title })}
      </label>
      <textarea
        id={id}
        className="artifact-panel__change-text"
        rows={1}
        value={text}
        placeholder={t('artifact.change.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" variant="solid" icon="lucide:arrow-up" label={t('artifact.change.send', { name: title })} disabled={text.trim() === ''} />
    </form>
  );
}
