// The shapes every voice engine (issue 39) is: a transcriber turns speech into text, a speaker
// text into speech; each says what leaves the device and whether it can run here, so Settings
// → Voice can offer it honestly. An in-browser model (Whisper, Kokoro, Piper) is one more engine
// of kind 'local' with a download (`prepare`, its size and progress): nothing else changes.

/** Where an engine runs: the user's server, the browser's own speech, or a model in this page. */
export type EngineKind = 'server' | 'browser' | 'local';

/** Why an engine cannot run here now. */
export type UnavailableReason =
  /** The browser has no such API (Firefox has no SpeechRecognition). */
  | 'no-api'
  /** A server engine with no connection chosen, or the chosen one is gone. */
  | 'no-connection'
  /** A server engine with no model chosen. */
  | 'no-model'
  /** An in-browser model not yet downloaded: `prepare` fetches it. */
  | 'not-downloaded';

export type Availability = { available: true } | { available: false; reason: UnavailableReason };

/** What leaves the device while an engine runs, and to whom: for Settings' honest label and docs/voice.md. */
export interface EngineInfo {
  /** `audio`: the recording; `text`: the words to speak; `nothing`: all stays on this device. */
  leaves: 'nothing' | 'audio' | 'text';
  /** Who receives it: `server` (the user's own, `address`), `vendor` (the browser maker's cloud service, `vendorName`). */
  to?: 'server' | 'vendor';
  /** The server's address (a server engine). */
  address?: string;
  /** "Google", "Apple", "Microsoft": whose service the browser uses, where it can be told. */
  vendorName?: string;
  /** An in-browser model: how much it downloads once, and whether it is stored already. */
  download?: { bytes: number; stored: boolean };
}

/** A download's progress (an in-browser model's files): bytes so far of `total`. */
export type DownloadProgress = (loaded: number, total: number) => void;

interface EngineBase {
  /** Stable, kept in the settings: `server`, `browser`, later e.g. `local:whisper-base`. */
  readonly id: string;
  readonly kind: EngineKind;
  describe(): EngineInfo;
  availability(): Availability;
  /** Makes it ready (an in-browser model's download, with progress); absent when there is nothing to fetch. */
  prepare?(options: { signal: AbortSignal; onProgress?: DownloadProgress }): Promise<void>;
}

export interface TranscribeOptions {
  signal: AbortSignal;
  /** ISO 639-1 (`en`, `fr`); unset: the engine detects it. */
  language?: string;
}

/** An engine that takes a finished recording (the server's, an in-browser Whisper): capture records, then it transcribes. */
export interface RecordingTranscriber extends EngineBase {
  readonly input: 'recording';
  transcribe(audio: Blob, options: TranscribeOptions): Promise<string>;
}

export interface ListenOptions extends TranscribeOptions {
  /** The words so far while the speaker talks (not final). */
  onInterim?(text: string): void;
}

/**
 * An engine that listens to the microphone itself (the Web Speech API's recognition takes no
 * recording): capture does not record for it, and `listen` resolves with what was said once the
 * speaker stops (an empty string when nothing was), or the signal aborts it.
 */
export interface LiveTranscriber extends EngineBase {
  readonly input: 'live';
  listen(options: ListenOptions): Promise<string>;
}

export type TranscriptionEngine = RecordingTranscriber | LiveTranscriber;

export interface SayOptions {
  /** The engine's voice id (a server's `alloy`, a browser voice's voiceURI); unset: its default. */
  voice?: string;
  /** 0.5–2, 1 normal. */
  speed: number;
  /** ISO 639-1, for a browser's voice choice when no voice is set. */
  language?: string;
  signal: AbortSignal;
}

/** One text being spoken. */
export interface Utterance {
  /** Resolves when it has been said, or was stopped (stop() or the signal); rejects with a VoiceError when it could not be. */
  readonly done: Promise<void>;
  pause(): void;
  resume(): void;
  stop(): void;
}

export interface SpeechEngine extends EngineBase {
  say(text: string, options: SayOptions): Utterance;
}
