// The voice doctor (issue 39): why voice cannot work here, told apart, each with its fix: no
// microphone outside a secure context (a page over plain http from another machine), no
// microphone API, the permission refused, no microphone, one in use; and the server's side, probed
// the way a dictation uses it: CORS on the audio endpoints, no audio endpoint, the key, a codec it
// refuses, audio it cannot make. Loaded with import() (the door's loadVoiceDoctor), never with a page.
import type { OpenAiConnection, TransportOptions } from '../wire';
import { createServerTranscriber, fetchSpeech } from './server-engine';
import { isVoiceError, type VoiceError } from './voice-error';

export type VoiceDiagnosisKind =
  | 'insecure-context'
  | 'no-microphone-api'
  | 'permission-denied'
  | 'blocked-by-policy'
  | 'no-microphone'
  | 'microphone-busy'
  | 'mixed-content'
  | 'no-cors'
  | 'unreachable'
  | 'no-audio-endpoint'
  | 'unauthorized'
  | 'codec-refused'
  | 'too-large'
  | 'server-error'
  | 'slow'
  | 'bad-audio'
  | 'bad-request'
  | 'working';

export interface VoiceDiagnosis {
  kind: VoiceDiagnosisKind;
  /** One line, in English: what is wrong, or that it works. */
  message: string;
  /** One line, in English: what to do about it. */
  fix?: string;
  status?: number;
  /** no-cors, insecure-context: this page's origin, which the fix names. */
  origin?: string;
  /** codec-refused: the recording's type the server refused. */
  mimeType?: string;
}

/** What the page knows of itself: passed in (tests), else read from the browser. */
export interface PageFacts {
  isSecureContext: boolean;
  /** navigator.mediaDevices.getUserMedia exists. */
  hasGetUserMedia: boolean;
  /** location.origin. */
  origin: string;
}

export const pageFacts = (): PageFacts => ({
  isSecureContext: globalThis.isSecureContext === true,
  hasGetUserMedia: typeof globalThis.navigator?.mediaDevices?.getUserMedia === 'function',
  origin: globalThis.location?.origin ?? '',
});

const CHROME_FLAG = 'chrome://flags/#unsafely-treat-insecure-origin-as-secure';

/**
 * Whether this page can ask for the microphone at all, before asking: browsers give it only to
 * secure contexts (https, or localhost), and hide navigator.mediaDevices elsewhere. Undefined: it can.
 */
export function microphoneSupport(facts: PageFacts = pageFacts()): VoiceDiagnosis | undefined {
  if (!facts.isSecureContext) {
    return {
      kind: 'insecure-context',
      origin: facts.origin,
      message: `Parley is open over plain http from another machine (${facts.origin}), and browsers allow the microphone only on https or on localhost.`,
      fix: `Serve Parley over https (a reverse proxy with a certificate), or open it as http://localhost on the machine that runs it; in Chrome, you may also list ${facts.origin} under ${CHROME_FLAG}.`,
    };
  }
  if (!facts.hasGetUserMedia) {
    return { kind: 'no-microphone-api', message: 'This browser gives pages no microphone (navigator.mediaDevices is missing).', fix: 'Open Parley in a current Chrome, Edge, Firefox or Safari, not an app’s built-in browser.' };
  }
  return undefined;
}

/** Why getUserMedia refused, from its DOMException's name. */
export function microphoneErrorDiagnosis(error: unknown): VoiceDiagnosis {
  const name = error instanceof Error || (typeof error === 'object' && error !== null) ? String((error as { name?: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
      return {
        kind: 'permission-denied',
        message: 'The microphone was refused for this site.',
        fix: 'Allow it again in the browser’s site settings (the icon left of the address, then Microphone → Allow), then try again; on a phone, also check that the browser may use the microphone in the system’s settings.',
      };
    case 'SecurityError':
      return { kind: 'blocked-by-policy', message: 'The page’s Permissions-Policy does not allow the microphone.', fix: 'The server must send Permissions-Policy with microphone=(self).' };
    case 'NotFoundError':
    case 'OverconstrainedError':
      return { kind: 'no-microphone', message: 'No microphone was found.', fix: 'Plug one in (or check that it is switched on), then try again.' };
    case 'NotReadableError':
    case 'AbortError':
      return { kind: 'microphone-busy', message: 'The microphone could not be opened: another app may be using it, or the system refused.', fix: 'Close other apps that use the microphone, or check the system’s privacy settings, then try again.' };
    default:
      return { kind: 'no-microphone-api', message: 'The microphone could not be opened.', fix: 'Reload the page and try again.' };
  }
}

/** The microphone permission's state where the browser says it ('granted', 'denied', 'prompt'); undefined where it cannot tell (Firefox, older Safari). */
export async function microphonePermission(permissions: Permissions | undefined = globalThis.navigator?.permissions): Promise<PermissionState | undefined> {
  try {
    return (await permissions?.query({ name: 'microphone' as PermissionName }))?.state;
  } catch {
    return undefined;
  }
}

/** A VoiceError from an audio endpoint, as a diagnosis. */
export function serverErrorDiagnosis(error: VoiceError, origin: string): VoiceDiagnosis {
  const { status, mimeType } = error;
  switch (error.kind) {
    case 'unreachable':
      if (error.reason === 'mixed-content') return { kind: 'mixed-content', message: 'Parley is open over https, and the browser blocks its requests to the server’s http address.', fix: 'Serve the audio server over https, or give its https address.' };
      if (error.reason === 'cors')
        return {
          kind: 'no-cors',
          origin,
          message: 'The server answers, but its audio endpoints send no Access-Control-Allow-Origin header, so the browser keeps their answers from Parley.',
          fix: `Allow this page’s origin (${origin}) in the server’s CORS setting, or add the header in the reverse proxy in front of it.`,
        };
      return { kind: 'unreachable', message: 'No answer from the server.', fix: 'Check that it is running and that this device reaches it: open its address in a new tab.' };
    case 'no-endpoint':
      return { kind: 'no-audio-endpoint', status, message: `The server has no audio endpoints (HTTP ${status}): it does not transcribe or speak.`, fix: 'Choose a connection that does (OpenAI, Groq, speaches, LocalAI, Kokoro-FastAPI, whisper.cpp’s server), or the browser’s own speech.' };
    case 'unauthorized':
    case 'forbidden':
      return { kind: 'unauthorized', status, message: `The server refused the key for its audio endpoints (HTTP ${status}).`, fix: 'Check the connection’s key in Settings → Connections.' };
    case 'codec':
      return {
        kind: 'codec-refused',
        status,
        mimeType,
        message: `The server refuses this browser’s recordings (${mimeType || 'unknown format'}).`,
        fix: 'Chrome and Firefox record webm/opus, Safari mp4/aac: use a server that reads it (speaches and LocalAI convert with ffmpeg), or the browser’s own speech.',
      };
    case 'too-large':
      return { kind: 'too-large', status, message: 'The server refuses recordings this large (HTTP 413).', fix: 'Raise its upload limit (or the reverse proxy’s, such as nginx’s client_max_body_size).' };
    case 'timeout':
      return { kind: 'slow', message: error.message, fix: 'A smaller model answers faster; check the server’s load.' };
    case 'bad-audio':
    case 'bad-response':
      return { kind: 'bad-audio', message: 'The server answers, but not with audio a browser can play.', fix: 'Check the speech model and its output format (mp3) on the server.' };
    case 'server-error':
    case 'rate-limited':
      return { kind: 'server-error', status, message: error.message };
    default:
      return { kind: 'bad-request', status, message: error.message };
  }
}

/** A short silent WAV (16 kHz mono PCM), made in code: what the probe sends to the transcription endpoint. */
export function silentWav(seconds = 0.5, sampleRate = 16_000): Blob {
  const samples = Math.round(seconds * sampleRate);
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const ascii = (at: number, text: string) => [...text].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  return new Blob([view.buffer], { type: 'audio/wav' });
}

export interface AudioServerCheck extends TransportOptions {
  connection: OpenAiConnection;
  /** Checked when set: the transcription model, then (with `recording`) the browser's own format. */
  transcriptionModel?: string;
  /** A real recording of this browser (capture's), to learn whether the server takes its codec. */
  recording?: Blob;
  speechModel?: string;
  voice?: string;
  signal?: AbortSignal;
  /** This page's origin, for the CORS fix; location.origin by default. */
  origin?: string;
}

/**
 * Checks a server's audio endpoints the way voice uses them: a silent WAV transcribed (every server
 * takes WAV: a refusal there is not the codec), then the browser's own recording if given (a
 * refusal there is), then a word spoken. The first failure is the diagnosis; rejects only once the signal aborts.
 */
export async function diagnoseAudioServer(check: AudioServerCheck): Promise<VoiceDiagnosis> {
  const signal = check.signal ?? new AbortController().signal;
  const origin = check.origin ?? globalThis.location?.origin ?? '';
  const attempt = async (run: () => Promise<unknown>): Promise<VoiceDiagnosis | undefined> => {
    try {
      await run();
      return undefined;
    } catch (error) {
      if (signal.aborted) throw error;
      if (!isVoiceError(error)) return { kind: 'unreachable', message: String(error) };
      return serverErrorDiagnosis(error, origin);
    }
  };
  if (check.transcriptionModel) {
    const transcriber = createServerTranscriber({ ...check, model: check.transcriptionModel });
    const wav = await attempt(() => transcriber.transcribe(silentWav(), { signal }));
    // WAV refused "as a format" is a server that refuses the request, not the browser's codec.
    if (wav) return wav.kind === 'codec-refused' ? { ...wav, kind: 'bad-request', mimeType: undefined } : wav;
    if (check.recording) {
      const recording = check.recording;
      const own = await attempt(() => transcriber.transcribe(recording, { signal }));
      if (own) return own;
    }
  }
  if (check.speechModel) {
    const speaker = { ...check, model: check.speechModel };
    const spoken = await attempt(() => fetchSpeech(speaker, 'Test.', { voice: check.voice, speed: 1, signal }));
    if (spoken) return spoken;
  }
  return { kind: 'working', message: 'The server’s audio endpoints work.' };
}
