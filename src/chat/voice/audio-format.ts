// What audio bytes are, read from their first bytes: a speech server that answers 200 with text or
// an error page is caught before a player is asked (issue 39: "a speech server returning garbage
// audio: a clear message"), and a recording gets the file name whose extension servers go by.

export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'flac' | 'mp4' | 'webm';

/** The container or stream the bytes start with; undefined for anything else (text, HTML, noise). */
export function audioFormatOf(bytes: Uint8Array): AudioFormat | undefined {
  const ascii = (at: number, text: string) => [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (ascii(0, 'ID3')) return 'mp3';
  // An MPEG audio frame's sync word (mp3, and AAC's ADTS, which plays as the same).
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return 'mp3';
  if (ascii(0, 'OggS')) return 'ogg';
  if (ascii(0, 'fLaC')) return 'flac';
  if (ascii(4, 'ftyp')) return 'mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  return undefined;
}

/**
 * The file name a recording is sent under: OpenAI and Groq go by its extension, not its content
 * type, and refuse one they do not list (webm, mp4, m4a, mp3, mpeg, mpga, ogg, wav, flac).
 */
export function recordingFileName(mimeType: string): string {
  const type = mimeType.toLowerCase();
  if (type.includes('webm')) return 'speech.webm';
  if (type.includes('mp4') || type.includes('m4a') || type.includes('aac')) return 'speech.m4a';
  if (type.includes('ogg') || type.includes('opus')) return 'speech.ogg';
  if (type.includes('wav')) return 'speech.wav';
  if (type.includes('mpeg') || type.includes('mp3')) return 'speech.mp3';
  if (type.includes('flac')) return 'speech.flac';
  return 'speech.webm';
}
