import { OpenAiModelError } from './openai-error';

/**
 * The limits that keep a reply from waiting forever on a server that went silent: one for the
 * first byte after sending (headers then silence, or no answer at all) and one for the silence
 * between reads once the body has begun. Expiry aborts `signal` (given to fetch, so the request
 * is dropped) and is kept in `expired` for the reader, which ends the reply with it.
 */

/**
 * Generous: a server may load a large model before its first byte, and a reasoning model can
 * think for a minute before it sends anything.
 */
export const FIRST_BYTE_TIMEOUT_MS = 120_000;
/** Longest silence mid-reply: a reasoning model that does not stream its thinking stays silent that long. */
export const IDLE_TIMEOUT_MS = 90_000;
/**
 * After a finish reason only the usage chunk and [DONE] are still to come, at once; a body that
 * stays open longer is over (the reply is whole, so nothing is lost).
 */
export const AFTER_FINISH_TIMEOUT_MS = 15_000;

export interface StreamLimits {
  firstByteMs: number;
  idleMs: number;
  afterFinishMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  firstByteMs: FIRST_BYTE_TIMEOUT_MS,
  idleMs: IDLE_TIMEOUT_MS,
  afterFinishMs: AFTER_FINISH_TIMEOUT_MS,
};

export interface StreamClock {
  /** Aborts when the caller's signal does or a limit passes. */
  readonly signal: AbortSignal;
  /** The time-out, once a limit has passed. */
  readonly expired: OpenAiModelError | undefined;
  /** Data arrived: the silence allowed from now on is the idle limit, or the after-finish one. */
  heard(finished: boolean): void;
  /** The reply is over (or needs no limit any more): clears the timer. */
  stop(): void;
}

const MS_PER_S = 1000;

function timeoutError(reason: 'first-byte-timeout' | 'idle-timeout', ms: number): OpenAiModelError {
  const seconds = Math.round(ms / MS_PER_S);
  const message =
    reason === 'first-byte-timeout'
      ? `The server sent nothing within ${seconds} s of the request`
      : `The server went silent for ${seconds} s in the middle of the reply`;
  return new OpenAiModelError('stream-interrupted', message, { reason });
}

export function startStreamClock(outer: AbortSignal, limits: StreamLimits = DEFAULT_STREAM_LIMITS): StreamClock {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired: OpenAiModelError | undefined;
  const onOuter = () => controller.abort(outer.reason);
  if (outer.aborted) onOuter();
  else outer.addEventListener('abort', onOuter, { once: true });

  const arm = (ms: number, reason: 'first-byte-timeout' | 'idle-timeout') => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      expired = timeoutError(reason, ms);
      controller.abort(expired);
    }, ms);
  };
  arm(limits.firstByteMs, 'first-byte-timeout');

  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    heard(finished) {
      if (expired || controller.signal.aborted) return;
      arm(finished ? limits.afterFinishMs : limits.idleMs, 'idle-timeout');
    },
    stop() {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    },
  };
}
