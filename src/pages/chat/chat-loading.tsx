import { t } from './chat-text';
import { useDelayedFlag } from '../../lib/use-delayed-flag';

/** Loading a chat from storage is usually instant: say so only past this (as the router does for pages, SPEC A1). */
export const CHAT_LOADING_DELAY_MS = 200;

export function ChatLoadingNote() {
  return (
    <p className="chat-page__loading" role="status">
      {t('chat.loading')}
    </p>
  );
}

/** A chat not known yet (the chat list is still loading): nothing at all at first, then a quiet note. */
export function ChatLoading() {
  const show = useDelayedFlag(true, CHAT_LOADING_DELAY_MS);
  return (
    <section className="chat-page" aria-busy="true" aria-label={t('chat.title')}>
      {show && <ChatLoadingNote />}
    </section>
  );
}
