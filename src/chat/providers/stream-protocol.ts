import type { ChatDelta, ChatModelRequest } from '../model';
import type { OpenAiConnection } from '../wire';

/** Messages between the page and the stream worker (src/chat/providers/stream-worker.ts); replies carry stream parts (wire/stream-parts.ts). */

export interface StartMessage {
  type: 'start';
  id: number;
  connection: OpenAiConnection;
  /** The request without its signal (the worker makes its own): tools, thinking budget and effort included. */
  request: Omit<ChatModelRequest, 'signal'>;
  /** The page's address: the worker's own is the worker script, and mixed content is judged by the page. */
  pageUrl: string;
}

export interface AbortMessage {
  type: 'abort';
  id: number;
}

/** A failure as data: errors do not survive postMessage with their class and fields. */
export interface SerializedModelError {
  code: string;
  message: string;
  status?: number;
  retryAfterMs?: number;
  reason?: string;
}

export type WorkerReply =
  | { type: 'deltas'; id: number; deltas: ChatDelta[] }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; error: SerializedModelError };

export type PageMessage = StartMessage | AbortMessage;
