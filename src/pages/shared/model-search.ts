import type { ModelOptionGroup } from '../../chat/connections';

/**
 * What the model picker lists for a search (pure, table-tested): the recently used models first,
 * then every connection's models, each filtered by a case- and accent-insensitive substring of
 * the model id or the connection's name.
 */

export interface PickerOption {
  /** Unique in the list (a recent model also appears in its connection's group). */
  key: string;
  /** The model reference to store: `{connectionId}/{modelId}`. */
  ref: string;
  modelId: string;
  connectionName: string;
  /** A preset (issue 23): `modelId` is then its name and `connectionName` its model, if it names one. */
  presetId?: string;
}

export type PickerGroupStatus = 'loading' | 'failed' | 'empty' | 'pending' | 'ok';

export interface PickerGroup {
  /** `presets`, `recent`, the connection's id, or `embedding:` and the connection's id for its embedding models. */
  id: string;
  /** `embedding`: models that only make embeddings (they cannot chat), listed apart after the others. */
  kind?: 'embedding';
  /** The connection's name; empty for the recent group (the view names it). */
  label: string;
  options: readonly PickerOption[];
  /** Why a connection's group has no models to show (before any search). */
  status: PickerGroupStatus;
}

/** Lower case without diacritics: "Mistral Médium" and "mistral medium" compare equal. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function optionMatches(option: Pick<PickerOption, 'modelId' | 'connectionName'>, query: string): boolean {
  const folded = foldText(query.trim());
  if (folded === '') return true;
  return foldText(option.modelId).includes(folded) || foldText(option.connectionName).includes(folded);
}

function statusOf({ connection, list }: ModelOptionGroup): PickerGroupStatus {
  if (connection.pending) return 'pending';
  if (list.ids.length > 0) return 'ok';
  if (list.status === 'error') return 'failed';
  return list.status === 'ready' ? 'empty' : 'loading';
}

/**
 * The groups to show for `query`: "Recent" (the recently used models that a connection still
 * lists, most recent first), then each connection in the user's order, then each connection's
 * embedding models (as its server said, else by name), apart. While searching, groups
 * without a match are left out; without a search, a connection without models still shows why.
 */
export function pickerGroups(groups: readonly ModelOptionGroup[], recent: readonly string[], query: string): PickerGroup[] {
  const searching = query.trim() !== '';
  const byRef = new Map<string, PickerOption>();
  const embeddingGroups: PickerGroup[] = [];
  const connectionGroups: PickerGroup[] = groups.map((group) => {
    const options = group.options.map((option) => {
      const item: PickerOption = { key: option.ref, ref: option.ref, modelId: option.modelId, connectionName: group.connection.name };
      byRef.set(option.ref, item);
      return item;
    });
    const embedding = group.list.embedding ?? {};
    const matching = options.filter((option) => optionMatches(option, query));
    const apart = matching.filter((option) => Object.hasOwn(embedding, option.modelId));
    if (apart.length > 0) embeddingGroups.push({ id: `embedding:${group.connection.id}`, kind: 'embedding', label: group.connection.name, options: apart, status: 'ok' });
    return {
      id: group.connection.id,
      label: group.connection.name,
      options: matching.filter((option) => !Object.hasOwn(embedding, option.modelId)),
      // A server that lists only embedding models has none to chat with: it says so.
      status: options.length > 0 && options.every((option) => Object.hasOwn(embedding, option.modelId)) ? 'empty' : statusOf(group),
    };
  });
  const recentOptions = recent
    .map((ref) => byRef.get(ref))
    .filter((option): option is PickerOption => option !== undefined && optionMatches(option, query))
    .map((option) => ({ ...option, key: `recent:${option.ref}` }));
  const all: PickerGroup[] = [
    ...(recentOptions.length > 0 ? [{ id: 'recent', label: '', options: recentOptions, status: 'ok' as const }] : []),
    ...connectionGroups,
    ...embeddingGroups,
  ];
  return searching ? all.filter((group) => group.options.length > 0) : all;
}

/** The options in the order the arrow keys walk them. */
export function flatOptions(groups: readonly PickerGroup[]): PickerOption[] {
  return groups.flatMap((group) => group.options);
}

/** What the list needs of a preset. */
export interface PickerPreset {
  id: string;
  name: string;
  model?: string;
}

/** The presets matching `query` (by name or model, like models), as the group listed above the models; none: no group. */
export function presetGroup(presets: readonly PickerPreset[], query: string): PickerGroup[] {
  const options = presets
    .map((preset): PickerOption => ({ key: `preset:${preset.id}`, ref: `preset:${preset.id}`, modelId: preset.name, connectionName: preset.model?.slice(preset.model.indexOf('/') + 1) ?? '', presetId: preset.id }))
    .filter((option) => optionMatches(option, query));
  return options.length > 0 ? [{ id: 'presets', label: '', options, status: 'ok' }] : [];
}
