// Read aloud's player (issue 39), one for the whole app: which reply is being read, how it stands,
// the sentences waiting, the Utterance being spoken. A module-level store outside React, so the
// thread's buttons, the chat page (stop on leaving) and the lazily loaded reading loop share it.
// Small on purpose: it loads with the chat page; the loop, the engines and the controls load with
// the first press (read-aloud-lazy.ts).
import type { SpeechEngine, Utterance, VoiceSettings } from '../../../../chat/voice';

export type ReaderState = 'idle' | 'loading' | 'speaking' | 'paused' | 'error';

export interface ReaderSnapshot {
  readonly state: ReaderState;
  /** The reply being read (or that failed to be); undefined when idle. */
  readonly messageId?: string;
  readonly chatId?: string;
  /** The speed the next sentence is said at. */
  readonly speed: number;
  /** Sentences complete and not yet said, in order. */
  readonly queue: readonly string[];
  /** The sentence being said (or fetched), if any. */
  readonly utterance?: Utterance;
  /** Why it stopped (a VoiceError's kind, or 'unknown'): state 'error'. */
  readonly errorKind?: string;
}

/** Where the engine and its settings come from: the pages' voice runtime, replaced by tests with a fake engine. */
export type SpeakerSource = () => Promise<{ engine: SpeechEngine; settings: VoiceSettings }>;

export const READ_ALOUD_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

const IDLE: ReaderSnapshot = { state: 'idle', speed: 1, queue: [] };

let snapshot: ReaderSnapshot = IDLE;
/** Aborted when the current reading ends for any reason: the loop, its subscriptions and its fetches stop with it. */
let session: AbortController | undefined;
/** A speed the user picked in this page's life: it wins over the settings' for later readings too. */
let pickedSpeed: number | undefined;
let speakerSource: SpeakerSource | undefined;
const listeners = new Set<() => void>();

export const getReader = (): ReaderSnapshot => snapshot;

export function subscribeReader(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes the current reading, if `signal` is still its session's (a stopped reading's loop changes nothing). */
export function updateReader(patch: Partial<ReaderSnapshot>, signal?: AbortSignal): void {
  if (signal && (signal.aborted || signal !== session?.signal)) return;
  snapshot = { ...snapshot, ...patch };
  for (const listener of [...listeners]) listener();
}

export const readerSpeed = (settingsSpeed: number): number => pickedSpeed ?? settingsSpeed;

/** Tests: a fresh player speaking with a fake engine (undefined: the voice runtime's). */
export function configureReadAloud(options: { speaker?: SpeakerSource }): void {
  stopReading();
  speakerSource = options.speaker;
  pickedSpeed = undefined;
  snapshot = IDLE;
}

/** The lazy part: the reading loop and the controls, with their strings. */
export const loadReadAloud = () => import('./read-aloud-lazy');

/** Reads `messageId` aloud from its first sentence, as it streams; any other reading stops first. */
export function startReading(chatId: string, messageId: string): void {
  stopReading();
  const controller = new AbortController();
  session = controller;
  updateReader({ state: 'loading', chatId, messageId, queue: [], utterance: undefined, errorKind: undefined, speed: pickedSpeed ?? snapshot.speed });
  loadReadAloud().then(
    (lazy) => lazy.readAloud({ chatId, messageId, signal: controller.signal, speaker: speakerSource }),
    // The chunk did not load (offline, a new version deployed): said like any failure.
    () => updateReader({ state: 'error', errorKind: 'unknown' }, controller.signal),
  );
}

export function pauseReading(): void {
  if (snapshot.state !== 'speaking') return;
  snapshot.utterance?.pause();
  updateReader({ state: 'paused' });
}

export function resumeReading(): void {
  if (snapshot.state !== 'paused') return;
  snapshot.utterance?.resume();
  updateReader({ state: 'speaking' });
}

/** Stops the reading (and clears a failed one's message). */
export function stopReading(): void {
  session?.abort();
  session = undefined;
  snapshot.utterance?.stop();
  if (snapshot !== IDLE) updateReader({ ...IDLE, speed: snapshot.speed });
}

/** Leaving a chat stops its reading. */
export function stopReadingIn(chatId: string): void {
  if (snapshot.chatId === chatId) stopReading();
}

/** From the next sentence on. */
export function setReadingSpeed(speed: number): void {
  pickedSpeed = speed;
  updateReader({ speed });
}
