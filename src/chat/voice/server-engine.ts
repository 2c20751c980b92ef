// The user's server as a voice engine (issue 39): POST {base}/audio/transcriptions (multipart: the
// recording, the model, the language) and POST {base}/audio/speech (JSON: model, input, voice,
// speed, format), through the connection's transport (wire/transport.ts: the key, the extra
// headers, mixed content, a failed fetch's diagnosis). Every failure becomes a VoiceError of its kind.
import { createTransport, isMixedContent, readLimitedText, readServerError, type OpenAiConnection, type TransportOptions } from '../wire';
import { audioFormatOf, recordingFileName } from './audio-format';
import { playAudioElement, settleOnce, type AudioPlayer } from './audio-playback';
import { VoiceError, voiceError, voiceErrorKindOf } from './voice-error';
import type { Availability, EngineInfo, RecordingTranscriber, SayOptions, SpeechEngine, TranscribeOptions, Utterance } from './voice-types';

export const SERVER_ENGINE_ID = 'server';
export const TRANSCRIPTIONS_PATH = 'audio/transcriptions';
export const SPEECH_PATH = 'audio/speech';
/** A minute of speech takes a CPU whisper.cpp server well under this; longer is a server that hangs. */
export const TRANSCRIBE_TIMEOUT_MS = 60_000;
/** One sentence's audio. */
export const SPEECH_TIMEOUT_MS = 30_000;

/** The formats /audio/speech offers that every browser plays. */
export type SpeechFormat = 'mp3' | 'wav';

export interface ServerEngineOptions extends TransportOptions {
  /** The connection (wire's shape, with the key only if it may be sent); undefined: none chosen. */
  connection: OpenAiConnection | undefined;
  /** The audio model: `whisper-1`, `tts-1`, `Systran/faster-whisper-small`, `kokoro`… */
  model: string;
  /** The whole request, body read included; TRANSCRIBE_TIMEOUT_MS / SPEECH_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

export interface ServerSpeakerOptions extends ServerEngineOptions {
  /** When the text names none: OpenAI's `alloy` by default, which Kokoro-FastAPI and speaches also map. */
  defaultVoice?: string;
  /** mp3 by default (smaller); wav for servers that only make it. */
  format?: SpeechFormat;
  /** How the audio is played; an HTMLAudioElement by default. */
  play?: AudioPlayer;
}

const serverInfo = (connection: OpenAiConnection | undefined, leaves: 'audio' | 'text'): EngineInfo => ({ leaves, to: 'server', address: connection?.baseUrl });

function serverAvailability({ connection, model }: ServerEngineOptions): Availability {
  if (!connection) return { available: false, reason: 'no-connection' };
  if (!model.trim()) return { available: false, reason: 'no-model' };
  return { available: true };
}

/** The caller's signal and the time limit in one; `timedOut` tells which fired. */
function withTimeout(signal: AbortSignal, ms: number): { signal: AbortSignal; timedOut: () => boolean } {
  const timeout = AbortSignal.timeout(ms);
  return { signal: AbortSignal.any([signal, timeout]), timedOut: () => timeout.aborted && !signal.aborted };
}

/** The server's own words from an error body: its JSON message, else the body's start. */
function serverMessageOf(text: string): string | undefined {
  try {
    const said = readServerError(JSON.parse(text))?.message;
    if (said) return said;
  } catch {
    // Not JSON: a proxy's page or plain text.
  }
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain ? plain.slice(0, 300) : undefined;
}

/**
 * One POST to an audio endpoint: the response when 2xx, else a VoiceError of its kind. The time
 * limit covers the body (`read`), so a server that sends headers and then stalls is slow too.
 */
async function post<T>(
  options: ServerEngineOptions,
  path: string,
  init: { body?: BodyInit; json?: unknown; accept: string },
  context: { signal: AbortSignal; timeoutMs: number; mimeType?: string },
  read: (response: Response, url: string) => Promise<T>,
): Promise<T> {
  const { connection } = options;
  if (!connection) throw voiceError('unavailable');
  const transport = createTransport(connection, options);
  const url = transport.url(path);
  const limit = withTimeout(context.signal, context.timeoutMs);
  const failed = (error: unknown): never => {
    if (limit.timedOut()) throw voiceError('timeout', { url, limitMs: context.timeoutMs, cause: error });
    if (context.signal.aborted || error instanceof VoiceError) throw error;
    const reason = (error as { reason?: string }).reason;
    throw voiceError('unreachable', { url, reason, cause: error });
  };
  let response: Response;
  try {
    response = await transport.request(path, { method: 'POST', ...init, signal: limit.signal });
  } catch (error) {
    return failed(error);
  }
  try {
    if (!response.ok) {
      const text = await readLimitedText(response);
      if (limit.timedOut()) throw new Error('timed out');
      const status = response.status;
      throw voiceError(voiceErrorKindOf(status, serverMessageOf(text)), { status, url, mimeType: context.mimeType, serverMessage: serverMessageOf(text) });
    }
    return await read(response, url);
  } catch (error) {
    return failed(error);
  }
}

/** The multipart body of a transcription: the file (named so its extension says its format), the model, the language. */
export function transcriptionForm(audio: Blob, model: string, language?: string): FormData {
  const form = new FormData();
  form.append('file', audio, recordingFileName(audio.type));
  form.append('model', model);
  if (language) form.append('language', language);
  form.append('response_format', 'json');
  return form;
}

export function createServerTranscriber(options: ServerEngineOptions): RecordingTranscriber {
  return {
    id: SERVER_ENGINE_ID,
    kind: 'server',
    input: 'recording',
    describe: () => serverInfo(options.connection, 'audio'),
    availability: () => serverAvailability(options),
    transcribe(audio: Blob, { signal, language }: TranscribeOptions) {
      const timeoutMs = options.timeoutMs ?? TRANSCRIBE_TIMEOUT_MS;
      return post(options, TRANSCRIPTIONS_PATH, { body: transcriptionForm(audio, options.model, language), accept: 'application/json' }, { signal, timeoutMs, mimeType: audio.type }, async (response, url) => {
        const text = await response.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          // whisper.cpp's server, asked by an older client, may answer plain text.
          if (!/^\s*[<{[]/.test(text)) return text.trim();
        }
        const said = (body as { text?: unknown } | undefined)?.text;
        if (typeof said !== 'string') throw voiceError('bad-response', { url });
        return said.trim();
      });
    },
  };
}

/** The JSON body of a speech request. */
export function speechRequest(text: string, model: string, voice: string, speed: number, format: SpeechFormat) {
  return { model, input: text, voice, speed, response_format: format };
}

/**
 * The speech of `text` as audio bytes, checked to be audio (its first bytes), or a VoiceError:
 * 'bad-audio' for a 200 whose bytes are not sound.
 */
export async function fetchSpeech(options: ServerSpeakerOptions, text: string, { voice, speed, signal }: Pick<SayOptions, 'voice' | 'speed' | 'signal'>): Promise<Blob> {
  const format = options.format ?? 'mp3';
  const json = speechRequest(text, options.model, voice || options.defaultVoice || 'alloy', speed, format);
  const timeoutMs = options.timeoutMs ?? SPEECH_TIMEOUT_MS;
  return post(options, SPEECH_PATH, { json, accept: 'audio/*' }, { signal, timeoutMs }, async (response, url) => {
    const bytes = new Uint8Array(await response.arrayBuffer());
    const found = audioFormatOf(bytes);
    if (!found) throw voiceError('bad-audio', { url });
    const type = response.headers.get('content-type')?.split(';')[0]?.trim();
    return new Blob([bytes], { type: type?.startsWith('audio/') ? type : `audio/${found === 'mp3' ? 'mpeg' : found}` });
  });
}

export function createServerSpeaker(options: ServerSpeakerOptions): SpeechEngine {
  const play = options.play ?? playAudioElement;
  return {
    id: SERVER_ENGINE_ID,
    kind: 'server',
    describe: () => serverInfo(options.connection, 'text'),
    availability: () => serverAvailability(options),
    say(text: string, sayOptions: SayOptions): Utterance {
      // Fetching, then playing: pause and stop apply to whichever is under way.
      const end = settleOnce();
      const stopped = new AbortController();
      const signal = AbortSignal.any([sayOptions.signal, stopped.signal]);
      let playing: Utterance | undefined;
      let paused = false;
      const stop = () => {
        stopped.abort();
        playing?.stop();
        end.resolve();
      };
      void (async () => {
        try {
          const audio = await fetchSpeech(options, text, { ...sayOptions, signal });
          if (signal.aborted) return end.resolve();
          playing = play(audio, { speed: sayOptions.speed, signal });
          if (paused) playing.pause();
          await playing.done;
          end.resolve();
        } catch (error) {
          if (signal.aborted) end.resolve();
          else end.reject(error);
        }
      })();
      return {
        done: end.done,
        pause() {
          paused = true;
          playing?.pause();
        },
        resume() {
          paused = false;
          playing?.resume();
        },
        stop,
      };
    },
  };
}

/** Whether the page can reach `connection` at all (mixed content blocks it before a request). */
export const blockedAsMixedContent = (connection: OpenAiConnection, pageUrl = globalThis.location?.href): boolean => isMixedContent(connection.baseUrl, pageUrl);
