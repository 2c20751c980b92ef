// Settings → Voice: the server engine's fields: which connection (the default model's unless
// another is chosen), the model (suggested from the server's list, free text), and for speech the
// voice (a picker from the server's list, a text field when it lists none).
import { useEffect, useId, useState } from 'react';
import { connectionById, parseModelRef, type ConnectionsSnapshot } from '../../../chat/connections';
import type { VoiceList } from '../../../chat/voice';
import { t } from '../shared/settings-text';

export interface ConnectionFieldProps {
  snapshot: ConnectionsSnapshot;
  /** A connection id, '' for the default model's. */
  value: string;
  onChange(id: string): void;
}

export function ConnectionField({ snapshot, value, onChange }: ConnectionFieldProps) {
  const id = useId();
  const fallback = connectionById(snapshot, parseModelRef(snapshot.defaultModel)?.connectionId);
  // A chosen connection since removed stays chosen (the engine then has none, and says so): shown as gone, not as the default.
  const gone = value !== '' && !snapshot.connections.some((connection) => connection.id === value);
  return (
    <div className="settings-field">
      <label htmlFor={`${id}connection`}>{t('voiceSettings.connection')}</label>
      <select id={`${id}connection`} className="settings-input" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{fallback ? t('voiceSettings.connection.default', { name: fallback.name }) : t('voiceSettings.connection.defaultNone')}</option>
        {gone && <option value={value}>{t('voiceSettings.connection.gone')}</option>}
        {snapshot.connections.map((connection) => (
          <option key={connection.id} value={connection.id}>
            {connection.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A text field saved as it is typed, that keeps what is typed (the store trims) until the saved value really changes. */
function useTypedValue(value: string, onChange: (text: string) => void) {
  const [text, setText] = useState(value);
  useEffect(() => setText((typed) => (typed.trim() === value ? typed : value)), [value]);
  return {
    value: text,
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      onChange(event.target.value.trim());
    },
  };
}

export interface ModelFieldProps {
  value: string;
  /** What an empty field means (whisper-1, tts-1). */
  fallback: string;
  suggestions: readonly string[];
  onChange(model: string): void;
}

export function ModelField({ value, fallback, suggestions, onChange }: ModelFieldProps) {
  const id = useId();
  const typed = useTypedValue(value, onChange);
  return (
    <div className="settings-field">
      <label htmlFor={`${id}model`}>{t('voiceSettings.model')}</label>
      <input
        id={`${id}model`}
        className="settings-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={fallback}
        list={suggestions.length > 0 ? `${id}models` : undefined}
        aria-describedby={`${id}hint`}
        {...typed}
      />
      {suggestions.length > 0 && (
        <datalist id={`${id}models`}>
          {suggestions.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      )}
      <p id={`${id}hint`} className="settings-hint">
        {t('voiceSettings.model.hint', { model: fallback })}
      </p>
    </div>
  );
}

export interface ServerVoiceFieldProps {
  value: string;
  /** Undefined while the server is being asked. */
  list: VoiceList | undefined;
  onChange(voice: string): void;
}

/** The server's voices as a picker; a text field when it lists none. */
export function ServerVoiceField({ value, list, onChange }: ServerVoiceFieldProps) {
  const id = useId();
  const typed = useTypedValue(value, onChange);
  const voices = list?.voices ?? [];
  if (voices.length > 0) {
    // A voice typed before (or from another server) stays offered: choosing never drops it silently.
    const options = value && !voices.includes(value) ? [value, ...voices] : voices;
    return (
      <div className="settings-field">
        <label htmlFor={`${id}voice`}>{t('voiceSettings.voice')}</label>
        <select id={`${id}voice`} className="settings-input" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('voiceSettings.voice.serverDefault')}</option>
          {options.map((voice) => (
            <option key={voice} value={voice}>
              {voice}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="settings-field">
      <label htmlFor={`${id}voice`}>{t('voiceSettings.voice')}</label>
      <input id={`${id}voice`} className="settings-input" type="text" autoComplete="off" spellCheck={false} placeholder="alloy" aria-describedby={`${id}hint`} {...typed} />
      <p id={`${id}hint`} className="settings-hint">
        {t('voiceSettings.voice.typeHint')}
      </p>
    </div>
  );
}
