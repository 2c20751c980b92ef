// Hands-free talk (issue 39), loaded when first opened: a calm view (full screen on a phone) that says
// what it is doing — listening, writing it down, thinking, speaking — to the eye and, as a state (never
// the reply token by token), to a screen reader. Speaking over the reply interrupts it. Ending stops
// the voice and frees the microphone; what was said stays in the chat.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Conversation, ConversationSnapshot } from '../../../chat/voice';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { t } from '../chat-text';
import { createChatConversation } from './conversation-runtime';
import './conversation-view.css';

const STARTING: ConversationSnapshot = { state: 'idle' };
const noSubscription = () => () => {};

export interface ConversationViewProps {
  chatId: string;
  onClose(): void;
}

export function ConversationView({ chatId, onClose }: ConversationViewProps) {
  const [conversation, setConversation] = useState<Conversation>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let live = true;
    let made: Conversation | undefined;
    createChatConversation(chatId).then(
      (created) => {
        if (!live) return;
        made = created;
        setConversation(created);
        void created.start();
      },
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
      made?.stop();
    };
  }, [chatId]);
  const snapshot = useSyncExternalStore(conversation?.subscribe ?? noSubscription, () => conversation?.getSnapshot() ?? STARTING);
  const state = failed ? 'error' : snapshot.state;
  return (
    <Dialog className="conversation-view" open onOpenChange={(open) => !open && onClose()} title={t('voice.conversation')} closeLabel={t('voice.end')}>
      <div className="conversation-view__body" data-state={state}>
        <div className="conversation-view__orb" aria-hidden="true" />
        <p className="conversation-view__state" role="status">
          {t(`voice.state.${state}` as const)}
        </p>
        {snapshot.unclear && <p className="conversation-view__note">{t('voice.unclear')}</p>}
        {(failed || snapshot.error) && (
          <p className="conversation-view__note" data-kind="error" role="alert">
            {failed ?? snapshot.error?.message}
          </p>
        )}
        {snapshot.heard && <p className="conversation-view__heard">{t('voice.heard', { text: snapshot.heard })}</p>}
        <p className="conversation-view__hint">{t('voice.hint')}</p>
        <Button color="error" variant="soft" onClick={onClose}>
          {t('voice.end')}
        </Button>
      </div>
    </Dialog>
  );
}
