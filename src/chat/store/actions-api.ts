/**
 * What the store's actions promise: chats, messages, replies, compaction, other tabs' streams.
 * The store's API (chat-store-api.ts) is made of these and the actions' code is plugged in from
 * above (compose/), so the contracts sit here, below what implements them (actions/, replies/):
 * every arrow, types included, runs one way.
 */
import type { Attachment, AttachmentSettings } from '../attachments';
import type { ChatModelRegistry } from '../model';
import type { StoreCore } from '../state';
import type { LockManagerLike, StreamNotice } from '../tabs';
import type { Chat, Compaction, LibraryContents, TitleSource } from '../types';

/** Puts back what a delete removed; a second call does nothing. */
export type Undo = () => Promise<void>;

/** Creating, renaming, pinning and deleting whole chats (actions/chat-actions.ts). */

export interface CreateChatInput {
  text: string;
  model?: string;
  systemPrompt?: string;
  /** The project the chat starts in (issue 23). */
  projectId?: string;
  /** A preset's values, copied in (with its id, `presetId`): later edits of the preset change no old chat. */
  settings?: ChatSettings;
  /** The home composer's files: stored with the chat or, when storage refuses, no chat (AttachmentSaveError). */
  attachments?: readonly Attachment[];
}

/** What the chat settings change: the model, the system prompt, sampling (undefined: the server decides), the tool servers it offers. */
export type ChatSettings = Partial<Pick<Chat, 'model' | 'systemPrompt' | 'temperature' | 'maxTokens' | 'thinkingBudget' | 'reasoningEffort' | 'toolServers' | 'webSearch' | 'presetId' | 'projectId' | 'compare' | 'comparing'>>;

export interface ChatActions {
  createChat(input: CreateChatInput): Promise<{ chatId: string }>;
  updateChatSettings(id: string, settings: ChatSettings): Promise<void>;
  renameChat(id: string, title: string): Promise<void>;
  setChatTitle(id: string, title: string, source: TitleSource): Promise<void>;
  pinChat(id: string, pinned: boolean): Promise<void>;
  deleteChat(id: string): Promise<Undo>;
}

/** Moving between branches and deleting a message with its replies (actions/message-actions.ts). */

export interface MessageActions {
  selectBranch(chatId: string, messageId: string): Promise<void>;
  deleteMessage(messageId: string): Promise<Undo>;
}

/**
 * Everything that asks the model for a reply (replies/reply-actions.ts): a new chat's first reply,
 * send, edit and resend, regenerate, stop.
 */

/** Files sent with a message: processed attachments from the composer's draft (draft-attachments.ts). */
export interface SendOptions {
  attachments?: readonly Attachment[];
  /** The artifact this message asks to change (sent from its panel: issue 36), stored on the message. */
  revises?: string;
  /**
   * Compare (issue 38): up to four model references (MAX_COMPARED, replies/reply-actions.ts). The message is sent once and each
   * model answers it as a sibling reply (each request the same but for `model`), started together
   * (the connections pace them); the first model's reply is the current branch. More: nothing is sent.
   */
  models?: readonly string[];
  /** With `models`: a blind comparison (names hidden until the user votes). */
  blind?: boolean;
}

/** How a reply is asked for again (issue 33: another model; issue 38: several, or combined). */
export interface RegenerateOptions {
  /** Another model for this version only. */
  model?: string;
  /**
   * Compare (issue 38): these models answer too, as siblings shown beside the reply (an open
   * comparison under that message gains them). The reply itself keeps its place.
   */
  models?: readonly string[];
  /** Combine (issue 38): `model` (else the chat's) writes one answer from these compared replies, as one more sibling. */
  combines?: readonly string[];
}

export interface EditOptions extends SendOptions {
  /** The original message's attachments to keep (ids); default: all of them. */
  keepAttachments?: readonly string[];
}

export interface ReplyActions {
  markPending(chatId: string): void;
  clearPending(chatId: string): void;
  takePendingReply(chatId: string): boolean;
  startReply(chatId: string, parentUserMessageId: string): string | undefined;
  /** Rejects with an AttachmentSaveError when storage refuses the message's files (nothing is sent). */
  sendMessage(chatId: string, text: string, options?: SendOptions): Promise<string | undefined>;
  editMessage(messageId: string, text: string, options?: EditOptions): Promise<string | undefined>;
  /**
   * After a model refused pictures: the user message of `messageId` (it, or the reply to it)
   * sent again as a new version of it, same text and files but no images (the old one stays a branch).
   */
  resendWithoutImages(messageId: string): Promise<string | undefined>;
  /**
   * A new version of the reply. `model` (a model reference) asks another model for this version
   * only (issue 33): the chat keeps its own model for what follows.
   */
  regenerate(assistantMessageId: string, options?: RegenerateOptions): string | undefined;
  /** A pending tool call of the reply `messageId` runs; `always` also turns the tool on for the future (issue 16). */
  approveToolCall(messageId: string, callId: string, always?: boolean): void;
  /** A pending tool call is not run; the model is told the user denied it. */
  denyToolCall(messageId: string, callId: string): void;
  /** A reply that failed because the server refused tools ('tools-unsupported') asked again without them. */
  resendWithoutTools(messageId: string): string | undefined;
  /** Whether tool calls of the reply are running in this tab (not left 'running' by a closed one). */
  toolsRunningHere(messageId: string): boolean;
  /** Asks the model to carry on a reply that broke off, was stopped or hit the length limit; the text is appended to it. */
  continueReply(assistantMessageId: string): boolean;
  /** Stops a reply, streaming in this tab or another. */
  stop(messageId: string): void;
  /** Stops the chat's replies, in this tab and the others. */
  stopChat(chatId: string): void;
  /** Stops the chat's replies streaming in this tab only (another tab asked). */
  stopChatHere(chatId: string): void;
  stopAll(): void;
}

/** What a reply reads of the user's library: a snapshot, read once first. */
export interface LibrarySource {
  getSnapshot(): LibraryContents & { loaded: boolean };
  init(): Promise<void>;
}

/** "Summarise earlier messages" and what follows it (issue 24; replies/compaction-actions.ts). */

export interface CompactOptions {
  /** The last message the summary covers ("Summarise up to here"); default: all but the last two exchanges. */
  upTo?: string;
  /** Aborting cancels the request; nothing is written. */
  signal?: AbortSignal;
  /** `drop`: no request, the covered turns are just left out. Default `summary`. */
  mode?: Compaction['mode'];
  /** Made because a request would not fit (Settings' automatic choice). */
  automatic?: boolean;
  /** The model that writes the summary; default: Settings' "Model for summaries", else the chat's. */
  model?: string;
}

export type CompactResult =
  | { ok: true; markerId: string }
  /** `nothing`: no turns before the point; `no-model`: nothing connected; `cancelled`; `failed` (with the model's message); `storage`: not stored. */
  | { ok: false; reason: 'nothing' | 'no-model' | 'cancelled' | 'failed' | 'storage'; message?: string };

export interface CompactionActions {
  compactChat(chatId: string, options?: CompactOptions): Promise<CompactResult>;
  /** A marker's summary edited by the user (sets `edited`). */
  editSummary(markerId: string, summary: string): Promise<void>;
  /** Undo (true): requests send everything again; Redo (false). */
  setUndone(markerId: string, undone: boolean): Promise<void>;
  setPinned(messageId: string, pinned: boolean): Promise<void>;
  /**
   * Before `draft` is sent: with an automatic choice in Settings and a request that would not fit
   * the model's context, compacts first (a marker marked `automatic`). Never fails the send.
   */
  fitBeforeSend(chatId: string, draft: string): Promise<CompactResult | undefined>;
}

/** Which replies stream in which tab (actions/tab-streams.ts). */

export interface TabStreams {
  /** A notice about streams from another tab. */
  receive(notice: StreamNotice): void;
  /** This tab holds the reply's lock and streams it: tell the others. */
  started(chatId: string, messageId: string): void;
  /** This tab's reply ended (complete, stopped, failed). */
  ended(chatId: string, messageId: string): void;
  /** Asks the tabs streaming in this chat to stop (this tab's own replies are stopped by the caller). */
  stopElsewhere(chatId: string): void;
  /** Whether a reply in the chat streams in another tab. */
  streamingElsewhere(chatId: string): boolean;
}

/** Everything the chat store does beyond reading (actions/store-actions.ts composes it). */

export interface StoreActions {
  chats: ChatActions;
  messages: MessageActions;
  replies: ReplyActions;
  streams: TabStreams;
  /** Summaries, markers and pins (issue 24). */
  compaction: CompactionActions;
  /** A reply stored as streaming by a tab that is gone is shown, and stored, as stopped. */
  settleAbandoned(chatId: string): Promise<void>;
}

export interface StoreActionsOptions {
  models?: Pick<ChatModelRegistry, 'get'>;
  /** Web Locks; undefined for the browser's, null for none. */
  locks?: LockManagerLike | null;
  untitledTitle?: string;
  attachments?: AttachmentSettings;
  ensureLoaded(chatId: string): Promise<boolean>;
  /** The user's library requests are built with (issue 23); absent: none (each chat as stored). */
  library?: 'app' | LibrarySource;
  /** A chat's model's context length (issue 24); default: what the connections' model lists say. */
  contextLength?(chat: Chat): number | undefined;
}

/** The actions' entry point, which the store loads through its seam (store-parts.ts). */
export type CreateStoreActions = (shared: StoreCore, options: StoreActionsOptions) => StoreActions;
