// Playing audio bytes as an Utterance: one HTMLAudioElement per text, its object URL freed when it
// ends. Stop and the signal end it quietly (`done` resolves); audio the browser cannot play rejects
// `done` with a VoiceError ('bad-audio'), a refused autoplay with 'playback-blocked'.
import { voiceError } from './voice-error';
import type { Utterance } from './voice-types';

/** Plays bytes; the server engine's default, replaced in tests that run without a media stack. */
export type AudioPlayer = (audio: Blob, options: { speed: number; signal: AbortSignal }) => Utterance;

/** A settled-once `done` with the hooks to settle it. */
export function settleOnce(): { done: Promise<void>; resolve(): void; reject(error: unknown): void; settled(): boolean } {
  let finished = false;
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A caller that only stops and never awaits must not see an unhandled rejection.
  done.catch(() => {});
  return {
    done,
    resolve: () => (finished ? undefined : ((finished = true), resolve())),
    reject: (error) => (finished ? undefined : ((finished = true), reject(error))),
    settled: () => finished,
  };
}

export const playAudioElement: AudioPlayer = (audio, { speed, signal }) => {
  const end = settleOnce();
  const url = URL.createObjectURL(audio);
  const element = new Audio(url);
  element.playbackRate = speed;
  // A slower or faster reading keeps its pitch (the default in browsers, said for those that differ).
  element.preservesPitch = true;
  const finish = (error?: unknown) => {
    element.pause();
    element.removeAttribute('src');
    URL.revokeObjectURL(url);
    signal.removeEventListener('abort', stop);
    if (error) end.reject(error);
    else end.resolve();
  };
  const stop = () => finish();
  element.addEventListener('ended', () => finish());
  element.addEventListener('error', () => finish(voiceError('bad-audio')));
  signal.addEventListener('abort', stop);
  if (signal.aborted) stop();
  else {
    element.play().catch((error: unknown) => {
      if (end.settled()) return;
      finish(error instanceof DOMException && error.name === 'NotAllowedError' ? voiceError('playback-blocked', { cause: error }) : voiceError('bad-audio', { cause: error }));
    });
  }
  return {
    done: end.done,
    pause: () => element.pause(),
    resume: () => void element.play().catch(() => {}),
    stop,
  };
};
