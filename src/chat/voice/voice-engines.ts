// The engines a device can choose from, and the one its settings choose (issue 39): the user's
// server and the browser's speech now; an in-browser model later registers itself here
// (`registerLocalEngines`) as engines of kind 'local', and Settings lists it with its download.
import type { OpenAiConnection } from '../wire';
import { BROWSER_ENGINE_ID, createBrowserSpeaker, createBrowserTranscriber } from './browser-engine';
import { createServerSpeaker, createServerTranscriber, SERVER_ENGINE_ID, type ServerSpeakerOptions } from './server-engine';
import type { VoiceSettings } from './voice-settings';
import type { SpeechEngine, TranscriptionEngine } from './voice-types';

/** What choosing needs besides the settings: a connection id → the connection to call (wire's shape). */
export interface EngineContext {
  connection(id: string): OpenAiConnection | undefined;
  /** Tests and the doctor: how the server engines fetch and play. */
  serverOptions?: Pick<ServerSpeakerOptions, 'fetch' | 'pageUrl' | 'probe' | 'play'>;
}

/** In-browser engines (kind 'local'): a later issue's Whisper or Kokoro adds itself with `registerLocalEngines`. */
const local = { transcribers: [] as TranscriptionEngine[], speakers: [] as SpeechEngine[] };

export function registerLocalEngines(engines: { transcribers?: TranscriptionEngine[]; speakers?: SpeechEngine[] }): void {
  local.transcribers.push(...(engines.transcribers ?? []));
  local.speakers.push(...(engines.speakers ?? []));
}

/** Every transcription engine this device could use, for Settings to list (each says its availability). */
export function transcriptionEngines(settings: VoiceSettings, context: EngineContext): TranscriptionEngine[] {
  const server = createServerTranscriber({ ...context.serverOptions, connection: context.connection(settings.transcriptionConnection), model: settings.transcriptionModel });
  return [server, createBrowserTranscriber(), ...local.transcribers];
}

export function speechEngines(settings: VoiceSettings, context: EngineContext): SpeechEngine[] {
  const server = createServerSpeaker({ ...context.serverOptions, connection: context.connection(settings.speechConnection), model: settings.speechModel });
  return [server, createBrowserSpeaker(undefined, settings.speechEngine === BROWSER_ENGINE_ID ? settings.voice || undefined : undefined), ...local.speakers];
}

/** The engine the settings choose; the server's when the chosen id is unknown (a model no longer registered). */
export function chosenTranscriber(settings: VoiceSettings, context: EngineContext): TranscriptionEngine {
  const engines = transcriptionEngines(settings, context);
  return engines.find((engine) => engine.id === settings.transcriptionEngine) ?? engines.find((engine) => engine.id === SERVER_ENGINE_ID)!;
}

export function chosenSpeaker(settings: VoiceSettings, context: EngineContext): SpeechEngine {
  const engines = speechEngines(settings, context);
  return engines.find((engine) => engine.id === settings.speechEngine) ?? engines.find((engine) => engine.id === SERVER_ENGINE_ID)!;
}
