/**
 * How long a 429 asks the client to wait, from whichever hint the server gave: `retry-after-ms`
 * (OpenAI), `Retry-After` in seconds or as an HTTP date (RFC 9110), the `x-ratelimit-reset-*`
 * durations OpenAI-style servers send ("20s", "1m30s", "6ms"), OpenRouter's `x-ratelimit-reset`
 * timestamp, or the "try again in 20s" sentence in the message (a browser cannot read those
 * headers cross-origin unless the server exposes them).
 */

type HeaderReader = Pick<Headers, 'get'>;

const MS_PER = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const SECONDS_ONLY = /^\s*\d+(\.\d+)?\s*$/;
/** One or more number+unit parts, nothing else: "1m30s", "0.5s", "6ms". */
const DURATION = /^\s*(\d+(\.\d+)?(ms|h|m|s)\s*)+$/i;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|h|m|s)/gi;
/** "try again in 20s", "try again in 1m30s", "retry after 7 seconds", "try again in 1.5 seconds". */
const IN_MESSAGE = /(?:try again|retry)\s+(?:in|after)\s+(\d+(?:\.\d+)?(?:ms|h|m|s)(?:\d+(?:\.\d+)?(?:ms|h|m|s))*|\d+(?:\.\d+)?\s*(?:seconds?|secs?|minutes?|mins?))\b/i;
/** Timestamps above these are epoch milliseconds / epoch seconds rather than a wait in seconds. */
const EPOCH_MS_THRESHOLD = 1e12;
const EPOCH_S_THRESHOLD = 1e9;

/** "1m30s" → 90000; undefined for anything that is not such a duration. */
export function parseDuration(value: string): number | undefined {
  if (!DURATION.test(value)) return undefined;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(DURATION_PART)) total += Number(amount) * MS_PER[unit!.toLowerCase() as keyof typeof MS_PER];
  return Math.round(total);
}

/** A Retry-After value: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (SECONDS_ONLY.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** `x-ratelimit-reset`: seconds to wait, or a timestamp in seconds or milliseconds. */
function parseResetStamp(value: string, now: number): number | undefined {
  if (!SECONDS_ONLY.test(value)) return parseDuration(value);
  const n = Number(value);
  if (n > EPOCH_MS_THRESHOLD) return Math.max(0, n - now);
  if (n > EPOCH_S_THRESHOLD) return Math.max(0, n * 1000 - now);
  return Math.round(n * 1000);
}

/** The wait in "try again in 20s" style sentences. */
export function retryAfterFromMessage(message: string | undefined): number | undefined {
  const match = message ? IN_MESSAGE.exec(message) : null;
  if (!match) return undefined;
  const phrase = match[1]!;
  const amount = Number.parseFloat(phrase);
  if (/min/i.test(phrase)) return Math.round(amount * MS_PER.m);
  if (/sec/i.test(phrase)) return Math.round(amount * MS_PER.s);
  return parseDuration(phrase);
}

/** The reset of the exhausted limit (requests or tokens); the longer one when neither says it is exhausted. */
function rateLimitReset(headers: HeaderReader): number | undefined {
  const limits = ['requests', 'tokens'].map((kind) => ({
    exhausted: headers.get(`x-ratelimit-remaining-${kind}`)?.trim() === '0',
    ms: parseDuration(headers.get(`x-ratelimit-reset-${kind}`) ?? ''),
  }));
  const known = limits.filter((limit) => limit.ms !== undefined);
  const exhausted = known.filter((limit) => limit.exhausted);
  const pool = exhausted.length ? exhausted : known;
  return pool.length ? Math.max(...pool.map((limit) => limit.ms!)) : undefined;
}

export function retryAfterMs(headers: HeaderReader, message: string | undefined, now: number): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms && SECONDS_ONLY.test(ms)) return Math.round(Number(ms));
  const reset = headers.get('x-ratelimit-reset');
  return (
    parseRetryAfter(headers.get('retry-after'), now) ??
    rateLimitReset(headers) ??
    (reset ? parseResetStamp(reset, now) : undefined) ??
    retryAfterFromMessage(message)
  );
}
