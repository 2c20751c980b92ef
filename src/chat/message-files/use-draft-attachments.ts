import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Attachment } from '../attachments';
import { exceedsContext } from '../attachments';
import { textTokens } from '../attachments';
import type { ChatStore } from '../store';
import { getChatStore } from '../store';
import { createDraftAttachments, type DraftAttachments, type DraftAttachmentsState, type Refusal, type SendOutcome } from './draft-attachments';

/** React's view of a composer's files (draft-attachments.ts), one set per chat store. */

const perStore = new WeakMap<ChatStore, DraftAttachments>();

/** The draft files of `store` (the app's by default): created on first use. */
export function draftAttachmentsOf(store: ChatStore = getChatStore()): DraftAttachments {
  let drafts = perStore.get(store);
  if (!drafts) perStore.set(store, (drafts = createDraftAttachments(store.attachmentHost())));
  return drafts;
}

export interface DraftAttachmentsView extends DraftAttachmentsState {
  /** Resolves with the files refused (by name and code), once the others are taken; they process on. */
  add(files: readonly File[]): Promise<Refusal[]>;
  remove(id: string): Promise<void>;
  setAsImages(id: string, on: boolean): Promise<void>;
  /** Sends the ready files with `send` (e.g. `(a) => store.sendMessage(chatId, text, { attachments: a })`). */
  sendWith(send: (attachments: Attachment[]) => Promise<string | undefined>): Promise<SendOutcome>;
}

export function useDraftAttachments(draftKey: string): DraftAttachmentsView {
  const drafts = draftAttachmentsOf();
  const subscribe = useCallback((listener: () => void) => drafts.subscribe(draftKey, listener), [drafts, draftKey]);
  const read = () => drafts.get(draftKey);
  const state = useSyncExternalStore(subscribe, read, read);
  useEffect(() => {
    void drafts.load(draftKey);
  }, [drafts, draftKey]);
  return {
    ...state,
    add: (files) => drafts.add(draftKey, files),
    remove: (id) => drafts.remove(draftKey, id),
    setAsImages: (id, on) => drafts.setAsImages(draftKey, id, on),
    sendWith: (send) => drafts.sendWith(draftKey, send),
  };
}

export interface ContextEstimate {
  /** The message's tokens: its text (about four characters a token) and its files. */
  tokens: number;
  /** The model's context, where its server says (contextLengthOf on its /models entry). */
  contextLength?: number;
  /** The estimate is over the context: the composer warns. */
  exceeds: boolean;
}

/** For the context warning: what a draft would cost against the model's context. */
export function contextEstimate(text: string, attachmentTokens: number, contextLength: number | undefined): ContextEstimate {
  const tokens = textTokens(text) + attachmentTokens;
  return { tokens, ...(contextLength !== undefined && { contextLength }), exceeds: exceedsContext(tokens, contextLength) };
}
