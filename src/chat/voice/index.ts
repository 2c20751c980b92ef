// The voice room's door (issue 39, docs/voice.md): the engines that transcribe and speak (the
// user's server, the browser's own speech; an in-browser model plugs in as one more), their
// errors, Settings → Voice's store, the server's audio models and voices. Nothing of it is on the
// first screen: the chat page and Settings load this door with import(). The voice doctor loads
// with its own import() (loadVoiceDoctor). What is spoken of a reply (speakable text, the sentence
// stream) is markdown's: src/markdown/speakable-text.ts and sentence-stream.ts (chat may not import markdown).
export type {
  Availability,
  DownloadProgress,
  EngineInfo,
  EngineKind,
  ListenOptions,
  LiveTranscriber,
  RecordingTranscriber,
  SayOptions,
  SpeechEngine,
  TranscribeOptions,
  TranscriptionEngine,
  UnavailableReason,
  Utterance,
} from './voice-types';
export { isVoiceError, VoiceError, voiceError, voiceErrorKindOf, voiceErrorMessage, type VoiceErrorDetails, type VoiceErrorKind } from './voice-error';
export {
  createServerSpeaker,
  createServerTranscriber,
  fetchSpeech,
  speechRequest,
  transcriptionForm,
  SERVER_ENGINE_ID,
  SPEECH_PATH,
  SPEECH_TIMEOUT_MS,
  TRANSCRIBE_TIMEOUT_MS,
  TRANSCRIPTIONS_PATH,
  type ServerEngineOptions,
  type ServerSpeakerOptions,
  type SpeechFormat,
} from './server-engine';
export {
  BROWSER_ENGINE_ID,
  browserVoices,
  createBrowserSpeaker,
  createBrowserTranscriber,
  pickBrowserVoice,
  recognitionOf,
  recognitionVendor,
  type BrowserVoice,
  type RecognitionLike,
  type SpeechGlobals,
} from './browser-engine';
export { playAudioElement, type AudioPlayer } from './audio-playback';
export { audioFormatOf, recordingFileName, type AudioFormat } from './audio-format';
export { audioModelsOf, listAudioModels, listVoices, OPENAI_VOICES, voiceIdsOf, type AudioModels, type VoiceList } from './audio-catalog';
export { chosenSpeaker, chosenTranscriber, registerLocalEngines, speechEngines, transcriptionEngines, type EngineContext } from './voice-engines';
export {
  configureVoiceSettings,
  createVoiceSettingsStore,
  DEFAULT_VOICE_SETTINGS,
  getVoiceSettingsStore,
  MAX_SILENCE_MS,
  MAX_SPEED,
  MIN_SILENCE_MS,
  MIN_SPEED,
  readVoiceSettings,
  resetVoiceSettings,
  VOICE_SETTING,
  type VoiceEngineId,
  type VoiceSettings,
  type VoiceSettingsIo,
  type VoiceSettingsStore,
} from './voice-settings';
export type { AudioServerCheck, PageFacts, VoiceDiagnosis, VoiceDiagnosisKind } from './voice-doctor';

/** The voice doctor, loaded when first asked for (Settings → Voice's Check, a failed dictation). */
export const loadVoiceDoctor = () => import('./voice-doctor');

// Microphone capture, voice activity and the conversation loop.
export * from './capture';
