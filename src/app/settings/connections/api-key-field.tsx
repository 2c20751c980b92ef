import { useId, useState } from 'react';
import { t } from '../shared/settings-text';
import { Button } from '../../../ui/button';

export interface ApiKeyFieldProps {
  value: string;
  onChange(value: string): void;
  /** When focus leaves the field or its toggle: the moment to save. */
  onBlur?: () => void;
  /** A hosted service that refuses requests without a key. */
  required?: boolean;
  /** The key is kept in memory for this session only (never stored). */
  sessionOnly: boolean;
  onSessionOnlyChange(sessionOnly: boolean): void;
  /** A session-only key from an earlier visit is gone: it must be typed again. */
  needsReentry?: boolean;
  id?: string;
}

const pageOrigin = () => (typeof location === 'undefined' ? '' : location.origin);

/**
 * The API key: masked by default (someone may be looking at the screen), with a toggle button
 * (aria-pressed) to check what was pasted. Beside it, where the key goes, who can read a stored
 * key (any page on this origin), and the choice to keep it for this session only.
 */
export function ApiKeyField({ value, onChange, onBlur, required = false, sessionOnly, onSessionOnlyChange, needsReentry = false, id }: ApiKeyFieldProps) {
  const generated = useId();
  const inputId = id ?? `${generated}key`;
  const hintId = `${generated}hint`;
  const storageId = `${generated}storage`;
  const reentryId = `${generated}reentry`;
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
          aria-describedby={[needsReentry && reentryId, hintId, storageId].filter(Boolean).join(' ')}
          aria-required={required || undefined}
          aria-invalid={(needsReentry && value === '') || undefined}
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
      {needsReentry && (
        <p id={reentryId} className="settings-error">
          {t('settings.apiKey.reenter')}
        </p>
      )}
      <p id={hintId} className="settings-hint">
        {t('settings.apiKey.hint')}
      </p>
      <label className="settings-check">
        <input type="checkbox" checked={sessionOnly} onChange={(event) => onSessionOnlyChange(event.target.checked)} />
        {t('settings.apiKey.sessionOnly')}
      </label>
      <p id={storageId} className="settings-hint" data-state={sessionOnly ? 'session' : 'stored'}>
        {sessionOnly ? t('settings.apiKey.sessionHint') : t('settings.apiKey.storedHint', { origin: pageOrigin() })}
      </p>
    </div>
  );
}
