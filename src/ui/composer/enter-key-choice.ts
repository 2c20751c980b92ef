// Changing the Enter key's choice (Settings): kept apart from enter-key.ts, which the first
// screen loads, so the writer travels with the settings chunk.
import { useSyncExternalStore } from 'react';
import { ENTER_KEY_STORAGE_KEY, readEnterKeyChoice, type EnterKeyChoice } from './enter-key';

const listeners = new Set<() => void>();

/** Saves the choice on this device; the message box reads it at the next key press. */
export function saveEnterKeyChoice(choice: EnterKeyChoice): void {
  try {
    if (choice === 'auto') localStorage.removeItem(ENTER_KEY_STORAGE_KEY);
    else localStorage.setItem(ENTER_KEY_STORAGE_KEY, choice);
  } catch {
    // Storage disabled: nothing can hold the choice, and the field shows what still applies.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The saved choice, `auto` for anything else stored. */
function savedChoice(): EnterKeyChoice {
  const saved = readEnterKeyChoice();
  return saved === 'send' || saved === 'newline' ? saved : 'auto';
}

/** The saved choice, following changes here and in other tabs. */
export function useEnterKeyChoice(): EnterKeyChoice {
  return useSyncExternalStore(subscribe, savedChoice, () => 'auto');
}
