// The audio models and voices a server offers, for Settings → Voice's pickers (issue 39): the
// models come from /models, picked out by name (no server says which models take audio), the
// voices from Kokoro-FastAPI's GET /audio/voices where there is one, OpenAI's known list for
// OpenAI, else none (Settings then shows a text field).
import { createTransport, listModels, type ListModelsOptions, type OpenAiConnection } from '../wire';

/** Names of speech-to-text models: OpenAI's, Groq's, speaches' and whisper.cpp's ids, NVIDIA's, Moonshine. */
const TRANSCRIPTION_MODEL = /whisper|transcribe|\bstt\b|speech-to-text|parakeet|canary|moonshine|sensevoice|voxtral/i;
/** Names of text-to-speech models: OpenAI's tts-1 and gpt-4o-mini-tts, Kokoro, Piper, and the usual open ones. */
const SPEECH_MODEL = /tts|kokoro|piper|text-to-speech|xtts|bark|orpheus|melo|chatterbox|\bf5\b|sesame|\bdia\b|playai/i;

export interface AudioModels {
  transcription: string[];
  speech: string[];
}

/** The model ids that name a transcription or a speech model. */
export function audioModelsOf(ids: readonly string[]): AudioModels {
  return {
    transcription: ids.filter((id) => TRANSCRIPTION_MODEL.test(id) && !/tts/i.test(id)),
    speech: ids.filter((id) => SPEECH_MODEL.test(id) && !TRANSCRIPTION_MODEL.test(id)),
  };
}

/** GET {base}/models, picked for audio; rejects as listModels does (wire's errors). */
export async function listAudioModels(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<AudioModels> {
  return audioModelsOf(await listModels(connection, options));
}

/** OpenAI's voices for tts-1 and gpt-4o-mini-tts (all of them take the first nine). */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const;

export interface VoiceList {
  voices: string[];
  /** `server`: it said them; `known`: OpenAI's list; `none`: type one. */
  source: 'server' | 'known' | 'none';
}

/** The voice ids in a voices body: Kokoro-FastAPI's `{ voices: [...] }`, a bare list, entries with `id`/`voice_id`/`name`. */
export function voiceIdsOf(body: unknown): string[] | undefined {
  const list = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? ((body as Record<string, unknown>).voices ?? (body as Record<string, unknown>).data) : undefined;
  if (!Array.isArray(list)) return undefined;
  const ids = list
    .map((entry: unknown) => {
      if (typeof entry === 'string') return entry;
      if (typeof entry !== 'object' || entry === null) return undefined;
      const value = entry as Record<string, unknown>;
      return [value.voice_id, value.id, value.name].find((v): v is string => typeof v === 'string' && v !== '');
    })
    .filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

const isOpenAi = (connection: OpenAiConnection) => {
  try {
    return new URL(connection.baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
};

/** The voices to offer for `connection`: asked of the server, else known, else none. Never rejects but for an abort. */
export async function listVoices(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<VoiceList> {
  if (isOpenAi(connection)) return { voices: [...OPENAI_VOICES], source: 'known' };
  try {
    const response = await createTransport(connection, options).request('audio/voices', { method: 'GET', accept: 'application/json', signal: options.signal });
    if (response.ok) {
      const voices = voiceIdsOf(await response.json());
      if (voices?.length) return { voices, source: 'server' };
    } else void response.body?.cancel().catch(() => {});
  } catch (error) {
    if (options.signal?.aborted) throw error;
  }
  return { voices: [], source: 'none' };
}
