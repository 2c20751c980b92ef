/**
 * What a chat's settings are once its layers are applied (issue 23): the defaults, under its
 * project's preset, under its project, under the chat's own fields. A preset a chat was started
 * with was copied into the chat's own fields then, so editing the preset later changes no chat.
 */
import type { Chat, ChatDefaults, LibraryContents, LibraryPreset } from '../types';

/** The library as the functions below read it: the stored shapes' (types.ts), which the store's actions take too. */
export type { LibraryContents };

export const SETTING_FIELDS = ['model', 'systemPrompt', 'temperature', 'maxTokens', 'toolServers', 'thinkingBudget', 'reasoningEffort'] as const;
/** The fields the "Custom" mark compares: the model has its own picker in the header, so it is not among them. */
export const CUSTOM_FIELDS = ['systemPrompt', 'temperature', 'maxTokens', 'toolServers', 'thinkingBudget', 'reasoningEffort'] as const;

/** The settings fields of a row, the unset ones left out. */
export function settingsOf(row: ChatDefaults | undefined): ChatDefaults {
  const out: ChatDefaults = {};
  if (!row) return out;
  if (row.model !== undefined) out.model = row.model;
  if (row.systemPrompt !== undefined) out.systemPrompt = row.systemPrompt;
  if (row.temperature !== undefined) out.temperature = row.temperature;
  if (row.maxTokens !== undefined) out.maxTokens = row.maxTokens;
  if (row.toolServers !== undefined) out.toolServers = [...row.toolServers];
  if (row.thinkingBudget !== undefined) out.thinkingBudget = row.thinkingBudget;
  if (row.reasoningEffort !== undefined) out.reasoningEffort = row.reasoningEffort;
  if (row.webSearch !== undefined) out.webSearch = row.webSearch;
  return out;
}

/** What a new chat in `projectId` (or none) starts from: defaults ← the project's preset ← the project. */
export function baseSettings(projectId: string | undefined, library: LibraryContents): ChatDefaults {
  const project = projectId ? library.projects.find((p) => p.id === projectId) : undefined;
  const preset = project?.presetId ? library.presets.find((p) => p.id === project.presetId) : undefined;
  return { ...settingsOf(library.defaults), ...settingsOf(preset), ...settingsOf(project) };
}

/** The base the chat's own fields sit on. */
export const chatBase = (chat: Pick<Chat, 'projectId'>, library: LibraryContents): ChatDefaults => baseSettings(chat.projectId, library);

/** The chat's settings with every layer applied. */
export function effectiveSettings(chat: Chat, library: LibraryContents): ChatDefaults {
  return { ...chatBase(chat, library), ...settingsOf(chat) };
}

const sameServers = (a: readonly string[] | undefined, b: readonly string[] | undefined) => {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** The fields where the chat's own value differs from its base (its project's or the defaults). */
export function customFields(chat: Chat, library: LibraryContents): (typeof CUSTOM_FIELDS)[number][] {
  const base = chatBase(chat, library);
  return CUSTOM_FIELDS.filter((field) => {
    if (chat[field] === undefined) return false;
    if (field === 'toolServers') return !sameServers(chat.toolServers, base.toolServers);
    if (field === 'systemPrompt') return (chat.systemPrompt ?? '').trim() !== (base.systemPrompt ?? '').trim();
    return chat[field] !== base[field];
  });
}

/** The patch "Reset to defaults" writes: the chat's own fields and its preset cleared, its model its base's (when it has one). */
export function resetPatch(chat: Chat, library: LibraryContents): Partial<Chat> {
  const base = chatBase(chat, library);
  return {
    systemPrompt: undefined,
    temperature: undefined,
    maxTokens: undefined,
    toolServers: undefined,
    thinkingBudget: undefined,
    reasoningEffort: undefined,
    webSearch: undefined,
    presetId: undefined,
    ...(base.model !== undefined && { model: base.model }),
  };
}

/** What starting a chat with a preset copies into it (and its id, remembered). */
export function presetPatch(preset: LibraryPreset): Partial<Chat> {
  return { ...settingsOf(preset), presetId: preset.id };
}

/** The fields of a chat a new preset takes ("Save as preset"): what the chat uses now, every layer applied. */
export function presetFromChat(chat: Chat, library: LibraryContents): ChatDefaults {
  return effectiveSettings(chat, library);
}
