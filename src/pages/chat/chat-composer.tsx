import { memo, type Ref } from 'react';
import { getChatStore, useChatStore, useDraft, useStreamingMessageId } from '../../chat';
import { t } from './chat-text';
import { Button } from '../../ui/button';
import { Composer } from '../../ui/composer';
import { requestModelPicker, useModelUnavailable } from '../shared';

export interface ChatComposerProps {
  chatId: string;
  /** Runs when a message is sent, before it appears (the page follows the thread to its end). */
  onSend(): void;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The chat's message box with its own draft; Send becomes Stop while a reply streams here. */
export const ChatComposer = memo(function ChatComposer({ chatId, onSend, ref }: ChatComposerProps) {
  const draft = useDraft(chatId);
  const streamingId = useStreamingMessageId(chatId);
  const model = useChatStore((s) => s.chats.find((chat) => chat.id === chatId)?.model);
  // The chat's model lost its connection: Send asks for another model (the draft stays) instead of failing.
  const modelGone = useModelUnavailable(model);

  const send = (text: string) => {
    if (modelGone) {
      requestModelPicker();
      return;
    }
    draft.setText('');
    onSend();
    void getChatStore()
      .sendMessage(chatId, text)
      .then((id) => {
        // Not sent (the chat is gone, or storage failed to load it): the text is not lost.
        if (id === undefined) draft.setText(text);
      });
  };

  return (
    <Composer
      ref={ref}
      className="chat-composer"
      value={draft.text}
      onChange={draft.setText}
      onSubmit={send}
      streaming={streamingId !== undefined}
      onStop={() => getChatStore().stopChat(chatId)}
      placeholder={t('chat.composer.placeholder')}
      data-model-state={modelGone ? 'unavailable' : undefined}
      footer={
        modelGone && (
          <p className="chat-composer__model-needed" role="status">
            {t('modelPicker.needed')}{' '}
            <Button variant="link" size="sm" onClick={() => requestModelPicker()}>
              {t('modelPicker.choose')}
            </Button>
          </p>
        )
      }
    />
  );
});
