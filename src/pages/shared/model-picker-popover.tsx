import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { ModelOptionGroup } from '../../chat/connections';
import { getModelPreferences, useModelPreferences } from '../../chat/connections/model-preferences-instance';
import { registerMessages, t, type MessageKey } from '../../i18n';
import { modelPickerList } from '../../i18n/en/model-picker-list';
import { librarySetup } from '../../i18n/en/library-setup';
import { presetPatch, useLibrary } from '../../chat/library';
import type { PresetChoice } from './model-picker';
import { placeMenu, type MenuPlacement } from '../../ui/menu';
import { flatOptions, pickerGroups, presetGroup, type PickerGroup, type PickerGroupStatus, type PickerOption } from './model-search';
import { tn } from '../../i18n/plural';
import { ACTION_REF_PREFIX, pickerActions } from './model-picker-actions';

// The list's strings come with it (issue 12): registered before it renders.
registerMessages({ ...modelPickerList, 'library.picker.presets': librarySetup['library.picker.presets'] });

export interface ModelPickerPopoverProps {
  id: string;
  groups: readonly ModelOptionGroup[];
  value: string | undefined;
  /** The chosen model's connection is gone: said at the top of the list. */
  unavailable: boolean;
  triggerRef: RefObject<HTMLElement | null>;
  onPick(ref: string): void;
  /** Given: the user's presets are listed above the models (issue 23), and picking one closes the list and calls it. */
  onPresetPick?(choice: PresetChoice): void;
  /** Close without picking; `returnFocus` puts focus back on the trigger. */
  onDismiss(returnFocus: boolean): void;
}

const NO_PRESETS: readonly never[] = [];

const STATUS_TEXT: Record<Exclude<PickerGroupStatus, 'ok'>, MessageKey> = {
  loading: 'modelPicker.loading',
  failed: 'modelPicker.failed',
  empty: 'modelPicker.noModels',
  pending: 'modelPicker.pending',
};

/** Where the popover goes: under the button (or above it), inside the viewport, its width fixed by CSS. */
function place(trigger: HTMLElement, popover: HTMLElement): MenuPlacement {
  const root = trigger.ownerDocument.documentElement;
  const win = trigger.ownerDocument.defaultView ?? window;
  return placeMenu({
    trigger: trigger.getBoundingClientRect(),
    menu: { width: popover.offsetWidth, height: popover.scrollHeight + popover.offsetHeight - popover.clientHeight },
    viewport: { width: root.clientWidth || win.innerWidth, height: root.clientHeight || win.innerHeight },
    align: 'start',
  });
}

/**
 * The open picker (WAI-ARIA combobox with a listbox popup): focus stays in the search field while
 * the arrow keys, Home and End move the active option (aria-activedescendant); Enter picks it,
 * Escape closes, both returning focus to the button. Portalled like a menu: into the button's
 * <dialog> (everything outside a modal is inert) or the body.
 */
export function ModelPickerPopover({ id, groups, value, unavailable, triggerRef, onPick: picked, onPresetPick, onDismiss }: ModelPickerPopoverProps) {
  // The recent models are the list's (and load with it): picking one moves it to the front.
  const { recentModels: recent } = useModelPreferences();
  const { presets: allPresets } = useLibrary();
  const presets = onPresetPick ? allPresets : NO_PRESETS;
  const onPick = (ref: string) => {
    const action = ref.startsWith(ACTION_REF_PREFIX) ? pickerActions().find((candidate) => ACTION_REF_PREFIX + candidate.id === ref) : undefined;
    if (action) {
      onDismiss(true);
      return action.run();
    }
    const preset = presets.find((candidate) => `preset:${candidate.id}` === ref);
    if (preset) {
      onDismiss(true);
      return onPresetPick?.({ name: preset.name, settings: presetPatch(preset) });
    }
    // Only a model chosen for a chat is a recent one, not one for titles, summaries or a preset: the
    // pickers that choose a chat's model (home, chat) are the ones offering presets.
    if (onPresetPick) getModelPreferences().noteUsed(ref);
    picked(ref);
  };
  const baseId = useId();
  const popoverRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => [...presetGroup(presets, query), ...pickerGroups(groups, recent, query), ...actionGroup(query)], [presets, groups, recent, query]);
  const options = useMemo(() => flatOptions(shown), [shown]);
  const [activeKey, setActiveKey] = useState<string | undefined>(() => {
    const all = flatOptions(pickerGroups(groups, recent, ''));
    // Presets are listed first, but the list opens on the current model.
    // The current model, in Recent when it is there (the list opens at its top, Recent showing), else where it is listed, else the first.
    return (all.find((option) => option.ref === value) ?? all[0])?.key;
  });
  const active = options.find((option) => option.key === activeKey) ?? options[0];
  const [placement, setPlacement] = useState<MenuPlacement | null>(null);
  const optionId = (option: PickerOption) => `${baseId}-${option.key}`;
  const listboxId = `${id}-listbox`;

  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    const popover = popoverRef.current;
    if (!trigger || !popover) return;
    const doc = trigger.ownerDocument;
    const win = doc.defaultView ?? window;
    const update = () => setPlacement(place(trigger, popover));
    update();
    win.addEventListener('resize', update);
    return () => win.removeEventListener('resize', update);
  }, [triggerRef]);

  const searchRef = useRef<HTMLInputElement>(null);
  const placed = placement !== null;
  useEffect(() => {
    // Once placed: until then the popover is hidden, and a hidden field cannot take focus.
    if (placed) searchRef.current?.focus();
  }, [placed]);

  useEffect(() => {
    if (active) popoverRef.current?.ownerDocument.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active?.key]);

  useEffect(() => {
    const doc = triggerRef.current?.ownerDocument ?? document;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      // The button toggles the popover itself; closing here would reopen it.
      if (target && (popoverRef.current?.contains(target) || triggerRef.current?.contains(target))) return;
      onDismiss(false);
    };
    doc.addEventListener('pointerdown', onPointerDown, true);
    return () => doc.removeEventListener('pointerdown', onPointerDown, true);
  }, [triggerRef, onDismiss]);

  const move = (index: number) => {
    const next = options[Math.max(0, Math.min(options.length - 1, index))];
    if (next) setActiveKey(next.key);
  };
  const at = active ? options.indexOf(active) : -1;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(at + 1),
      ArrowUp: () => move(at - 1),
      Home: () => move(0),
      End: () => move(options.length - 1),
      Enter: () => active && onPick(active.ref),
      Escape: () => onDismiss(true),
      // Tab leaves the picker where it opened, rather than at the end of the page it is portalled into.
      Tab: () => onDismiss(true),
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    // This Escape closed the picker: a dialog behind it must not close too.
    event.stopPropagation();
    action();
  };

  const style = placement ? ({ '--picker-x': `${placement.x}px`, '--picker-y': `${placement.y}px`, '--picker-max-height': `${placement.maxHeight}px` } as CSSProperties) : undefined;
  const trigger = triggerRef.current;
  const container = trigger?.closest('dialog') ?? trigger?.ownerDocument.body ?? document.body;
  const count = options.length;

  return createPortal(
    <div ref={popoverRef} id={id} className="model-picker__popover" data-state="open" data-placed={placement ? '' : undefined} data-side={placement?.side} style={style}>
      <input
        ref={searchRef}
        className="model-picker__search"
        type="search"
        role="combobox"
        aria-label={t('modelPicker.search')}
        aria-expanded="true"
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        placeholder={t('modelPicker.searchPlaceholder')}
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveKey(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {unavailable && <p className="model-picker__note">{t('modelPicker.unavailableHint')}</p>}
      <p className="visually-hidden" role="status">
        {query.trim() === '' ? '' : count === 0 ? t('modelPicker.noMatch', { query }) : tn('modelPicker.matches', count)}
      </p>
      <div id={listboxId} role="listbox" aria-label={t('modelPicker.models')} className="model-picker__list">
        {shown.map((group) => (
          <GroupView key={group.id} group={group} baseId={baseId} value={value} activeKey={active?.key} optionId={optionId} onPick={onPick} onHover={setActiveKey} />
        ))}
      </div>
      {count === 0 && query.trim() !== '' && (
        <p className="model-picker__empty" aria-hidden="true">
          {t('modelPicker.noMatch', { query })}
        </p>
      )}
    </div>,
    container,
  );
}

/** The page's actions (model-picker-actions.ts) as a last group, while no search is typed. */
function actionGroup(query: string): PickerGroup[] {
  const actions = pickerActions();
  if (actions.length === 0 || query.trim() !== '') return [];
  return [{ id: 'actions', label: '', status: 'ok', options: actions.map((action) => ({ key: `action-${action.id}`, ref: ACTION_REF_PREFIX + action.id, modelId: action.label, connectionName: '' })) }];
}

interface GroupViewProps {
  group: PickerGroup;
  baseId: string;
  value: string | undefined;
  activeKey: string | undefined;
  optionId(option: PickerOption): string;
  onPick(ref: string): void;
  onHover(key: string): void;
}

function GroupView({ group, baseId, value, activeKey, optionId, onPick, onHover }: GroupViewProps) {
  const labelId = `${baseId}-group-${group.id}`;
  const status = group.options.length === 0 && group.status !== 'ok' ? t(STATUS_TEXT[group.status]) : undefined;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="model-picker__group"
      data-group={group.id === 'recent' || group.id === 'presets' ? group.id : (group.kind ?? 'connection')}
    >
      <div id={labelId} role="presentation" className="model-picker__group-label">
        {group.id === 'actions' ? t('modelPicker.actions') : group.id === 'presets' ? t('library.picker.presets') : group.id === 'recent' ? t('modelPicker.recent') : group.kind === 'embedding' ? t('modelPicker.embedding', { connection: group.label }) : group.label}
      </div>
      {group.options.map((option) => (
        <div
          key={option.key}
          id={optionId(option)}
          role="option"
          aria-selected={option.ref === value}
          data-active={option.key === activeKey ? '' : undefined}
          className="model-picker__option"
          title={option.modelId}
          // The search field keeps focus: a press on an option must not take it away first.
          onPointerDown={(event) => event.preventDefault()}
          onClick={() => onPick(option.ref)}
          onPointerMove={() => option.key !== activeKey && onHover(option.key)}
        >
          <span className="model-picker__option-text">{option.modelId}</span>
          {(group.id === 'recent' || (group.id === 'presets' && option.connectionName !== '')) && <span className="model-picker__option-meta">{option.connectionName}</span>}
        </div>
      ))}
      {status && (
        <div role="option" aria-disabled="true" aria-selected="false" className="model-picker__status">
          {status}
        </div>
      )}
    </div>
  );
}
