// One number field of a chat's settings (temperature, maximum tokens, thinking budget): label, input and
// its hint or error. Chat settings use it, and so do Settings' defaults and presets (`look: 'settings'`).
import type { Ref } from 'react';

/** Each form's own classes: the field's box, the input, the hint and the error. */
const LOOKS = {
  chat: { field: 'chat-settings-form__field', input: 'chat-settings-form__input chat-settings-form__number', hint: 'chat-settings-form__hint', error: 'chat-settings-form__error' },
  settings: { field: 'settings-field', input: 'settings-input settings-number', hint: 'settings-hint', error: 'settings-error' },
} as const;

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
  onBlur?(): void;
  /** Whose form it sits in: Chat settings (the default) or Settings. */
  look?: keyof typeof LOOKS;
}

export function ChatSettingsNumber({ id, label, value, onChange, note, invalid, min, max, step, inputMode, placeholder, inputRef, onBlur, look = 'chat' }: ChatSettingsNumberProps) {
  const classes = LOOKS[look];
  return (
    <div className={classes.field}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        className={classes.input}
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
        onBlur={onBlur}
      />
      <p id={`${id}Hint`} className={invalid ? classes.error : classes.hint}>
        {note}
      </p>
    </div>
  );
}
