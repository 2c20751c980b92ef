import { ChatModelError, type ChatErrorCode } from '../model';

/**
 * Why a request failed, finer than the code: the app picks its explanation and the fix from it
 * (SPEC B6: tell CORS, mixed content and a server that is down apart where the browser allows).
 */
export type OpenAiErrorReason =
  /** unreachable: an https page may not call an http address other than localhost. */
  | 'mixed-content'
  /** unreachable: the server answered a no-cors probe, so it is up but sends no CORS headers. */
  | 'cors'
  /** unreachable: not even a no-cors probe got through: the server is down or the address wrong. */
  | 'down'
  /** unreachable: the browser hides which of the two it was (the probe could not tell). */
  | 'cors-or-down'
  /** unreachable: the base URL is not an http(s) URL. */
  | 'invalid-url'
  /** unauthorized: 403, the key is valid but not allowed (or a proxy refused). */
  | 'forbidden'
  /** model-not-found: a 404 that names no model; the base URL is probably wrong (missing /v1). */
  | 'endpoint-not-found'
  /** rate-limited: the account is out of credit; waiting will not help. */
  | 'quota'
  /** The conversation is longer than the model's context window. */
  | 'context-length'
  /** stream-interrupted: the body ended with neither [DONE] nor a finish reason. */
  | 'incomplete'
  /** stream-interrupted: reading the body failed (connection reset, network lost). */
  | 'connection-lost'
  /** stream-interrupted (replies stored before length-limited replies counted as complete): no answer text. */
  | 'length-empty'
  /** stream-interrupted: nothing arrived within FIRST_BYTE_TIMEOUT_MS of sending. */
  | 'first-byte-timeout'
  /** stream-interrupted: the stream went silent for IDLE_TIMEOUT_MS before it was finished. */
  | 'idle-timeout'
  /** malformed-stream: a 200 that is not an event stream (an HTML page at the base URL, say). */
  | 'not-event-stream'
  /** malformed-stream: the stream sent data lines, none of them JSON. */
  | 'bad-json'
  /** malformed-stream: one event grew past MAX_EVENT_CHARS (a line with no end). */
  | 'event-too-large'
  /** malformed-stream: Ollama's native API answered (NDJSON), not its OpenAI-compatible /v1. */
  | 'ollama-native'
  /** malformed-stream: Anthropic's Messages API answered; it is not OpenAI-compatible. */
  | 'anthropic-stream'
  /** malformed-stream or a list: a connection set to Anthropic Messages reached an OpenAI-compatible server. */
  | 'openai-api'
  /** server-error: Anthropic's 529 `overloaded_error`, worded as overloaded (not as the server failing). */
  | 'overloaded'
  /** stream-interrupted: the provider ended the reply early itself (Responses' `response.incomplete`). */
  | 'provider-incomplete'
  /** server-error: 502 (or a CDN's 520–523): a proxy or gateway got no good answer from the model server. */
  | 'bad-gateway'
  /** server-error: 503, the server is overloaded, starting or down for maintenance. */
  | 'unavailable'
  /** server-error: 504 (or a CDN's 524): a proxy gave up waiting for the model server. */
  | 'gateway-timeout';

export interface OpenAiErrorDetails {
  status?: number;
  retryAfterMs?: number;
  cause?: unknown;
  reason?: OpenAiErrorReason;
  /** The address that failed, so the app can show it and tell localhost from remote. */
  url?: string;
}

/** A ChatModelError that also says why (see OpenAiErrorReason) and where. */
export class OpenAiModelError extends ChatModelError {
  declare readonly reason?: OpenAiErrorReason;
  readonly url?: string;

  constructor(code: ChatErrorCode, message: string, details: OpenAiErrorDetails = {}) {
    super(code, message, details);
    this.url = details.url;
  }
}

/** The reason of any error this module raised; undefined for other errors. */
export function errorReason(error: unknown): OpenAiErrorReason | undefined {
  return error instanceof OpenAiModelError ? error.reason : undefined;
}
