/**
 * Saved prompts as a JSON file (docs/prompts.md): `{ "parley": "prompts", "version": 1,
 * "prompts": [{ "name", "body" }] }`. Reading one never fails on an entry: a broken one is skipped
 * and named, the rest come in; a name already taken gets " (2)", " (3)"…
 */
import { readLibraryRecord } from '../../../chat/library';
import type { LibraryPrompt } from '../../../chat/types';

export const PROMPTS_FILE_KIND = 'prompts';
export const PROMPTS_FILE_VERSION = 1;

export interface PromptsFile {
  parley: typeof PROMPTS_FILE_KIND;
  version: typeof PROMPTS_FILE_VERSION;
  prompts: { name: string; body: string }[];
}

export interface SkippedPrompt {
  /** Its place in the file's list, from 1. */
  index: number;
  name?: string;
  reason: string;
}

export type PromptsFileRead = { ok: true; prompts: { name: string; body: string }[]; skipped: SkippedPrompt[] } | { ok: false; reason: string };

export function promptsFile(prompts: readonly Pick<LibraryPrompt, 'name' | 'body'>[]): PromptsFile {
  return { parley: PROMPTS_FILE_KIND, version: PROMPTS_FILE_VERSION, prompts: prompts.map(({ name, body }) => ({ name, body })) };
}

/** The export's file name, dated. */
export const promptsFileName = (at: Date) => `parley-prompts-${at.toISOString().slice(0, 10)}.json`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `name`, or `name (2)`, `name (3)`… whichever is not in `taken` (compared without case); the one
 * chosen is added to it. `next` remembers, per name, the number to try next: with it a file of a
 * thousand prompts of one name is read in linear time, not by counting up from 2 for each.
 */
export function freeName(name: string, taken: Set<string>, next?: Map<string, number>): string {
  const base = name.trim();
  const key = base.toLowerCase();
  let candidate = base;
  for (let n = next?.get(key) ?? 2; taken.has(candidate.toLowerCase()); n++) {
    candidate = `${base} (${n})`;
    next?.set(key, n + 1);
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The prompts a file's text holds, named so none clashes with `takenNames`, and the entries skipped (with why). */
export function readPromptsFile(text: string, takenNames: Iterable<string>): PromptsFileRead {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not JSON' };
  }
  if (!isObject(data) || data.parley !== PROMPTS_FILE_KIND) return { ok: false, reason: 'it is not a Parley prompts file (it needs "parley": "prompts")' };
  if (typeof data.version !== 'number' || data.version > PROMPTS_FILE_VERSION) return { ok: false, reason: `its version ${String(data.version)} is not one this Parley reads` };
  if (!Array.isArray(data.prompts)) return { ok: false, reason: 'it has no list of prompts' };
  const taken = new Set([...takenNames].map((name) => name.trim().toLowerCase()));
  const next = new Map<string, number>();
  const prompts: { name: string; body: string }[] = [];
  const skipped: SkippedPrompt[] = [];
  data.prompts.forEach((entry: unknown, at) => {
    const index = at + 1;
    if (!isObject(entry)) {
      skipped.push({ index, reason: 'it is not an object' });
      return;
    }
    // The same check as a backup's or sync's rows: a name, and text that is text.
    const check = readLibraryRecord({ id: `import-${index}`, kind: 'prompt', createdAt: 0, updatedAt: 0, name: entry.name, body: entry.body });
    if (!check.ok) {
      skipped.push({ index, ...(check.name?.trim() && { name: check.name }), reason: check.reason });
      return;
    }
    if (check.record.kind !== 'prompt') return;
    prompts.push({ name: freeName(check.record.name, taken, next), body: check.record.body });
  });
  return { ok: true, prompts, skipped };
}
