export interface SineWavOptions {
  /** Default 0.2. */
  seconds?: number;
  /** Default 440 Hz. */
  frequency?: number;
  /** Default 16,000. */
  sampleRate?: number;
  /** 0–1, default 0.3. */
  volume?: number;
}

/** A mono 16-bit PCM WAV of a sine tone: a correct RIFF header, `seconds` long. */
export function sineWav(options?: SineWavOptions): Uint8Array;

/** Bytes no decoder takes for audio: what a broken speech server sends as `audio/mpeg`. */
export const GARBAGE_AUDIO: Uint8Array;

export interface MultipartFile {
  /** The form field's name (`file`). */
  field: string;
  /** The file name the client gave. */
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

/** A multipart/form-data body's parts; undefined when the body is not multipart. */
export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartBody | undefined;
