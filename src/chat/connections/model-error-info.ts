import { ChatModelError, type ChatErrorCode } from '../model';
import { OpenAiModelError } from '../wire/openai-error';

/**
 * A failure as plain data (stored in the connections snapshot, shown by the app): the code and
 * the finer reason pick the explanation and the fix; the message is the server's own words.
 */
export interface ModelErrorInfo {
  code: ChatErrorCode;
  message: string;
  /** `cors`, `mixed-content`, `down`, `cors-or-down`, `invalid-url`, `endpoint-not-found`, `timeout`… */
  reason?: string;
  status?: number;
  retryAfterMs?: number;
  /** The address that failed, when known. */
  url?: string;
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

export function modelErrorInfo(error: unknown): ModelErrorInfo {
  if (error instanceof ChatModelError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.reason !== undefined && { reason: error.reason }),
      ...(error.status !== undefined && { status: error.status }),
      ...(error.retryAfterMs !== undefined && { retryAfterMs: error.retryAfterMs }),
      ...(error instanceof OpenAiModelError && error.url !== undefined && { url: error.url }),
    };
  }
  // A request that took longer than we allow: the server is there but busy, or the address swallows packets.
  if (isTimeout(error)) return { code: 'unreachable', reason: 'timeout', message: 'The server did not answer in time' };
  return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
}
