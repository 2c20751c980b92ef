import type { ChatErrorCode } from '../model';
import type { StorageUsage } from '../persistence';

/**
 * What went wrong, as data: the app layer turns each event into a toast in the user's language.
 * Events emitted before anyone listens (storage found unavailable while the app starts) are
 * kept and handed to the first listener, so the warning isn't lost.
 */

export type StorageOperation =
  | 'load'
  | 'create-chat'
  | 'update-chat'
  | 'save-message'
  | 'delete-chat'
  | 'restore-chat'
  | 'delete-messages'
  | 'save-draft'
  | 'save-setting'
  | 'search'
  /** A message with attachments, written with them or not at all (not retried: the draft keeps them). */
  | 'send-attachments'
  /** A file attached to a composer's draft. */
  | 'save-attachment'
  /** Writing again what storage refused before. */
  | 'retry-saves';

/** How much of the origin's storage is used: storage's shape (persistence/storage-usage.ts), carried by the storage-full event. */
export type { StorageUsage };

export type ChatStoreEvent =
  /** IndexedDB could not be opened: chats live in memory for this session. Emitted once. */
  | { kind: 'storage-unavailable'; reason: string }
  /**
   * The disk or the origin's quota is full; the write was rolled back, the change kept in memory
   * (marked unsaved) to be retried. Emitted when the first change goes unsaved, and again when
   * the user's retry fails; `usage` when the browser can tell.
   */
  | { kind: 'storage-full'; operation: StorageOperation; usage?: StorageUsage }
  /** Everything that went unsaved has now been stored. */
  | { kind: 'storage-saved' }
  | { kind: 'storage-failed'; operation: StorageOperation; message: string; unavailable: boolean }
  /** An automatic compaction before a send (issue 24) could not be made; the message went anyway. The chat page says it beside the thread. */
  | { kind: 'compaction-failed'; chatId: string; reason: 'no-model' | 'failed' | 'storage'; message?: string }
  | {
      kind: 'model-error';
      chatId: string;
      messageId: string;
      code: ChatErrorCode;
      message: string;
      status?: number;
      retryAfterMs?: number;
      reason?: string;
    };

/** Events kept for a late first listener; older ones are dropped. */
export const EVENT_BUFFER_LIMIT = 20;

export interface EventListenOptions {
  /**
   * False for a listener that wants only what happens while it listens (a page's own notice):
   * it neither takes the events kept so far nor stops the store keeping new ones for the first
   * listener that does (the app's toasts, which mount when the page is idle).
   */
  replay?: boolean;
}

export interface EventEmitter {
  emit(event: ChatStoreEvent): void;
  on(listener: (event: ChatStoreEvent) => void, options?: EventListenOptions): () => void;
}

export function createEventEmitter(): EventEmitter {
  const listeners = new Set<(event: ChatStoreEvent) => void>();
  /** The listeners that took the backlog; while there is none, events are kept for the first. */
  const replaying = new Set<(event: ChatStoreEvent) => void>();
  let buffered: ChatStoreEvent[] = [];
  return {
    emit(event) {
      if (replaying.size === 0) buffered = [...buffered, event].slice(-EVENT_BUFFER_LIMIT);
      for (const listener of [...listeners]) listener(event);
    },
    on(listener, options = {}) {
      listeners.add(listener);
      if (options.replay !== false) {
        replaying.add(listener);
        const replay = buffered;
        buffered = [];
        for (const event of replay) listener(event);
      }
      return () => {
        listeners.delete(listener);
        replaying.delete(listener);
      };
    },
  };
}
