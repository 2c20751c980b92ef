import type { IncomingHttpHeaders } from 'node:http';
import type { MultipartBody, MultipartFile } from './audio.mjs';

export const API_PREFIX: string;

/** Raw bytes to write, so recorded streams replay verbatim; waits `delayMs` first. */
export interface Step {
  data: string | Uint8Array;
  delayMs?: number;
  /** Waits for this too before writing: the test decides when the stream goes on (a reply kept streaming while it looks). */
  until?: Promise<unknown>;
}

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  /** Added to (and replacing) the defaults: an event-stream or JSON content type, no-cache. */
  headers?: Record<string, string>;
  /** Wait before the status line and headers. */
  delayMs?: number;
  /** The body as steps written in order… */
  steps?: Iterable<Step>;
  /** …or a JSON value. */
  json?: unknown;
  /** Destroy the socket after this many steps (no clean end): a connection broken mid-stream. */
  disconnectAfter?: number;
  /** Close the connection without any response (after `delayMs`): the client's fetch fails as on a network error. */
  hangUp?: boolean;
  /** Write every step at once, whatever its delay ("as fast as possible"); backpressure still applies. */
  ignoreDelays?: boolean;
}

export interface RecordedResponse {
  status: number | undefined;
  bytes: number;
  /** performance.now() when the first body byte was written. */
  firstByteAt: number | undefined;
  /** performance.now() when the last body byte had been flushed to the socket. */
  lastByteAt: number | undefined;
  /** Ended cleanly. */
  completed: boolean;
  /** The server broke the connection on purpose (disconnectAfter). */
  disconnected: boolean;
  /** The client went away before the end (an abort). */
  clientAborted: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  body: any;
  /** A multipart/form-data body taken apart (an audio upload: its file's bytes, content type, and the fields); undefined otherwise. */
  upload: MultipartBody | undefined;
  receivedAt: number;
  response: RecordedResponse;
}

/** A response, a bare list of steps (a 200 event stream), or a function of the request giving either. */
export type Responder = ScriptedResponse | Step[] | ((request: RecordedRequest) => ScriptedResponse | Step[] | Promise<ScriptedResponse | Step[]>);

/** A /v1/models entry: an id, or an entry whose fields are sent as given (e.g. `{ id, meta: { n_ctx_train: 4096 } }`). */
export type ModelEntry = string | ({ id: string } & Record<string, unknown>);
export type ModelEntries = ModelEntry[];

/** What a transcription request brought: the `file` part and the text fields (model, language, response_format…). */
export interface TranscriptionUpload {
  file: MultipartFile;
  fields: Record<string, string>;
  record: RecordedRequest;
}

/** The transcript's text (answered as `{ text }`, or as text with response_format=text), or a whole response (an error, a delay). */
export type TranscribeResponder = (upload: TranscriptionUpload) => string | ScriptedResponse | Promise<string | ScriptedResponse>;

/** Audio bytes (a 200 with the content type response_format names, audio/mpeg by default), or a whole response. */
export type SpeechResponder = (request: RecordedRequest) => Uint8Array | ScriptedResponse | Promise<Uint8Array | ScriptedResponse>;

export interface OpenAiServerOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** Default true: `Access-Control-Allow-Origin: *` and preflights answered. */
  cors?: boolean;
  /** What GET /v1/models lists (default ['test-model']): ids, or entries with more fields (a context length, capabilities); or a responder. */
  models?: ModelEntries | Responder;
  /** The default reply of /v1/chat/completions (default: echo the last user message). */
  script?: Responder;
  /** Routes outside the API by `METHOD /path` (e.g. `'GET /props'`, `'POST /api/show'`): a local server's own. */
  serverRoutes?: Record<string, Responder>;
  /**
   * The formats it speaks (issue 27), all three by default: `openai` (Chat Completions),
   * `anthropic` (POST /v1/messages, and /v1/models in Anthropic's paged shape when asked with
   * `anthropic-version`; without `openai`, any /v1/models answers as Anthropic's does), `responses`
   * (POST /v1/responses). Scripts and the queue serve all three routes.
   */
  speaks?: ('openai' | 'anthropic' | 'responses')[];
  /** The key Anthropic's routes (x-api-key) and Responses (Bearer) require; any key when unset. */
  apiKey?: string;
  /** Anthropic's model list page size (default: the request's `limit`, else 20). */
  anthropicPageSize?: number;
  /**
   * The request headers its CORS preflight allows, as a fixed list (as many real servers answer);
   * by default whatever the browser asks for. `Authorization, Content-Type, Accept` refuses
   * Anthropic's headers, as an OpenAI-compatible server does (issue 33).
   */
  allowedHeaders?: string;
  /**
   * A llama.cpp server started with this many slots (issue 38): a generating request that comes
   * while `slots` are streaming gets 503 (`NO_SLOT_BODY`), and `GET /props` says `total_slots`
   * (unless `serverRoutes` answers it). Unset: any number at once.
   */
  slots?: number;
  /** POST /v1/audio/transcriptions' answer; by default DEFAULT_TRANSCRIPT. A request without a file or model gets 400. */
  transcribe?: TranscribeResponder;
  /** POST /v1/audio/speech's answer; by default a short sine tone as a real WAV (sineWav, audio/wav). A request without `input` gets 400. */
  speech?: SpeechResponder;
  /** GET /v1/audio/voices: the list (answered `{ voices }`), a responder, or false for none (404); DEFAULT_VOICES by default. */
  voices?: string[] | Responder | false;
}

/** One generating request that was served (took a slot): when it started and when its response closed. */
export interface ServedSpan {
  /** The body's `model`. */
  model: string | undefined;
  startedAt: number;
  /** performance.now() when the response closed (ended, or the client went away); undefined while it streams. */
  endedAt: number | undefined;
  status: number | undefined;
}

/** Generating requests (Chat Completions, Messages, Responses) at once, whether or not `slots` is set. */
export interface Concurrency {
  /** Streaming now. */
  readonly active: number;
  /** The most streaming at once. */
  readonly peak: number;
  /** Answered 503 for want of a slot. */
  readonly rejected: number;
  /** Each served request, in the order they started. */
  readonly spans: ServedSpan[];
}

export interface OpenAiServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** The base URL a client is configured with: http://127.0.0.1:PORT/v1 */
  url: string;
  port: number;
  /** Every request received, in order (preflights included). */
  readonly requests: RecordedRequest[];
  /** How many generating requests streamed at once, and the 503s of a server with `slots` (reset by `reset()`). */
  readonly concurrency: Concurrency;
  /** The reply to every chat completion not taken by the queue. */
  setScript(responder: Responder): void;
  /** One-off replies for the next chat completions, in order, before the script. */
  enqueue(...responders: Responder[]): void;
  setModels(idsOrResponder: ModelEntries | Responder): void;
  setCors(on: boolean): void;
  setTranscribe(responder: TranscribeResponder | undefined): void;
  setSpeech(responder: SpeechResponder | undefined): void;
  setVoices(list: string[] | Responder | false): void;
  /** Back to the options it started with; forgets requests and queued replies. */
  reset(): void;
  close(): Promise<void>;
}

/** llama.cpp's answer to a request that finds no free slot. */
export const NO_SLOT_BODY: { error: { code: 503; message: string; type: 'unavailable_error' } };
export const ALL_FORMATS: ('openai' | 'anthropic' | 'responses')[];
export const ANTHROPIC_VERSION: string;
/** What /v1/audio/transcriptions answers when the test gives no `transcribe`. */
export const DEFAULT_TRANSCRIPT: string;
/** What GET /v1/audio/voices lists by default. */
export const DEFAULT_VOICES: string[];

export function startOpenAiServer(options?: OpenAiServerOptions): Promise<OpenAiServer>;
