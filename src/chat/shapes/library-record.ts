/** Checks a library row that came from outside (a backup, sync, an import, an older version): a valid row, or why it is not. */
import { isReasoningEffort, THINKING_BUDGET_MIN, type ChatDefaults, type LibraryKind, type LibraryRecord, type ProjectFile, type SourceApp } from '../types';

/** Past these a row is not something a person wrote: it is refused, not cut. */
export const MAX_NAME_CHARS = 200;
export const MAX_TEXT_FIELD_CHARS = 100_000;
/** A project's files' text, all together: well past any model's context, short of a runaway row. */
export const MAX_PROJECT_TEXT_CHARS = 4_000_000;
export const MAX_PROJECT_FILES = 100;

export type RecordCheck = { ok: true; record: LibraryRecord } | { ok: false; id?: string; name?: string; reason: string };

const KINDS: readonly LibraryKind[] = ['instructions', 'defaults', 'preset', 'project', 'prompt', 'vote'];
const SOURCE_APPS: readonly SourceApp[] = ['chatgpt', 'claude', 'openwebui', 'parley-backup'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max = MAX_TEXT_FIELD_CHARS): value is string => typeof value === 'string' && value.length <= max;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A vote compares 2 to 4 models (issue 38): the compare view offers no more. */
export const MIN_VOTE_MODELS = 2;
export const MAX_VOTE_MODELS = 4;

/**
 * Why a vote's models and winner are not a vote (a model is a bare model id as shown, non-empty,
 * each once; the winner, when there is one, one of them), or undefined when they are. Shared by
 * the rows from outside and by compare/'s voteRecord, so a vote made here always reads back.
 */
export function voteProblem(models: unknown, winner: unknown): string | undefined {
  if (!Array.isArray(models) || !models.every((model) => isText(model, 1000) && model.trim() !== '')) return 'its models are not a list of model names';
  if (models.length < MIN_VOTE_MODELS || models.length > MAX_VOTE_MODELS) return `it does not compare ${MIN_VOTE_MODELS} to ${MAX_VOTE_MODELS} models`;
  if (new Set(models).size !== models.length) return 'it names a model twice';
  if (winner !== undefined && !models.includes(winner)) return 'its winner is not one of its models';
  return undefined;
}

/** The chat settings of a row, each field kept only when well formed (a wrong one is a broken row). */
function readDefaults(value: Record<string, unknown>): ChatDefaults | string {
  const out: ChatDefaults = {};
  if (value.model !== undefined) {
    if (!isText(value.model, 1000)) return 'its model is not text';
    out.model = value.model;
  }
  if (value.systemPrompt !== undefined) {
    if (!isText(value.systemPrompt)) return 'its system prompt is not text or is too long';
    out.systemPrompt = value.systemPrompt;
  }
  if (value.temperature !== undefined) {
    if (typeof value.temperature !== 'number' || !(value.temperature >= 0 && value.temperature <= 2)) return 'its temperature is not a number from 0 to 2';
    out.temperature = value.temperature;
  }
  if (value.maxTokens !== undefined) {
    if (typeof value.maxTokens !== 'number' || !Number.isInteger(value.maxTokens) || value.maxTokens < 1) return 'its maximum tokens is not a whole number above 0';
    out.maxTokens = value.maxTokens;
  }
  if (value.toolServers !== undefined) {
    if (!Array.isArray(value.toolServers) || !value.toolServers.every((id) => isText(id, 200))) return 'its tool servers are not a list of ids';
    out.toolServers = [...(value.toolServers as string[])];
  }
  if (value.thinkingBudget !== undefined) {
    if (typeof value.thinkingBudget !== 'number' || !Number.isInteger(value.thinkingBudget) || value.thinkingBudget < THINKING_BUDGET_MIN) return 'its thinking budget is not a whole number of 1,024 or more';
    out.thinkingBudget = value.thinkingBudget;
  }
  if (value.reasoningEffort !== undefined) {
    if (!isReasoningEffort(value.reasoningEffort)) return 'its reasoning effort is not minimal, low, medium or high';
    out.reasoningEffort = value.reasoningEffort;
  }
  if (value.webSearch !== undefined) {
    if (typeof value.webSearch !== 'boolean') return 'its web search is neither on nor off';
    out.webSearch = value.webSearch;
  }
  return out;
}

function readFile(value: unknown): ProjectFile | undefined {
  if (!isObject(value)) return undefined;
  const { id, name, kind, mimeType, size, text, addedAt } = value;
  if (!isText(id, 200) || id === '' || !isText(name, MAX_NAME_CHARS) || !isText(kind, 40) || typeof text !== 'string') return undefined;
  if (typeof size !== 'number' || !(size >= 0) || !isTime(addedAt)) return undefined;
  return { id, name, kind, ...(isText(mimeType, 200) && { mimeType }), size, text, addedAt };
}

/** The row as Parley stores it, or why it cannot be taken (named in the skipped list, never fatal). */
export function readLibraryRecord(value: unknown): RecordCheck {
  if (!isObject(value)) return { ok: false, reason: 'it is not an object' };
  const { id, kind, createdAt, updatedAt } = value;
  const name = isText(value.name, MAX_NAME_CHARS) ? value.name : undefined;
  const fail = (reason: string): RecordCheck => ({ ok: false, ...(isText(id, 200) && { id }), ...(name !== undefined && { name }), reason });
  if (!isText(id, 200) || id === '') return fail('it has no id');
  if (!KINDS.includes(kind as LibraryKind)) return fail(`its kind "${String(kind).slice(0, 40)}" is not one Parley knows`);
  if (!isTime(createdAt) || !isTime(updatedAt)) return fail('its dates are not valid');
  const base = { id, createdAt, updatedAt };
  switch (kind as LibraryKind) {
    case 'instructions': {
      if (!isText(value.about) || !isText(value.style) || typeof value.enabled !== 'boolean') return fail('its instructions are not text');
      return { ok: true, record: { ...base, kind: 'instructions', about: value.about, style: value.style, enabled: value.enabled } };
    }
    case 'defaults': {
      const defaults = readDefaults(value);
      if (typeof defaults === 'string') return fail(defaults);
      return { ok: true, record: { ...base, kind: 'defaults', ...defaults } };
    }
    case 'preset': {
      if (!name?.trim()) return fail('it has no name');
      const defaults = readDefaults(value);
      if (typeof defaults === 'string') return fail(defaults);
      return { ok: true, record: { ...base, kind: 'preset', name, ...defaults } };
    }
    case 'project': {
      if (!name?.trim()) return fail('it has no name');
      const defaults = readDefaults(value);
      if (typeof defaults === 'string') return fail(defaults);
      if (value.description !== undefined && !isText(value.description)) return fail('its description is not text');
      if (value.instructions !== undefined && !isText(value.instructions)) return fail('its instructions are not text');
      if (value.presetId !== undefined && !isText(value.presetId, 200)) return fail('its preset is not an id');
      const source = value.source;
      if (source !== undefined && !(isObject(source) && SOURCE_APPS.includes(source.app as SourceApp) && isText(source.id, 1000) && source.id !== '')) return fail('its source is not an app and an id');
      const files = Array.isArray(value.files) ? value.files.map(readFile) : [];
      if (value.files !== undefined && !Array.isArray(value.files)) return fail('its files are not a list');
      if (files.length > MAX_PROJECT_FILES) return fail(`it has more than ${MAX_PROJECT_FILES} files`);
      if (files.some((file) => file === undefined)) return fail('one of its files is broken');
      const kept = files as ProjectFile[];
      if (kept.reduce((sum, file) => sum + file.text.length, 0) > MAX_PROJECT_TEXT_CHARS) return fail('its files hold too much text');
      return {
        ok: true,
        record: {
          ...base,
          kind: 'project',
          name,
          ...defaults,
          ...(typeof value.description === 'string' && { description: value.description }),
          ...(typeof value.instructions === 'string' && { instructions: value.instructions }),
          ...(typeof value.presetId === 'string' && { presetId: value.presetId }),
          ...(isObject(source) && { source: { app: source.app as SourceApp, id: source.id as string } }),
          files: kept,
        },
      };
    }
    case 'prompt': {
      if (!name?.trim()) return fail('it has no name');
      if (!isText(value.body)) return fail('its text is not text or is too long');
      return { ok: true, record: { ...base, kind: 'prompt', name, body: value.body, ...(value.starter === true && { starter: true }) } };
    }
    case 'vote': {
      const { models, winner, chatId } = value;
      const problem = voteProblem(models, winner);
      if (problem) return fail(problem);
      if (chatId !== undefined && (!isText(chatId, 200) || chatId === '')) return fail('its chat is not an id');
      return {
        ok: true,
        record: { ...base, kind: 'vote', models: [...(models as string[])], ...(typeof winner === 'string' && { winner }), ...(typeof chatId === 'string' && { chatId }) },
      };
    }
  }
}
