/** Asks the chat page to open the Compare dialog (issue 38): from the model picker, the message box's note, or a reply's Regenerate menu. */
import { useSyncExternalStore } from 'react';

export interface CompareRequest {
  chatId: string;
  /** Regenerate's "Compare with other models…": the reply the chosen models answer beside. */
  replyId?: string;
  /** Where focus goes back when the dialog closes. */
  returnTo?: HTMLElement | null;
}

let request: CompareRequest | undefined;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());

export function requestCompare(next: CompareRequest): void {
  request = next;
  tell();
}

export function closeCompare(): void {
  request = undefined;
  tell();
}

const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/** The open request, if any. */
export const useCompareRequest = (): CompareRequest | undefined => useSyncExternalStore(subscribe, () => request);
