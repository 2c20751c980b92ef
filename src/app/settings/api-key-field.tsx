import { useId, useState } from 'react';
import { t } from '../../i18n';
import { Button } from '../../ui/button';

export interface ApiKeyFieldProps {
  value: string;
  onChange(value: string): void;
  /** When focus leaves the field or its toggle: the moment to save. */
  onBlur?: () => void;
  /** A hosted service that refuses requests without a key. */
  required?: boolean;
  id?: string;
}

/**
 * The API key: masked by default (someone may be looking at the screen), with a toggle button
 * (aria-pressed) to check what was pasted. The hint says where the key goes and where it is kept.
 */
export function ApiKeyField({ value, onChange, onBlur, required = false, id }: ApiKeyFieldProps) {
  const generated = useId();
  const inputId = id ?? `${generated}key`;
  const hintId = `${generated}hint`;
  const [shown, setShown] = useState(false);
  return (
    <div className="settings-field">
      <label htmlFor={inputId}>{required ? t('settings.apiKey.labelRequired') : t('settings.apiKey.label')}</label>
      <div className="api-key-field" data-state={shown ? 'shown' : 'hidden'}>
        <input
          id={inputId}
          className="settings-input"
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          aria-describedby={hintId}
          aria-required={required || undefined}
        />
        <Button
          icon={shown ? 'lucide:eye-off' : 'lucide:eye'}
          label={t('settings.apiKey.show')}
          aria-pressed={shown}
          aria-controls={inputId}
          variant="ghost"
          color="neutral"
          size="sm"
          onClick={() => setShown((now) => !now)}
        />
      </div>
      <p id={hintId} className="settings-hint">
        {t('settings.apiKey.hint')}
      </p>
    </div>
  );
}
