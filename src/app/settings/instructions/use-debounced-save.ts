/** Saves what is typed a moment after the typing stops, and at once when the field is left or the section closes. */
import { useCallback, useEffect, useRef } from 'react';

/** Long enough not to write on every key, short enough that closing the tab loses nothing typed a breath ago. */
export const SAVE_DELAY_MS = 400;

export interface DebouncedSave<T> {
  /** The latest value, written after SAVE_DELAY_MS of quiet. */
  schedule(value: T): void;
  /** Writes a waiting value now. */
  flush(): void;
}

export function useDebouncedSave<T>(save: (value: T) => void, delay = SAVE_DELAY_MS): DebouncedSave<T> {
  const saveRef = useRef(save);
  saveRef.current = save;
  const waiting = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = waiting.current;
    waiting.current = null;
    if (next) saveRef.current(next.value);
  }, []);
  const schedule = useCallback(
    (value: T) => {
      waiting.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );
  // Closing Settings mid-sentence still keeps the sentence.
  useEffect(() => flush, [flush]);
  return { schedule, flush };
}
