/** The stored shapes of Parley's data (SPEC B5). Every field is plain data: rows are structured-cloned into IndexedDB. */

/** Where a chat's title came from: a generated or user-chosen title is never replaced by an automatic one. */
export type TitleSource = 'auto' | 'user' | 'generated';

export interface Chat {
  id: string;
  title: string;
  titleSource: TitleSource;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Milliseconds since the epoch; the history is sorted and grouped by it. */
  updatedAt: number;
  pinned: boolean;
  model?: string;
  systemPrompt?: string;
  /** Sampling settings; unset means the server decides. */
  temperature?: number;
  maxTokens?: number;
  /** The leaf of the branch on screen; the thread is the path from the root to it. */
  currentLeafId?: string;
}

/** The fields of a chat a write may change next to a message write (same transaction). */
export type ChatPatch = Partial<Omit<Chat, 'id'>>;

export type MessageRole = 'user' | 'assistant' | 'system';

export type MessageStatus = 'complete' | 'streaming' | 'stopped' | 'error';

export interface Usage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}

export interface Timing {
  /** From sending the request to the first content or reasoning token. */
  firstTokenMs?: number;
  /** From sending the request to the end of the stream. */
  totalMs?: number;
  tokensPerSecond?: number;
  /** True when the figures were estimated from the text (the server reported no usage). */
  estimated?: boolean;
}

export interface Message {
  id: string;
  chatId: string;
  /** Null for a root; edits and regenerations are siblings under the same parent. */
  parentId: string | null;
  role: MessageRole;
  content: string;
  reasoning?: string;
  status: MessageStatus;
  /** The failure as the model reported it (status 'error'); the text that arrived is kept. */
  error?: string;
  /** A stable code for the failure so the app can explain it in the user's language. */
  errorCode?: string;
  /** Finer detail for the code (`cors`, `mixed-content`, `incomplete`…): picks the right fix to suggest. */
  errorReason?: string;
  /** How long a rate-limited server asked to wait (429), and when that wait ends (ms since the epoch). */
  retryAfterMs?: number;
  retryAt?: number;
  model?: string;
  usage?: Usage;
  timing?: Timing;
  finishReason?: string;
  createdAt: number;
}

export interface Draft {
  /** A chat id, or 'home' for the home page's composer. */
  key: string;
  text: string;
  updatedAt: number;
}

/** The draft key of the home page's composer. */
export const HOME_DRAFT_KEY = 'home';
