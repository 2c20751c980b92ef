// One number field of Chat settings (temperature, maximum tokens, thinking budget): label, input and its hint or error.
import type { Ref } from 'react';

export interface ChatSettingsNumberProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Said under the field: the hint, or the error while the value is invalid. */
  note: string;
  invalid: boolean;
  min: number;
  max?: number;
  step: number;
  inputMode: 'numeric' | 'decimal';
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function ChatSettingsNumber({ id, label, value, onChange, note, invalid, min, max, step, inputMode, placeholder, inputRef }: ChatSettingsNumberProps) {
  return (
    <div className="chat-settings-form__field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        className="chat-settings-form__input chat-settings-form__number"
        type="number"
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        value={value}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}Hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}Hint`} className={invalid ? 'chat-settings-form__error' : 'chat-settings-form__hint'}>
        {note}
      </p>
    </div>
  );
}
