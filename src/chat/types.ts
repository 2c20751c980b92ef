/** The stored shapes of Parley's data (SPEC B5). Every field is plain data: rows are structured-cloned into IndexedDB. */
import type { AttachmentRef } from './attachments';

/** Where a chat's title came from: a generated or user-chosen title is never replaced by an automatic one. */
export type TitleSource = 'auto' | 'user' | 'generated';

/** The apps chats are imported from (src/chat/import/); `parley-backup` is Parley's own backup. */
export type SourceApp = 'chatgpt' | 'claude' | 'openwebui' | 'parley-backup';

/** Where an imported chat came from: the same source id imported again is recognised and skipped. */
export interface ChatSource {
  app: SourceApp;
  /** The source app's own id of the conversation. */
  id: string;
}

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
  /** Anthropic's extended thinking budget in tokens (issue 27); unset: no extended thinking. */
  thinkingBudget?: number;
  /** OpenAI Responses' reasoning effort (issue 27); unset: the model's default. */
  reasoningEffort?: ReasoningEffortChoice;
  /** The leaf of the branch on screen; the thread is the path from the root to it. */
  currentLeafId?: string;
  /** Set on imported chats only. */
  source?: ChatSource;
  /** The MCP servers (ids in the tools settings) whose tools this chat offers the model; absent: its defaults' (none unless set). */
  toolServers?: string[];
  /** The project it belongs to (a LibraryProject's id); absent: none. */
  projectId?: string;
  /** The preset it was started with (a LibraryPreset's id): its values were copied in then, so editing the preset later changes no old chat. */
  presetId?: string;
  /** Web search for this chat (issue 37): on, off, or absent (its project's, else Settings → Search's default: ChatDefaults). Off: no search request leaves the browser. */
  webSearch?: boolean;
}

/** The fields of a chat a write may change next to a message write (same transaction). */
export type ChatPatch = Partial<Omit<Chat, 'id'>>;

/** `tool`: the result of one tool call, answering an assistant message's call (issue 16). */
export type MessageRole = 'user' | 'assistant' | 'system' | 'tool';

export type MessageStatus = 'complete' | 'streaming' | 'stopped' | 'error';

export interface Usage {
  promptTokens?: number;
  /** The reply's own tokens; servers count reasoning tokens among them. */
  completionTokens?: number;
  totalTokens?: number;
  /** How many of the completion tokens were reasoning, where a server says (OpenAI's `completion_tokens_details`). */
  reasoningTokens?: number;
}

export interface Timing {
  /** From sending the request to the first content or reasoning token. */
  firstTokenMs?: number;
  /** From sending the request to the end of the stream. */
  totalMs?: number;
  tokensPerSecond?: number;
  /** True when the figures were estimated from the text (the server reported no usage). */
  estimated?: boolean;
  /** Time actually spent streaming: each segment's first token to its last delta, summed. */
  streamingMs?: number;
  /** Time spent thinking: each segment's first reasoning delta to its first answer delta, summed. */
  thinkingMs?: number;
}

/**
 * One request's stretch of a reply: the first, then one per Continue. Times are milliseconds
 * since the epoch, stored with the message so its figures survive a reload mid-stream.
 */
export interface ReplySegment {
  /** The request was sent. */
  startedAt: number;
  /** The first content or reasoning delta. */
  firstTokenAt?: number;
  /** The last delta of any kind (usage and finish come last). */
  lastDeltaAt?: number;
  firstReasoningAt?: number;
  /** The first answer delta: thinking ends here. */
  firstContentAt?: number;
  /** What the server reported for this request alone. */
  usage?: Usage;
  /** Figures the server measured itself for this request (llama.cpp's speed). */
  reported?: Timing;
}

/** A tool the model asked to call, assembled from the pieces of a streamed reply (running it is not this message's concern). */
export interface ToolCall {
  /** Its place in the reply, as the stream numbered it: the pieces of one call share it. */
  index: number;
  /** The server's id for the call (absent when it gave none). */
  id?: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, possibly invalid when the reply broke off. */
  arguments: string;
  /** Where the call stands once tools run (issue 16); absent on a call that was only shown. */
  state?: ToolCallState;
  /** The MCP server and tool the function name resolved to, kept so the card can name them. */
  serverId?: string;
  tool?: string;
}

/**
 * A tool call's progress: `pending` waits for the user's approval; `refused` was never run
 * (tool off, unknown, bad arguments); `cancelled` by Stop or a reload while it ran (never re-run).
 */
export type ToolCallState = 'pending' | 'running' | 'done' | 'failed' | 'denied' | 'refused' | 'cancelled';

/**
 * One block of a model's own thinking as its provider sent it (issue 27): Anthropic's `thinking`
 * with its signature, or a `redacted_thinking` block. Sent back unchanged when tools continue the
 * turn (Anthropic requires it), and only to Anthropic: other providers get the reasoning text or nothing.
 */
export type ThinkingBlock = { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string };

export interface Message {
  id: string;
  chatId: string;
  /** Null for a root; edits and regenerations are siblings under the same parent. */
  parentId: string | null;
  role: MessageRole;
  content: string;
  reasoning?: string;
  /** The provider's own thinking blocks, with their signatures (Anthropic), kept to send back with tool results. */
  thinkingBlocks?: ThinkingBlock[];
  /** The Responses API's id of this reply (issue 27), for `previous_response_id` when the connection lets the provider keep replies. */
  responseId?: string;
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
  /** The stretches of streaming this reply took (a Continue adds one); absent on replies older than them. */
  segments?: ReplySegment[];
  finishReason?: string;
  /** The tools the model asked to call, in the order of their index. */
  toolCalls?: ToolCall[];
  /** A `tool` message: the id of the call it answers (its ToolCall's `id`). */
  toolCallId?: string;
  /** A `tool` message whose call failed, was denied or refused: the model is told so. */
  isError?: boolean;
  /** How many events of the stream were not valid data and were skipped. */
  skippedEvents?: number;
  /**
   * A user message's files: refs only (name, size, kind), the bytes live in the attachments
   * store (attachment-rows.ts), so listing messages never reads them.
   */
  attachments?: AttachmentRef[];
  /** The Maximum tokens the reply was asked with, kept when the length limit ended it (unset: the server's own limit did). */
  maxTokens?: number;
  /** Pinned: compaction always sends it verbatim (issue 24). */
  pinned?: boolean;
  /**
   * On a user message sent from an artifact's panel ("Ask for a change", issue 36): that artifact's
   * key. The reply's block of its kind is then its next version, whatever it is called.
   */
  revises?: string;
  /**
   * Set on a compaction marker (issue 24): a `system` message in the tree whose ancestors the
   * requests after it no longer send whole. Its `content` is the summary (empty when the oldest
   * turns were dropped instead); a branch made above it never passes it, so it is not affected.
   */
  compaction?: Compaction;
  /**
   * The sources a reply cites (issue 37), in the order they came: a provider's annotations or
   * citations, or a search tool's results the reply pointed at with [n]. Stored as received;
   * shapes/citations.ts cleans them before anything shows or exports them.
   */
  citations?: Citation[];
  /** The web searches the provider ran while this reply streamed (issue 37), in order. */
  searches?: SearchStep[];
  /** A `tool` message of a search tool (Parley's web_search, an MCP search server): the results it returned, numbered [1]… in order. */
  sources?: Citation[];
  createdAt: number;
}

/** One source a reply rests on (issue 37). */
export interface Citation {
  /** The page; only `http:` and `https:` ever become links. */
  url: string;
  title?: string;
  /** The source's own words the model cited, or a search result's snippet. */
  citedText?: string;
  /**
   * The span of the message's `content` it supports, in UTF-16 code units, `end` exclusive;
   * both absent: it supports the reply as a whole and is listed under it only.
   */
  start?: number;
  end?: number;
}

/** A web search (or a page opened) that a provider ran for a reply (issue 37), shown as a step. */
export interface SearchStep {
  /** The provider's id of the call: a later part with the same id updates the step. */
  id: string;
  /** What was searched for; absent until the provider says (and for a page opened). */
  query?: string;
  /** A page the provider opened (Anthropic's web_fetch, Responses' open_page) instead of a search. */
  url?: string;
  status: 'searching' | 'done' | 'failed';
  /** How many results came back. */
  results?: number;
  /** Why it failed, as the provider put it (`max_uses_exceeded`, `too_many_requests`…). */
  error?: string;
}

/** What a compaction marker did: `summary` (the model summarised) or `drop` (the oldest turns left out). */
export interface Compaction {
  mode: 'summary' | 'drop';
  /** How many messages of the thread above it it stands in for (pinned ones are still sent). */
  covered: number;
  /** Estimated tokens of those messages, and of what replaced them. */
  tokensBefore: number;
  tokensAfter: number;
  /** The model that wrote the summary. */
  model?: string;
  /** Made because a request would not fit (Settings' automatic choice), not by the user. */
  automatic?: boolean;
  /** Undone: requests send the full history again; the marker stays, saying so, and can be redone. */
  undone?: boolean;
  /** The summary was edited by the user. */
  edited?: boolean;
}

export interface Draft {
  /** A chat id, or 'home' for the home page's composer. */
  key: string;
  text: string;
  updatedAt: number;
}

/** The draft key of the home page's composer. */
export const HOME_DRAFT_KEY = 'home';

/**
 * What the user carries between chats (issue 23): one row each in the `library` store, backed
 * up, restored and synced as they are (never API keys: none of these hold any).
 *   instructions  standing instructions, first in every system prompt (id 'instructions')
 *   defaults      what a new chat starts from (id 'defaults')
 *   preset        a named set of a chat's settings
 *   project       chats grouped, with instructions, settings and files
 *   prompt        a saved prompt with {{variables}}
 *   vote          a blind comparison's verdict (issue 38), counted by Settings → Compare's leaderboard
 */
export type LibraryKind = 'instructions' | 'defaults' | 'preset' | 'project' | 'prompt' | 'vote';

interface LibraryRow<K extends LibraryKind> {
  id: string;
  kind: K;
  createdAt: number;
  /** Milliseconds since the epoch: sync's "latest change wins" reads it. */
  updatedAt: number;
}

/** The chat settings a preset, a project or the defaults give; each unset field falls through to the next layer. */
export interface ChatDefaults {
  model?: string;
  systemPrompt?: string;
  temperature?: number;
  maxTokens?: number;
  /** MCP server ids; absent: fall through, [] : none. */
  toolServers?: string[];
  /** Anthropic's extended thinking budget in tokens; absent: fall through (none at the end). */
  thinkingBudget?: number;
  /** OpenAI Responses' reasoning effort; absent: fall through (the model's default at the end). */
  reasoningEffort?: Chat['reasoningEffort'];
  /** Web search (issue 37); absent: fall through (off at the end). Settings → Search sets the defaults'. */
  webSearch?: boolean;
}

export interface LibraryInstructions extends LibraryRow<'instructions'> {
  /** What Parley should know about the user. */
  about: string;
  /** How replies should be. */
  style: string;
  /** On by default once written; the user's switch. */
  enabled: boolean;
}

export interface LibraryDefaults extends LibraryRow<'defaults'>, ChatDefaults {}

export interface LibraryPreset extends LibraryRow<'preset'>, ChatDefaults {
  name: string;
}

/** A project's file: its text as the attachment pipeline read it (a PDF's extracted text), sent in every chat of the project. */
export interface ProjectFile {
  id: string;
  name: string;
  /** The attachment kind it was read as: 'text', 'code' or 'pdf'. */
  kind: string;
  mimeType?: string;
  /** Bytes of the original file. */
  size: number;
  text: string;
  addedAt: number;
}

export interface LibraryProject extends LibraryRow<'project'>, ChatDefaults {
  name: string;
  description?: string;
  /** Go into every chat's system prompt after the standing instructions. */
  instructions?: string;
  /** A preset its new chats start with (its values under the project's own). */
  presetId?: string;
  files: ProjectFile[];
  /** Set on imported projects only (Claude's projects.json, a ChatGPT project): the same source imported again is skipped. */
  source?: ChatSource;
}

export interface LibraryPrompt extends LibraryRow<'prompt'> {
  name: string;
  /** The text inserted, with {{variables}}. */
  body: string;
  /** One of the starter prompts Parley ships (removable like any other). */
  starter?: boolean;
}

/**
 * A blind comparison's verdict (issue 38). `models` are the bare model ids compared, as shown
 * (2–4, distinct): never connection-qualified refs, since connections are per device and votes
 * sync between devices. `winner` is one of `models`; absent, a tie ("about the same").
 */
export interface LibraryVote extends LibraryRow<'vote'> {
  models: string[];
  winner?: string;
  /** The chat the comparison was made in, when known (nothing reads it back but the user's data). */
  chatId?: string;
}

export type LibraryRecord = LibraryInstructions | LibraryDefaults | LibraryPreset | LibraryProject | LibraryPrompt | LibraryVote;

/** The library as a request and the settings read it (library/'s store's snapshot is one; the store's actions take one). */
export interface LibraryContents {
  instructions?: LibraryInstructions;
  defaults?: LibraryDefaults;
  presets: readonly LibraryPreset[];
  projects: readonly LibraryProject[];
  prompts?: readonly LibraryPrompt[];
  votes?: readonly LibraryVote[];
}

export const INSTRUCTIONS_ID = 'instructions';
export const DEFAULTS_ID = 'defaults';

/** Anthropic's smallest extended-thinking budget (issue 27). */
export const THINKING_BUDGET_MIN = 1024;
/** Responses' reasoning efforts, as Parley offers them (unset: the model's default). */
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export type ReasoningEffortChoice = (typeof REASONING_EFFORTS)[number];
export const isReasoningEffort = (value: unknown): value is ReasoningEffortChoice => (REASONING_EFFORTS as readonly unknown[]).includes(value);
