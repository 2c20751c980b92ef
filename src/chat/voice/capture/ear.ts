// The microphone held open for a hands-free conversation: voice activity detection running all the
// time (barge-in needs it while the reply is spoken), and each utterance recorded from a little
// before its start (the detector only knows speech began ~150 ms after it did) to its end.
import type { ConversationEar } from './conversation';
import { measureLoudness } from './loudness';
import { chooseAudioType } from './mime-type';
import { MicrophoneError } from './microphone-error';
import { openMicrophone, releaseMicrophone } from './open-microphone';
import { recordStream, type StreamRecorder } from './record-stream';
import { detectVoice } from './voice-detector';
import type { VoiceActivityOptions } from './voice-activity';

export interface EarOptions extends VoiceActivityOptions {
  signal: AbortSignal;
  deviceId?: string;
  preferTypes?: readonly string[];
  onSpeechStart?: () => void;
  onSpeechEnd?: () => void;
}

export interface Ear extends ConversationEar {
  readonly stream: MediaStream;
  readonly mimeType: string;
  /** Current loudness, 0–1. */
  level(): number;
}

/**
 * Recorders overlap so that one has always run for LEAD_MS when speech starts (its onset is not
 * cut), and none for much more than ROTATE_MS + LEAD_MS (the lead-in, with whatever the speakers
 * played, stays short).
 */
const LEAD_MS = 1000;
const ROTATE_MS = 2000;

export async function openEar({ signal, deviceId, preferTypes, onSpeechStart, onSpeechEnd, ...vad }: EarOptions): Promise<Ear> {
  if (typeof MediaRecorder === 'undefined') throw new MicrophoneError('unsupported');
  const stream = await openMicrophone({ signal, deviceId });
  const mimeType = chooseAudioType((type) => MediaRecorder.isTypeSupported(type), preferTypes);
  const loudness = measureLoudness(stream);

  /** Running recorders, oldest first, while an utterance is awaited. */
  let recorders: StreamRecorder[] = [];
  /** The recorder holding the utterance under way. */
  let capturing: StreamRecorder | undefined;
  let waiter: { resolve: (audio: Blob) => void; reject: (error: unknown) => void } | undefined;
  let failure: unknown;
  let closed = false;

  const dropAll = () => {
    for (const recorder of recorders) recorder.cancel();
    recorders = [];
    capturing = undefined;
  };

  const rotation = setInterval(() => {
    if (!waiter || capturing) return;
    const now = performance.now();
    const newest = recorders.at(-1);
    if (!newest || now - newest.startedAt >= ROTATE_MS) recorders.push(recordStream(stream, mimeType));
    // Keep the newest recorder that has run LEAD_MS, and the younger ones; drop the older.
    const keepFrom = recorders.findLastIndex((r) => now - r.startedAt >= LEAD_MS);
    if (keepFrom > 0) for (const old of recorders.splice(0, keepFrom)) old.cancel();
  }, 250);

  const detector = detectVoice(loudness, {
    ...vad,
    onSpeechStart() {
      if (waiter && !capturing) {
        if (!recorders.length) recorders.push(recordStream(stream, mimeType));
        capturing = recorders.shift()!;
        for (const younger of recorders) younger.cancel();
        recorders = [];
      }
      onSpeechStart?.();
    },
    onSpeechEnd() {
      onSpeechEnd?.();
      const recorder = capturing;
      const w = waiter;
      if (!recorder || !w) return;
      capturing = undefined;
      waiter = undefined;
      void recorder.stop().then(w.resolve, w.reject);
    },
  });

  function close(reason: unknown = new DOMException('The conversation ended', 'AbortError')) {
    if (closed) return;
    closed = true;
    clearInterval(rotation);
    detector.stop();
    dropAll();
    loudness.close();
    releaseMicrophone(stream);
    waiter?.reject(reason);
    waiter = undefined;
  }

  for (const track of stream.getAudioTracks()) {
    track.addEventListener(
      'ended',
      () => {
        if (closed) return;
        failure = new MicrophoneError('unplugged');
        // An utterance under way keeps what it had; the next one fails.
        const recorder = capturing;
        const w = waiter;
        capturing = undefined;
        waiter = undefined;
        if (recorder && w) void recorder.stop().then(w.resolve, w.reject);
        else w?.reject(failure);
        close(failure);
      },
      { once: true },
    );
  }
  signal.addEventListener('abort', () => close(signal.reason), { once: true });

  return {
    stream,
    mimeType: mimeType || 'audio/webm',
    level: () => (closed ? 0 : loudness.level()),
    next(nextSignal) {
      if (failure) return Promise.reject(failure);
      if (closed) return Promise.reject(new DOMException('The conversation ended', 'AbortError'));
      waiter?.reject(new DOMException('Another utterance was asked for', 'AbortError'));
      return new Promise<Blob>((resolve, reject) => {
        waiter = { resolve, reject };
        if (!recorders.length && !capturing) recorders.push(recordStream(stream, mimeType));
        // Already speaking: this utterance starts now (its onset was before anyone asked).
        if (detector.speaking && !capturing) {
          capturing = recorders.shift();
          for (const younger of recorders) younger.cancel();
          recorders = [];
        }
        nextSignal.addEventListener(
          'abort',
          () => {
            if (waiter?.resolve !== resolve) return;
            waiter = undefined;
            dropAll();
            reject(nextSignal.reason);
          },
          { once: true },
        );
      });
    },
    close: () => close(),
  };
}
