// The search presets of the add-server form (issue 37): one button each; the chosen one's key field and how to run it.
import { useId } from 'react';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';
import { presetCommand, SEARCH_PRESETS, type SearchPreset } from './search-presets';

export interface PresetPickerProps {
  chosen: SearchPreset | undefined;
  onChoose(preset: SearchPreset): void;
}

/** "Search servers": SearXNG, Brave Search, Exa, as pressed-or-not buttons (choosing one fills the form). */
export function PresetPicker({ chosen, onChoose }: PresetPickerProps) {
  const id = useId();
  return (
    <div className="settings-field tools-presets" role="group" aria-labelledby={`${id}label`} aria-describedby={`${id}hint`}>
      <span id={`${id}label`} className="tools-presets__label">
        {t('tools.preset.label')}
      </span>
      <p id={`${id}hint`} className="settings-hint">
        {t('tools.preset.hint')}
      </p>
      <div className="tools-presets__choices">
        {SEARCH_PRESETS.map((preset) => (
          <Button key={preset.id} variant={chosen?.id === preset.id ? 'solid' : 'outline'} color="neutral" size="sm" aria-pressed={chosen?.id === preset.id} onClick={() => onChoose(preset)}>
            {preset.name}
          </Button>
        ))}
      </div>
    </div>
  );
}

export interface PresetKeyFieldProps {
  preset: SearchPreset;
  value: string;
  onChange(value: string): void;
  inputRef: (element: HTMLInputElement | null) => void;
}

/** The chosen preset's key (where it goes is said under it), and the command that runs it locally. */
export function PresetKeyField({ preset, value, onChange, inputRef }: PresetKeyFieldProps) {
  const id = useId();
  const command = presetCommand(preset, value, window.location.origin);
  const where = preset.key.in === 'query' ? t('tools.preset.key.query', { name: preset.key.name }) : preset.key.in === 'header' ? t('tools.preset.key.header', { name: preset.key.name }) : t('tools.preset.key.command');
  return (
    <div className="settings-field">
      <label htmlFor={`${id}key`}>{preset.key.in === 'header' && preset.key.optional ? t('tools.preset.token', { name: preset.name }) : t('tools.preset.key', { name: preset.name })}</label>
      <input
        ref={inputRef}
        id={`${id}key`}
        className="settings-input"
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}where${command ? ` ${id}run` : ''}`}
      />
      <p id={`${id}where`} className="settings-hint">
        {where} {t(`tools.preset.about.${preset.id}`)}
      </p>
      {command && (
        <div id={`${id}run`} className="tools-presets__run">
          <p className="settings-hint">{t('tools.preset.run')}</p>
          <pre className="tools-failure__headers">
            <code>{command}</code>
          </pre>
        </div>
      )}
    </div>
  );
}
