import { useEffect, type ComponentPropsWithRef } from 'react';
import {
  getConnectionsStore,
  modelIdOf,
  parseModelRef,
  useModelOptions,
  type ModelOptionGroup,
} from '../../chat/connections';
import { t } from '../../i18n';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import './model-picker.css';

/** A list older than this is asked for again when the picker is opened (models get pulled and removed). */
export const MODEL_LIST_STALE_MS = 60_000;

export interface ModelPickerProps extends Omit<ComponentPropsWithRef<'select'>, 'value' | 'defaultValue' | 'onChange' | 'children'> {
  /** The chosen model reference (`{connectionId}/{modelId}`); undefined: none yet. */
  value: string | undefined;
  onValueChange(ref: string): void;
  /** The accessible name when no visible label points at the picker (default: "Model"). */
  label?: string;
}

export type ModelPickerState = 'loading' | 'ready' | 'empty';

/** Lists worth asking for again when the picker is opened: never asked, failed, or old. */
function refreshable(groups: readonly ModelOptionGroup[], now: number): string[] {
  return groups
    .filter(({ list }) => {
      if (list.status === 'idle' || list.status === 'error') return true;
      return list.status === 'ready' && now - (list.loadedAt ?? 0) > MODEL_LIST_STALE_MS;
    })
    .map(({ connection }) => connection.id);
}

function statusOption(group: ModelOptionGroup) {
  if (group.options.length > 0) return null;
  const { status } = group.list;
  const text =
    status === 'error' ? t('modelPicker.failed') : status === 'ready' ? t('modelPicker.noModels') : t('modelPicker.loading');
  return (
    <option value={`status:${group.connection.id}`} disabled>
      {text}
    </option>
  );
}

/**
 * The model picker (SPEC B3, B4): a native <select> with one <optgroup> per connection, which
 * every browser and screen reader already knows how to operate. Lists load when the picker
 * first shows and again when it is focused or pressed (if they are missing, failed or old).
 */
export function ModelPicker({ value, onValueChange, label, className, onFocus, onPointerDown, disabled, ...rest }: ModelPickerProps) {
  const groups = useModelOptions();
  const store = getConnectionsStore();

  const refresh = () => {
    for (const id of refreshable(groups, Date.now())) void store.refreshModels(id);
  };
  // A string, so the effect runs when the set of lists never asked for changes, not on every render.
  const neverAsked = JSON.stringify(groups.filter(({ list }) => list.status === 'idle').map(({ connection }) => connection.id));
  useEffect(() => {
    for (const id of JSON.parse(neverAsked) as string[]) void store.refreshModels(id);
  }, [neverAsked, store]);

  // The chosen model may not be listed (lists not loaded yet, a model removed): it is still shown as the choice.
  const listed = groups.some(({ options }) => options.some((option) => option.ref === value));
  const unlisted = value && !listed ? value : undefined;
  const unlistedIn = parseModelRef(unlisted)?.connectionId;
  const unlistedHasGroup = groups.some(({ connection }) => connection.id === unlistedIn);
  const state: ModelPickerState = groups.some(({ list }) => list.status === 'loading')
    ? 'loading'
    : groups.some(({ options }) => options.length > 0) || value
      ? 'ready'
      : 'empty';
  const nothing = groups.length === 0 && !value;

  return (
    <select
      aria-label={rest['aria-labelledby'] ? undefined : (label ?? t('modelPicker.label'))}
      {...rest}
      className={className ? `model-picker ${className}` : 'model-picker'}
      data-state={state}
      disabled={disabled || nothing}
      value={value ?? ''}
      onChange={(event) => {
        if (event.target.value) onValueChange(event.target.value);
      }}
      onFocus={composeEventHandlers(onFocus, refresh)}
      onPointerDown={composeEventHandlers(onPointerDown, refresh)}
    >
      {!value && (
        <option value="" disabled>
          {nothing ? t('modelPicker.none') : t('modelPicker.choose')}
        </option>
      )}
      {unlisted && !unlistedHasGroup && (
        // A bare id from before connections goes to the default server; a reference's connection is gone.
        <option value={unlisted}>{unlistedIn === undefined ? unlisted : t('modelPicker.unavailable', { model: modelIdOf(unlisted) })}</option>
      )}
      {groups.map((group) => (
        <optgroup key={group.connection.id} label={group.connection.name}>
          {unlisted && unlistedIn === group.connection.id && <option value={unlisted}>{modelIdOf(unlisted)}</option>}
          {group.options.map((option) => (
            <option key={option.ref} value={option.ref}>
              {option.modelId}
            </option>
          ))}
          {statusOption(group)}
        </optgroup>
      ))}
    </select>
  );
}
