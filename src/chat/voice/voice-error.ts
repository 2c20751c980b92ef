// Why a voice engine failed, told apart so the page can say what to do (issue 39's bad input):
// the server refused the file's size or codec, the key, has no audio endpoint, failed, was slow,
// sent audio no browser can play; the browser lacks the API or the user refused the microphone.
export type VoiceErrorKind =
  /** 413: the recording is larger than the server takes. */
  | 'too-large'
  /** 415, or a 400 about the format: the server cannot read this recording's codec (`mimeType`). */
  | 'codec'
  /** Another 400: the server's own message says why (a model it does not have, a bad field). */
  | 'bad-request'
  /** 401: no key, or a wrong one. */
  | 'unauthorized'
  /** 403: the key may not use this (or a proxy refused). */
  | 'forbidden'
  /** 404 or 405: the server has no such audio endpoint. */
  | 'no-endpoint'
  /** 429. */
  | 'rate-limited'
  /** 5xx. */
  | 'server-error'
  /** No (whole) answer within the time limit. */
  | 'timeout'
  /** No answer at all: `reason` says cors, down, mixed-content, invalid-url or cors-or-down (wire/transport's diagnosis). */
  | 'unreachable'
  /** A 200 whose body is not what the endpoint answers (no `text`; not audio). */
  | 'bad-response'
  /** Audio that does not play (garbage bytes, a codec the browser lacks). */
  | 'bad-audio'
  /** The browser would not start playback (no user gesture yet). */
  | 'playback-blocked'
  /** The browser has no such API, or the engine is not ready (see Availability). */
  | 'unavailable'
  /** The microphone or the speech service was refused (the browser's recognition: `not-allowed`, `service-not-allowed`). */
  | 'not-allowed'
  /** The browser's recognition heard no microphone (`audio-capture`) or could not reach its service (`network`). */
  | 'no-microphone'
  | 'network';

export interface VoiceErrorDetails {
  status?: number;
  /** unreachable: wire/transport's reason (`cors`, `down`, `cors-or-down`, `mixed-content`, `invalid-url`). */
  reason?: string;
  url?: string;
  /** codec, too-large: the recording's type as sent (`audio/webm;codecs=opus`). */
  mimeType?: string;
  cause?: unknown;
}

export class VoiceError extends Error {
  override readonly name = 'VoiceError';
  readonly status?: number;
  readonly reason?: string;
  readonly url?: string;
  readonly mimeType?: string;

  constructor(
    readonly kind: VoiceErrorKind,
    message: string,
    details: VoiceErrorDetails = {},
  ) {
    super(message, { cause: details.cause });
    this.status = details.status;
    this.reason = details.reason;
    this.url = details.url;
    this.mimeType = details.mimeType;
  }
}

export const isVoiceError = (error: unknown): error is VoiceError => error instanceof VoiceError;

/** A 400's message that is about the audio's format, as OpenAI, Groq, speaches and whisper.cpp word it. */
const CODEC_MESSAGE = /format|codec|decode|unsupported|invalid (audio|file)|could not (read|process)|ffmpeg|media type/i;

/** The kind of a non-2xx answer from an audio endpoint; `message` is the server's own, if it gave one. */
export function voiceErrorKindOf(status: number, message = ''): VoiceErrorKind {
  if (status === 413) return 'too-large';
  if (status === 415) return 'codec';
  if (status === 400) return CODEC_MESSAGE.test(message) ? 'codec' : 'bad-request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 405) return 'no-endpoint';
  if (status === 429) return 'rate-limited';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server-error';
  return 'bad-request';
}

/** One line, in English, for a kind: what happened and what to do. The server's message follows where it said one. */
export function voiceErrorMessage(kind: VoiceErrorKind, details: VoiceErrorDetails & { serverMessage?: string; limitMs?: number } = {}): string {
  const said = details.serverMessage ? ` The server said: ${details.serverMessage}` : '';
  switch (kind) {
    case 'too-large':
      return `The recording is larger than the server accepts (HTTP 413). Record a shorter message, or raise the server's upload limit.${said}`;
    case 'codec':
      return `The server cannot read this recording's format (${details.mimeType || 'unknown'}). Browsers record webm/opus (Chrome, Firefox) or mp4/aac (Safari); use a server that takes it (one with ffmpeg), or another engine.${said}`;
    case 'bad-request':
      return `The server refused the request (HTTP ${details.status ?? 400}).${said}`;
    case 'unauthorized':
      return `The server refused the API key (HTTP 401). Check the connection's key in Settings → Connections.${said}`;
    case 'forbidden':
      return `The server does not allow this key to use its audio (HTTP 403).${said}`;
    case 'no-endpoint':
      return `This server has no audio endpoint there (HTTP ${details.status ?? 404}): it does not transcribe or speak. Choose a connection that does (OpenAI, Groq, speaches, LocalAI, Kokoro-FastAPI, whisper.cpp's server), or the browser's own speech.`;
    case 'rate-limited':
      return `The server is limiting requests (HTTP 429). Wait a moment and try again.${said}`;
    case 'server-error':
      return `The server failed (HTTP ${details.status ?? 500}). Look at its log, or try again.${said}`;
    case 'timeout':
      return `The server did not answer within ${(details.limitMs ?? 0) / 1000} s.`;
    case 'unreachable':
      return details.reason === 'cors'
        ? 'The server answers, but without CORS headers for this page, so the browser keeps its answer from Parley. Allow this origin on the server.'
        : details.reason === 'mixed-content'
          ? 'Parley is open over https, and the browser blocks its requests to an http address. Serve the audio server over https.'
          : 'No answer from the server. Check that it is running and that this device reaches it.';
    case 'bad-response':
      return 'The server answered, but not with what this endpoint sends.';
    case 'bad-audio':
      return 'The server sent audio this browser cannot play.';
    case 'playback-blocked':
      return 'The browser would not start playing: press Listen again.';
    case 'unavailable':
      return 'This engine cannot run in this browser.';
    case 'not-allowed':
      return 'The microphone or the speech service was refused. Allow the microphone for this site in the browser’s site settings.';
    case 'no-microphone':
      return 'No microphone was found. Plug one in, or check that the system lets the browser use it.';
    case 'network':
      return 'The browser’s speech service could not be reached.';
  }
}

/** A VoiceError of `kind` with its message. */
export const voiceError = (kind: VoiceErrorKind, details: VoiceErrorDetails & { serverMessage?: string; limitMs?: number } = {}): VoiceError =>
  new VoiceError(kind, voiceErrorMessage(kind, details), details);
