import type { ChatModel } from '../model';
import { modelMessages } from '../model/model-messages';
import { withTitleLock, type LockManagerLike } from '../tabs';
import type { StoreCore } from '../state';
import { cleanGeneratedTitle } from '../shapes';
import { indexMessages, threadPath } from '../shapes';
import type { Message } from '../types';

/**
 * Asking the model for a chat's title after a reply completes: once per chat in this tab, and
 * one tab at a time under the chat's title lock. A tab that gets the lock after another tab
 * titled the chat reads that from storage (its snapshot may not know yet) and asks nothing.
 */

export interface TitleRequests {
  ask(model: ChatModel, reply: Message): void;
}

export interface TitleRequestDeps {
  locks: LockManagerLike | null;
  /** Stores the title; resolves once stored, so the lock covers the write. */
  setGeneratedTitle(chatId: string, title: string): Promise<void>;
}

export function createTitleRequests(core: StoreCore, { locks, setGeneratedTitle }: TitleRequestDeps): TitleRequests {
  const asked = new Set<string>();
  const stillAuto = (chatId: string) => core.chat(chatId)?.titleSource === 'auto';

  return {
    ask(model, reply) {
      const chat = core.chat(reply.chatId);
      const title = model.title?.bind(model);
      if (!chat || chat.titleSource !== 'auto' || !title || asked.has(chat.id)) return;
      asked.add(chat.id);
      const thread = threadPath(indexMessages(core.messagesOf(chat.id) ?? []), reply.id);
      const request = { model: chat.model, messages: modelMessages(chat, thread), signal: new AbortController().signal };
      void withTitleLock(locks, chat.id, async () => {
        const stored = await core.persist('load', (p) => p.getChat(chat.id));
        if ((stored && stored.titleSource !== 'auto') || !stillAuto(chat.id)) return;
        // A title is a nicety: on failure the automatic one stays.
        const clean = cleanGeneratedTitle(await title(request).catch(() => ''));
        if (clean && stillAuto(chat.id)) await setGeneratedTitle(chat.id, clean);
      }).catch(() => {});
    },
  };
}
