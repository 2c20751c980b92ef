/** The hidden file input behind a Settings button that reads a JSON file (a backup, a prompts file): the button is the control. */
import type { Ref } from 'react';

export interface JsonFileInputProps {
  ref: Ref<HTMLInputElement>;
  /** The button's name, for a reader that reaches the input anyway. */
  label: string;
  onFile(file: File): void;
}

export function JsonFileInput({ ref, label, onFile }: JsonFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept=".json,application/json"
      hidden
      tabIndex={-1}
      aria-label={label}
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Cleared, so choosing the same file again is a change too.
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
