/**
 * Settings → Presets (issue 23): the user's presets — a name plus a model, system prompt,
 * temperature, maximum tokens and tool servers — listed, added, edited and deleted (with Undo).
 * Loaded with the section, not with Settings.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { modelIdOf } from '../../../chat/connections';
import { getLibraryStore, useLibrary } from '../../../chat/library';
import type { LibraryPreset } from '../../../chat/types';
import { ModelPicker } from '../../../pages/shared';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { undoAction } from '../../../ui/toast/undo-hotkey';
import { ChatDefaultsFields, draftOf, valuesOf, type SettingsDraft } from '../shared/chat-defaults-fields';
import { tn } from '../../../i18n/plural';
import { t } from '../shared/settings-text';
import { ADD_BUTTON } from '../shared/add-button';
import '../shared/library-settings.css';

/** What the list says of a preset, in a line. */
export function presetSummary(preset: LibraryPreset): string {
  const parts = [
    preset.model && t('library.presets.summaryModel', { model: modelIdOf(preset.model) }),
    preset.temperature !== undefined && t('library.presets.summaryTemperature', { value: preset.temperature }),
    preset.maxTokens !== undefined && tn('library.presets.summaryMaxTokens', preset.maxTokens),
    preset.thinkingBudget !== undefined && tn('library.presets.summaryThinking', preset.thinkingBudget),
    preset.reasoningEffort && t('library.presets.summaryEffort', { effort: t(`library.fields.reasoningEffort.${preset.reasoningEffort}`) }),
    preset.systemPrompt?.trim() && t('library.presets.summaryPrompt'),
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join(' · ') : t('library.presets.summaryNone');
}

/** `new`: the add form; an id: that preset's form; null: the list alone. */
type Editing = 'new' | string | null;

export default function PresetsSection() {
  const id = useId();
  const library = useLibrary();
  const [editing, setEditing] = useState<Editing>(null);
  const addRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const editingPreset = editing && editing !== 'new' ? library.presets.find((preset) => preset.id === editing) : undefined;

  const remove = async (preset: LibraryPreset) => {
    const undo = await getLibraryStore().remove(preset.id);
    addRef.current?.focus();
    if (!undo) return;
    toast.add({ title: t('library.presets.deleted', { name: preset.name }), icon: 'lucide:trash-2', actions: [undoAction(t('library.presets.undo'), () => void undo())] });
  };
  const closeForm = () => {
    setEditing(null);
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <section className="settings-section library-settings" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('library.presets.title')}</h3>
        <Button ref={addRef} {...ADD_BUTTON} disabled={editing !== null} onClick={() => setEditing('new')}>
          {t('library.presets.add')}
        </Button>
      </div>
      <p className="settings-hint">{t('library.presets.hint')}</p>
      {editing !== null && (editing === 'new' || editingPreset) && (
        <PresetForm key={editing} preset={editingPreset} onDone={closeForm} />
      )}
      {library.loaded && library.presets.length === 0 && editing === null && <p className="settings-hint">{t('library.presets.empty')}</p>}
      {library.presets.length > 0 && (
        <ul className="preset-list" aria-labelledby={`${id}heading`}>
          {library.presets.map((preset) => (
            <li key={preset.id} className="preset-item" data-preset={preset.id}>
              <div className="preset-item__text">
                <span className="preset-item__name">{preset.name}</span>
                <span className="preset-item__summary">{presetSummary(preset)}</span>
              </div>
              <Button
                size="sm"
                variant="ghost"
                color="neutral"
                icon="lucide:pencil"
                label={t('library.presets.edit', { name: preset.name })}
                disabled={editing !== null}
                onClick={() => setEditing(preset.id)}
              />
              <Button
                size="sm"
                variant="ghost"
                color="error"
                icon="lucide:trash-2"
                label={t('library.presets.delete', { name: preset.name })}
                disabled={editing !== null}
                onClick={() => void remove(preset)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Adds a preset (none given) or edits one; saved with its button, all fields checked first. */
function PresetForm({ preset, onDone }: { preset: LibraryPreset | undefined; onDone(): void }) {
  const id = useId();
  const [name, setName] = useState(preset?.name ?? '');
  const [model, setModel] = useState(preset?.model);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(preset));
  const [checked, setChecked] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const nameBad = checked && name.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const values = valuesOf(draft);
    if (name.trim() === '') return nameRef.current?.focus();
    if (!values.ok) return;
    const fields = { name: name.trim(), ...(model !== undefined && { model }), ...values.values };
    const store = getLibraryStore();
    if (preset) await store.put({ id: preset.id, kind: 'preset', createdAt: preset.createdAt, updatedAt: preset.updatedAt, ...fields });
    else await store.createPreset(fields);
    onDone();
  };

  return (
    <form className="preset-form" aria-labelledby={`${id}title`} onSubmit={(event) => void submit(event)} noValidate>
      <h4 id={`${id}title`}>{t(preset ? 'library.presets.editTitle' : 'library.presets.newTitle')}</h4>
      <div className="settings-field">
        <label htmlFor={`${id}name`}>{t('library.presets.name')}</label>
        <input
          ref={nameRef}
          id={`${id}name`}
          className="settings-input"
          value={name}
          autoComplete="off"
          aria-invalid={nameBad || undefined}
          aria-describedby={nameBad ? `${id}nameError` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameBad && (
          <p id={`${id}nameError`} className="settings-error">
            {t('library.presets.nameError')}
          </p>
        )}
      </div>
      <div className="settings-field">
        <label id={`${id}modelLabel`} htmlFor={`${id}model`}>
          {t('library.fields.model')}
        </label>
        <ModelPicker id={`${id}model`} aria-labelledby={`${id}modelLabel`} value={model} onValueChange={setModel} />
      </div>
      <ChatDefaultsFields owner="preset" draft={draft} onChange={setDraft} />
      <div className="preset-form__actions">
        <Button variant="outline" color="neutral" onClick={onDone}>
          {t('library.presets.cancel')}
        </Button>
        <Button type="submit">{t('library.presets.save')}</Button>
      </div>
    </form>
  );
}
