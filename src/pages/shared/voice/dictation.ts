// Dictation (issue 39), loaded with the first press of a microphone: the words said go into the
// draft, never straight to the model. A recording stops when the speaker falls silent (voice activity),
// when the microphone is pressed again, or when push-to-talk's key is let go; the chosen engine then
// turns it into text. The browser's own recognition listens by itself (no recording).
import { detectVoice, isVoiceError, measureLoudness, MicrophoneError, startRecording, voiceErrorMessage } from '../../../chat/voice';
import { transcriber } from './voice-runtime';

export type DictationState = 'recording' | 'transcribing';

export interface DictationOptions {
  /** Stop by itself once the speaker is silent (a press of the microphone); push-to-talk does not. */
  auto: boolean;
  onState(state: DictationState): void;
  /** The browser's recognition: the words so far, as they come. */
  onInterim?(text: string): void;
}

export interface Dictation {
  /** Ends the recording now; its words still come. */
  finish(): void;
  /** Ends it and keeps nothing. */
  cancel(): void;
  /** Loudness 0–1, for the button's meter. */
  level(): number;
  /** The words heard ('' for none); rejects with a message a person can act on. */
  readonly text: Promise<string>;
}

/** A failure as one sentence for the message box: the microphone's problem or the server's answer. */
export function dictationProblem(error: unknown): string {
  if (error instanceof MicrophoneError) return error.message;
  if (isVoiceError(error)) return voiceErrorMessage(error.kind, error);
  return error instanceof Error && error.message ? error.message : String(error);
}

export async function startDictation({ auto, onState, onInterim }: DictationOptions): Promise<Dictation> {
  const { engine, settings } = await transcriber();
  const controller = new AbortController();
  const language = settings.language || undefined;
  if (engine.input === 'live') {
    onState('recording');
    const text = engine.listen({ signal: controller.signal, language, onInterim });
    return { finish: () => controller.abort(), cancel: () => controller.abort(), level: () => 0, text };
  }
  const recording = await startRecording({ signal: controller.signal });
  onState('recording');
  const loudness = measureLoudness(recording.stream);
  let finishing: Promise<string> | undefined;
  let resolveText!: (text: string) => void;
  let rejectText!: (error: unknown) => void;
  const text = new Promise<string>((resolve, reject) => ((resolveText = resolve), (rejectText = reject)));
  const detector = auto ? detectVoice(loudness, { silenceMs: settings.silenceMs, onSpeechEnd: () => finish() }) : undefined;
  const release = () => {
    detector?.stop();
    loudness.close();
  };
  const finish = () => {
    finishing ??= (async () => {
      release();
      const audio = await recording.stop();
      onState('transcribing');
      return engine.transcribe(audio, { signal: controller.signal, language });
    })();
    finishing.then(resolveText, rejectText);
  };
  return {
    finish,
    cancel() {
      release();
      recording.cancel();
      controller.abort();
      resolveText('');
    },
    level: () => loudness.level(),
    text,
  };
}
