import { useCallback, useEffect, useId, useRef, useState, type ComponentPropsWithRef } from 'react';
import { getConnectionsStore, modelIdOf, parseModelRef, useModelOptions, type ModelOptionGroup } from '../../chat/connections';
import { t } from '../../i18n';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import { useComposedRefs } from '../../lib/compose-refs';
import { Icon } from '../../ui/icon';
import type { Chat } from '../../chat/types';
import type { ModelPickerPopover } from './model-picker-popover';
import { handleModelPickerRequests } from './model-picker-request';
import './model-picker.css';

/** A list older than this is asked for again when the picker is opened (models get pulled and removed). */
export const MODEL_LIST_STALE_MS = 60_000;

export interface ModelPickerProps extends Omit<ComponentPropsWithRef<'button'>, 'value' | 'defaultValue' | 'onChange' | 'children' | 'type'> {
  /** The chosen model reference (`{connectionId}/{modelId}`); undefined: none yet. */
  value: string | undefined;
  onValueChange(ref: string): void;
  /** The accessible name when no visible label points at the picker (default: "Model"). */
  label?: string;
  /** Opens when the page asks (requestModelPicker): the one picker that chooses the chat's model. */
  opensOnRequest?: boolean;
  /** The chosen preset's name, shown instead of the model (issue 23). */
  preset?: string;
  /** Lists the user's presets above the models; picking one calls this. */
  onPresetPick?(choice: PresetChoice): void;
}

/** A preset picked in the list: its name, and what a chat started with it takes (presetPatch). */
export interface PresetChoice {
  name: string;
  settings: Partial<Chat>;
}

let Popover: typeof ModelPickerPopover | undefined;
let loadingPopover: Promise<typeof ModelPickerPopover> | undefined;

/**
 * Fetches the list's code (search, grouping, placement) the first time a picker is pointed at,
 * focused or opened, not with the first screen (issue 12). A failed load is tried again next time.
 */
export function preloadModelPickerPopover(): Promise<typeof ModelPickerPopover> {
  loadingPopover ??= import('./model-picker-popover').then(
    (module) => (Popover = module.ModelPickerPopover),
    (error: unknown) => {
      loadingPopover = undefined;
      throw error;
    },
  );
  return loadingPopover;
}

/** The popover once its code is here: re-renders the picker when it arrives; `onFailed` closes the request. */
function useLoadedPopover(wanted: boolean, onFailed: () => void): typeof ModelPickerPopover | undefined {
  const [loaded, setLoaded] = useState(() => Popover);
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let live = true;
    preloadModelPickerPopover().then(
      (component) => live && setLoaded(() => component),
      () => live && onFailed(),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, onFailed]);
  return loaded ?? Popover;
}

const warmPopover = () => void preloadModelPickerPopover().catch(() => {});

/** `unavailable`: the chosen model's connection was removed; sending must wait for another pick. */
export type ModelPickerState = 'loading' | 'ready' | 'empty' | 'unavailable';

/** Lists worth asking for again when the picker is opened: never asked, failed, or old. */
function refreshable(groups: readonly ModelOptionGroup[], now: number): string[] {
  return groups
    .filter(({ list }) => {
      if (list.status === 'idle' || list.status === 'error') return true;
      return list.status === 'ready' && now - (list.loadedAt ?? 0) > MODEL_LIST_STALE_MS;
    })
    .map(({ connection }) => connection.id);
}

/** Whether `ref` names a model whose connection is gone (a bare id from before connections is not). */
export function isModelUnavailable(ref: string | undefined, groups: readonly Pick<ModelOptionGroup, 'connection'>[]): boolean {
  const connectionId = parseModelRef(ref)?.connectionId;
  return connectionId !== undefined && !groups.some(({ connection }) => connection.id === connectionId);
}

/**
 * The model picker (SPEC B3, B4): a button showing the current model that opens a searchable
 * list (recently used first, then each connection's models), usable with hundreds of models.
 * Lists load when the picker first shows and again when it is opened (if missing, failed or old).
 */
export function ModelPicker({
  value,
  onValueChange,
  label,
  opensOnRequest = false,
  preset,
  onPresetPick,
  className,
  disabled,
  id,
  ref,
  onClick,
  onKeyDown,
  onPointerEnter,
  onFocus,
  ...rest
}: ModelPickerProps) {
  const groups = useModelOptions();
  const store = getConnectionsStore();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const LoadedPopover = useLoadedPopover(open, close);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const mergedRef = useComposedRefs(ref, triggerRef);
  const generated = useId();
  const triggerId = id ?? `${generated}trigger`;
  const popoverId = `${generated}popover`;
  const valueId = `${generated}value`;
  const labelId = `${generated}label`;

  // A string, so the effect runs when the set of lists never asked for changes, not on every render.
  const neverAsked = JSON.stringify(groups.filter(({ list, connection }) => list.status === 'idle' && !connection.pending).map(({ connection }) => connection.id));
  useEffect(() => {
    for (const connectionId of JSON.parse(neverAsked) as string[]) void store.refreshModels(connectionId);
  }, [neverAsked, store]);

  const unavailable = isModelUnavailable(value, groups);
  const listed = groups.some(({ options }) => options.length > 0);
  const state: ModelPickerState = unavailable
    ? 'unavailable'
    : groups.some(({ list }) => list.status === 'loading')
      ? 'loading'
      : listed || value
        ? 'ready'
        : 'empty';
  const nothing = groups.length === 0 && !value;
  const text =
    preset ||
    (!value
      ? nothing
        ? t('modelPicker.none')
        : t('modelPicker.choose')
      : unavailable
        ? t('modelPicker.unavailable', { model: modelIdOf(value) })
        : modelIdOf(value));

  const show = () => {
    for (const connectionId of refreshable(groups, Date.now())) void store.refreshModels(connectionId);
    setOpen(true);
  };
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (!opensOnRequest) return undefined;
    return handleModelPickerRequests(() => {
      triggerRef.current?.scrollIntoView?.({ block: 'nearest' });
      showRef.current();
    });
  }, [opensOnRequest]);
  const dismiss = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);
  const pick = (ref: string) => {
    dismiss(true);
    if (ref !== value) onValueChange(ref);
  };
  const labelledBy = rest['aria-labelledby'];

  return (
    <>
      <button
        {...rest}
        ref={mergedRef}
        id={triggerId}
        type="button"
        className={className ? `model-picker ${className}` : 'model-picker'}
        data-state={state}
        disabled={disabled || nothing}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open && LoadedPopover ? popoverId : undefined}
        aria-labelledby={`${labelledBy ?? labelId} ${valueId}`}
        onPointerEnter={composeEventHandlers(onPointerEnter, warmPopover)}
        onFocus={composeEventHandlers(onFocus, warmPopover)}
        onClick={composeEventHandlers(onClick, () => (open ? dismiss(false) : show()))}
        onKeyDown={composeEventHandlers(onKeyDown, (event) => {
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            show();
          }
        })}
      >
        {!labelledBy && (
          <span id={labelId} className="visually-hidden">
            {label ?? t('modelPicker.label')}
          </span>
        )}
        {unavailable && <Icon name="lucide:triangle-alert" className="model-picker__warning" />}
        <span id={valueId} className="model-picker__value">
          {text}
        </span>
        <Icon name="lucide:chevrons-up-down" className="model-picker__chevron" />
      </button>
      {open && LoadedPopover && (
        <LoadedPopover
          id={popoverId}
          groups={groups}
          value={value}
          unavailable={unavailable}
          triggerRef={triggerRef}
          onPick={pick}
          onPresetPick={onPresetPick}
          onDismiss={dismiss}
        />
      )}
    </>
  );
}
