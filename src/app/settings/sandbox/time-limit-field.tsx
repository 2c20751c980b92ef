/** Settings → Code: the run's time limit, a whole number of seconds; what is out of range is said, never saved. */
import { useEffect, useId, useState } from 'react';
import { MAX_RUN_TIME_LIMIT_SECONDS, MIN_RUN_TIME_LIMIT_SECONDS } from '../../../chat/sandbox/sandbox-settings';
import { t } from '../shared/settings-text';

const isValid = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= MIN_RUN_TIME_LIMIT_SECONDS && Number(text) <= MAX_RUN_TIME_LIMIT_SECONDS;

export interface TimeLimitFieldProps {
  /** The saved limit, in seconds. */
  value: number;
  onChange(seconds: number): void;
}

/**
 * A valid number is applied as it is typed. An invalid one is kept in the field (so the user can
 * fix it) with a message saying what fits and that the saved limit still holds; the message waits
 * for the user to leave the field or press Enter, so clearing it to type a new number says nothing.
 */
export function TimeLimitField({ value, onChange }: TimeLimitFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(String(value));
    setInvalid(false);
  }, [value]);
  const check = () => setInvalid(!isValid(text));
  return (
    <div className="settings-field code-section__time-limit">
      <label htmlFor={`${id}limit`}>{t('codeSettings.timeLimit.label')}</label>
      <input
        id={`${id}limit`}
        className="settings-input"
        type="number"
        inputMode="numeric"
        min={MIN_RUN_TIME_LIMIT_SECONDS}
        max={MAX_RUN_TIME_LIMIT_SECONDS}
        step={1}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}error ${id}hint` : `${id}hint`}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (!isValid(next)) return;
          setInvalid(false);
          onChange(Number(next));
        }}
        onBlur={check}
        onKeyDown={(event) => {
          if (event.key === 'Enter') check();
        }}
      />
      {invalid && (
        <p id={`${id}error`} className="settings-error" role="alert">
          {t('codeSettings.timeLimit.invalid', { min: MIN_RUN_TIME_LIMIT_SECONDS, max: MAX_RUN_TIME_LIMIT_SECONDS, seconds: value })}
        </p>
      )}
      <p id={`${id}hint`} className="settings-hint">
        {t('codeSettings.timeLimit.hint')}
      </p>
    </div>
  );
}
