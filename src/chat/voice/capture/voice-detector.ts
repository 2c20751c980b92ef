// Voice activity detection on a live stream: the loudness, polled on a timer, fed to the pure
// decision (voice-activity.ts). A timer, not requestAnimationFrame: frames stop when the screen
// does, and a phone in a pocket still has a conversation.
import type { Loudness } from './loudness';
import { createVoiceActivity, type VoiceActivityEvent, type VoiceActivityOptions } from './voice-activity';

export interface VoiceDetectorOptions extends VoiceActivityOptions {
  onSpeechStart?: (event: Extract<VoiceActivityEvent, { type: 'speech-start' }>) => void;
  onSpeechEnd?: (event: Extract<VoiceActivityEvent, { type: 'speech-end' }>) => void;
  /** How often the loudness is read (ms). */
  intervalMs?: number;
  signal?: AbortSignal;
}

export interface VoiceDetector {
  readonly speaking: boolean;
  stop(): void;
}

export function detectVoice(loudness: Pick<Loudness, 'rms'>, { onSpeechStart, onSpeechEnd, intervalMs = 20, signal, ...options }: VoiceDetectorOptions = {}): VoiceDetector {
  const activity = createVoiceActivity(options);
  const timer = setInterval(() => {
    const event = activity.push(loudness.rms(), performance.now());
    if (event?.type === 'speech-start') onSpeechStart?.(event);
    else if (event?.type === 'speech-end') onSpeechEnd?.(event);
  }, intervalMs);
  const stop = () => clearInterval(timer);
  signal?.addEventListener('abort', stop, { once: true });
  return {
    get speaking() {
      return activity.speaking;
    },
    stop,
  };
}
