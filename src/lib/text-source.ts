/** A text kept outside React (a message box's draft), and how a component reads one value of it. */
import { useSyncExternalStore } from 'react';

/**
 * The text lives here, not in a component's state: the box writes each keystroke to it and
 * nothing renders (issue 34); whoever shows something of it subscribes to that alone.
 */
export interface TextSource {
  /** The text now; undefined while it is still loading. */
  get(): string | undefined;
  set(text: string): void;
  subscribe(listener: () => void): () => void;
}

/** A value worked out from the text: the component renders again only when it changes (so a primitive). */
export function useTextValue<T>(source: TextSource, select: (text: string | undefined) => T): T {
  const read = () => select(source.get());
  return useSyncExternalStore(source.subscribe, read, read);
}
