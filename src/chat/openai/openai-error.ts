import { ChatModelError, type ChatErrorCode } from '../chat-model';

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
  /** stream-interrupted: the length limit ended the reply before any answer text. */
  | 'length-empty'
  /** malformed-stream: a 200 that is not an event stream (an HTML page at the base URL, say). */
  | 'not-event-stream'
  /** malformed-stream: a data line that is not JSON. */
  | 'bad-json';

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
