// Settings → Voice (issue 39), this device's: which engines transcribe and speak, the server's
// connection, models and voice, the speed, the language, whether recordings are kept, and how long
// a silence ends a turn in a conversation. One settings row of the chat store (lib/settings-row.ts),
// not in a backup and not synced: a device's microphone, browser voices and servers are its own.
import { getChatStore } from '../store';
import { createSettingsRow, type SettingsRowIo } from '../../lib/settings-row';

/** The settings row the voice settings live in. */
export const VOICE_SETTING = 'voice';

/** `server`: the user's server; `browser`: the Web Speech API; later `local:<model>` for an in-browser model. */
export type VoiceEngineId = string;

export interface VoiceSettings {
  transcriptionEngine: VoiceEngineId;
  speechEngine: VoiceEngineId;
  /** The server engine's connection (a connection id), '' for none chosen. */
  transcriptionConnection: string;
  transcriptionModel: string;
  speechConnection: string;
  speechModel: string;
  /** The voice's id for the speech engine (a server's `alloy`, a browser voice's voiceURI), '' for its default. */
  voice: string;
  /** MIN_SPEED–MAX_SPEED. */
  speed: number;
  /** ISO 639-1 (`en`), '' to let the engine detect it. */
  language: string;
  /** Keep the recording with the message it became (backed up and synced like an attachment); off by default. */
  keepAudio: boolean;
  /** Conversation: this long a silence ends the speaker's turn. */
  silenceMs: number;
}

export const MIN_SPEED = 0.5;
export const MAX_SPEED = 2;
export const MIN_SILENCE_MS = 300;
export const MAX_SILENCE_MS = 5000;

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  transcriptionEngine: 'server',
  speechEngine: 'browser',
  transcriptionConnection: '',
  transcriptionModel: '',
  speechConnection: '',
  speechModel: '',
  voice: '',
  speed: 1,
  language: '',
  keepAudio: false,
  silenceMs: 1200,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An engine id as kept: `server`, `browser`, `local:…` (letters, digits, `-_.:/`), else undefined. */
const engineId = (value: unknown): string | undefined => (typeof value === 'string' && /^(server|browser|local:[\w.:/-]{1,100})$/.test(value) ? value : undefined);
const text = (value: unknown, max = 200): string | undefined => (typeof value === 'string' ? value.trim().slice(0, max) : undefined);
const within = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : undefined;
/** `en`, `pt-BR`: a BCP 47 tag's language and region, else ''. */
const languageTag = (value: unknown): string | undefined => (typeof value === 'string' && /^([a-z]{2,3}(-[A-Za-z]{2,4})?)?$/.test(value.trim()) ? value.trim() : undefined);

/** Stored (possibly old or hand-edited) data → settings; anything unreadable is its default. */
export function readVoiceSettings(value: unknown): VoiceSettings {
  if (!isRecord(value)) return DEFAULT_VOICE_SETTINGS;
  const d = DEFAULT_VOICE_SETTINGS;
  return {
    transcriptionEngine: engineId(value.transcriptionEngine) ?? d.transcriptionEngine,
    speechEngine: engineId(value.speechEngine) ?? d.speechEngine,
    transcriptionConnection: text(value.transcriptionConnection) ?? d.transcriptionConnection,
    transcriptionModel: text(value.transcriptionModel) ?? d.transcriptionModel,
    speechConnection: text(value.speechConnection) ?? d.speechConnection,
    speechModel: text(value.speechModel) ?? d.speechModel,
    voice: text(value.voice) ?? d.voice,
    speed: within(value.speed, MIN_SPEED, MAX_SPEED) ?? d.speed,
    language: languageTag(value.language) ?? d.language,
    keepAudio: value.keepAudio === true,
    silenceMs: Math.round(within(value.silenceMs, MIN_SILENCE_MS, MAX_SILENCE_MS) ?? d.silenceMs),
  };
}

export interface VoiceSettingsStore {
  /** Reads the stored settings; safe to call any number of times. */
  init(): Promise<void>;
  getSnapshot(): VoiceSettings;
  subscribe(listener: () => void): () => void;
  /** Changes some fields; each is kept as readVoiceSettings reads it (a speed of 3 is kept as 2, an unknown engine not at all). */
  update(patch: Partial<VoiceSettings>): Promise<void>;
}

export type VoiceSettingsIo = SettingsRowIo;

export function createVoiceSettingsStore(io: VoiceSettingsIo): VoiceSettingsStore {
  const row = createSettingsRow(io, VOICE_SETTING, readVoiceSettings, DEFAULT_VOICE_SETTINGS);
  return {
    init: row.init,
    getSnapshot: row.getSnapshot,
    subscribe: row.subscribe,
    update: (patch) => row.set(readVoiceSettings({ ...row.getSnapshot(), ...patch })),
  };
}

let instance: VoiceSettingsStore | undefined;
let configured: VoiceSettingsIo | undefined;

/** The app's chat store settings (this browser's), reached only when the store first loads or saves. */
const chatStoreSettings: VoiceSettingsIo = {
  load: (key) => getChatStore().getSetting(key),
  save: (key, value) => getChatStore().putSetting(key, value),
};

/** Where getVoiceSettingsStore's store keeps its row (tests pass their own); call before first use. */
export function configureVoiceSettings(io: VoiceSettingsIo): void {
  configured = io;
}

/** The app's one voice settings store, kept in the chat store's settings unless configured otherwise. */
export function getVoiceSettingsStore(): VoiceSettingsStore {
  instance ??= createVoiceSettingsStore(configured ?? chatStoreSettings);
  return instance;
}

/** For tests: forgets the store and its configuration; `next`, if given, becomes the one returned. */
export function resetVoiceSettings(next?: VoiceSettingsStore): void {
  instance = next;
  configured = undefined;
}
