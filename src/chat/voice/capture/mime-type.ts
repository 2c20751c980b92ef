// Which audio format to record in. Transcription servers differ in what they accept (the doctor
// says which one a server refused), so the choice is made here, in order, and exposed.

/** In order of preference: Opus in WebM (Chromium, Firefox), then MP4/AAC (Safari). */
export const PREFERRED_AUDIO_TYPES = Object.freeze([
  'audio/webm;codecs=opus',
  'audio/mp4',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/aac',
]);

/**
 * The first type the browser records, `prefer` first when given (a server that refused one format
 * takes another); '' when none is supported and the browser's default must do.
 */
export function chooseAudioType(isTypeSupported: (type: string) => boolean, prefer?: readonly string[]): string {
  const candidates = [...(prefer ?? []), ...PREFERRED_AUDIO_TYPES];
  return candidates.find((type) => isTypeSupported(type)) ?? '';
}

/** The file name extension a server expects for a recorded type ('audio/webm;codecs=opus' → 'webm'). */
export function audioExtension(type: string): string {
  const base = type.split(';')[0]!.trim();
  if (base === 'audio/mp4' || base === 'audio/aac') return 'm4a';
  if (base === 'audio/ogg') return 'ogg';
  if (base === 'audio/wav' || base === 'audio/x-wav') return 'wav';
  return 'webm';
}
