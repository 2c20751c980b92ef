/** Small readers for untrusted JSON: every importer checks shapes with these, never with casts alone. */

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Below this a number is seconds since the epoch, above it milliseconds (1e11 s is the year 5138). */
const SECONDS_LIMIT = 1e11;

/** A time as exports write it, in seconds (ChatGPT, Open WebUI) or milliseconds, as milliseconds; undefined when absent or not a time. */
export function epochMs(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  return Math.round(value < SECONDS_LIMIT ? value * 1000 : value);
}

/** An ISO 8601 string (Claude) as milliseconds; undefined when absent or unreadable. */
export function isoMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Whether a file's first characters look like a JSON value with this key, without parsing it. */
export const mentionsKey = (head: string, key: string): boolean => head.includes(`"${key}"`);

/** A file's name without its folders. */
export const baseName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);
