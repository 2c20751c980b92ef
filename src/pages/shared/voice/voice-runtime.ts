// What the pages speak and listen with (issue 39), loaded with the first use of voice (never with the
// first screen): the device's voice settings, and the engines they choose, wired to the user's connections.
// A setting left empty falls back to what the app already knows: the default model's connection, and
// the usual model names (whisper-1, tts-1) until Settings → Voice names others.
import { connectionById, getConnectionsStore, parseModelRef, toOpenAiConnection } from '../../../chat/connections';
import { chosenSpeaker, chosenTranscriber, getVoiceSettingsStore, type EngineContext, type SpeechEngine, type TranscriptionEngine, type VoiceSettings } from '../../../chat/voice';

export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';
export const DEFAULT_SPEECH_MODEL = 'tts-1';

/** The connections as the engines call them; '' is the default model's connection. */
export function voiceContext(): EngineContext {
  return {
    connection(id) {
      const snapshot = getConnectionsStore().getSnapshot();
      const connection = connectionById(snapshot, id || parseModelRef(snapshot.defaultModel)?.connectionId);
      return connection && toOpenAiConnection(connection);
    },
  };
}

/** The device's settings, read once, with the fallbacks above filled in. */
export async function voiceSettings(): Promise<VoiceSettings> {
  const store = getVoiceSettingsStore();
  await store.init();
  const settings = store.getSnapshot();
  return {
    ...settings,
    transcriptionModel: settings.transcriptionModel || DEFAULT_TRANSCRIPTION_MODEL,
    speechModel: settings.speechModel || DEFAULT_SPEECH_MODEL,
  };
}

export async function transcriber(): Promise<{ engine: TranscriptionEngine; settings: VoiceSettings }> {
  const settings = await voiceSettings();
  return { engine: chosenTranscriber(settings, voiceContext()), settings };
}

export async function speaker(): Promise<{ engine: SpeechEngine; settings: VoiceSettings }> {
  const settings = await voiceSettings();
  return { engine: chosenSpeaker(settings, voiceContext()), settings };
}
