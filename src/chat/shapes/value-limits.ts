/**
 * How big and how deep a row's fields may be, from outside (a backup file, a synced document).
 * Checked over the whole value before any field is read, without recursion, so a hostile one gets
 * an error naming the field instead of overflowing the stack (or the storage) halfway through.
 */

const MB = 1024 * 1024;

/** Deepest nesting of any value counted from where the walk starts (a backup's `chats[0].messages[0].segments[0].usage` sits at 7). */
export const MAX_NESTING_DEPTH = 32;
/** Longest id (chat, message, file, connection): Parley's are under 30 characters. */
export const MAX_ID_CHARS = 256;
/** Longest string in general (a message's text, a text file's): ten times the longest file text Parley keeps. */
export const MAX_TEXT_CHARS = 10_000_000;
/** Longest base64 `data` of a file: a 20 MB file (attachments/limits.ts' MAX_FILE_BYTES) is ~28 M characters; room for older limits. */
export const MAX_DATA_CHARS = 80 * MB;

export type LimitProblem = { kind: 'too-deep' | 'too-long'; field: string; limit: number };

/** The limit of a string at `key`: file bytes may be long, ids short, the rest in between. */
function stringLimit(key: string): number {
  if (key === 'data') return MAX_DATA_CHARS;
  if (key === 'id' || key === 'chatId' || key === 'messageId' || key === 'parentId' || key === 'currentLeafId') return MAX_ID_CHARS;
  return MAX_TEXT_CHARS;
}

const step = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`);

/** The first field of `value` (depth first) that is nested too deep or too long, or undefined. Iterative: no depth overflows it. */
export function firstLimitProblem(value: unknown): LimitProblem | undefined {
  const stack: { value: unknown; path: string; key: string; depth: number }[] = [{ value, path: '', key: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const limit = stringLimit(item.key);
      if (item.value.length > limit) return { kind: 'too-long', field: item.path, limit };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_NESTING_DEPTH) return { kind: 'too-deep', field: item.path, limit: MAX_NESTING_DEPTH };
    const entries: [string | number, unknown][] = Array.isArray(item.value) ? item.value.map((v, i) => [i, v]) : Object.entries(item.value);
    // Pushed backwards so the first field is checked first and named first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: step(item.path, key), key: typeof key === 'number' ? item.key : key, depth: item.depth + 1 });
    }
  }
  return undefined;
}
