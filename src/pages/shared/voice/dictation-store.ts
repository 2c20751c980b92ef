// The message boxes' dictation (issue 39) outside React: one at a time in the app, its state for the
// microphone button, and the words it heard handed to the box that asked. Its engine code loads with
// the first press; until then nothing of voice is fetched, and the microphone is never asked for.
import { useSyncExternalStore } from 'react';
import { loadOnce } from '../../../lib/load-once';
import type { Dictation } from './dictation';

export type DictationStatus = 'idle' | 'starting' | 'recording' | 'transcribing' | 'error';

export interface DictationSnapshot {
  status: DictationStatus;
  /** The box dictating (its draft key). */
  owner?: string;
  /** In 'error': what went wrong, in words a person can act on. */
  problem?: string;
  /** The browser's recognition: the words so far. */
  interim?: string;
}

const IDLE: DictationSnapshot = { status: 'idle' };
let snapshot: DictationSnapshot = IDLE;
let current: Dictation | undefined;
/** Pressed again (or the key let go) before the microphone had opened. */
let finishWhenOpen = false;
const listeners = new Set<() => void>();
const set = (next: DictationSnapshot) => {
  snapshot = next;
  listeners.forEach((listener) => listener());
};

const loadDictation = loadOnce(() => import('./dictation'));

/**
 * Starts dictating into the box `owner`: `auto` stops when the speaker falls silent (a press of the
 * microphone), push-to-talk when `finishDictation` is called (the key let go). `onText` gets the
 * words once heard (not when none were).
 */
export async function startDictation(owner: string, auto: boolean, onText: (text: string) => void): Promise<void> {
  if (snapshot.status === 'starting' || snapshot.status === 'recording' || snapshot.status === 'transcribing') return;
  finishWhenOpen = false;
  set({ status: 'starting', owner });
  try {
    const { startDictation: start, dictationProblem } = await loadDictation();
    let dictation: Dictation;
    try {
      dictation = await start({
        auto,
        onState: (status) => set({ ...snapshot, status }),
        onInterim: (interim) => set({ ...snapshot, interim }),
      });
    } catch (error) {
      set({ status: 'error', owner, problem: dictationProblem(error) });
      return;
    }
    current = dictation;
    if (finishWhenOpen) dictation.finish();
    try {
      const text = (await dictation.text).trim();
      if (current === dictation) {
        current = undefined;
        set(IDLE);
        if (text) onText(text);
      }
    } catch (error) {
      if (current === dictation) {
        current = undefined;
        set({ status: 'error', owner, problem: dictationProblem(error) });
      }
    }
  } catch {
    // The voice code could not be fetched (offline before it was ever loaded).
    set({ status: 'error', owner, problem: 'Voice needs a connection the first time it is used.' });
  }
}

/** Ends the recording: its words come. */
export function finishDictation(): void {
  if (current) current.finish();
  else if (snapshot.status === 'starting') finishWhenOpen = true;
}

/** Ends it, keeping nothing; clears a problem shown. */
export function cancelDictation(): void {
  const dictation = current;
  current = undefined;
  dictation?.cancel();
  set(IDLE);
}

export const dictationLevel = (): number => current?.level() ?? 0;

const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
export const useDictation = (): DictationSnapshot => useSyncExternalStore(subscribe, () => snapshot);
