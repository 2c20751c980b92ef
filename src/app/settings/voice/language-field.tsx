// Settings → Voice: the language spoken, empty to let the engine detect it; a code it cannot use
// is refused (and said so) rather than saved as "detect".
import { useEffect, useId, useState } from 'react';
import { t } from '../shared/settings-text';

/** What readVoiceSettings keeps: `en`, `pt-BR`, or '' (detected). */
const LANGUAGE = /^([a-z]{2,3}(-[A-Za-z]{2,4})?)?$/;

export function LanguageField({ value, onChange }: { value: string; onChange(language: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const invalid = !LANGUAGE.test(text.trim());
  useEffect(() => setText((typed) => (typed.trim() === value ? typed : value)), [value]);
  return (
    <div className="settings-field voice-language">
      <label htmlFor={`${id}language`}>{t('voiceSettings.language')}</label>
      <input
        id={`${id}language`}
        className="settings-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        placeholder="en"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}error ${id}hint` : `${id}hint`}
        onChange={(event) => {
          setText(event.target.value);
          if (LANGUAGE.test(event.target.value.trim())) onChange(event.target.value.trim());
        }}
      />
      {invalid && (
        <p id={`${id}error`} className="settings-error">
          {t('voiceSettings.language.invalid')}
        </p>
      )}
      <p id={`${id}hint`} className="settings-hint">
        {t('voiceSettings.language.hint')}
      </p>
    </div>
  );
}
