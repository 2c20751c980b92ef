// One recording from the microphone (dictation): asks for it, records until stop(), and keeps what
// it had if the microphone goes away mid-sentence.
import { measureLoudness } from './loudness';
import { chooseAudioType } from './mime-type';
import { MicrophoneError } from './microphone-error';
import { openMicrophone, releaseMicrophone } from './open-microphone';
import { recordStream } from './record-stream';

export interface RecordingOptions {
  signal?: AbortSignal;
  deviceId?: string;
  /** Formats to try first (a server that refused webm/opus gets mp4). */
  preferTypes?: readonly string[];
  /** The microphone went away mid-recording: the recording has stopped, stop() gives what it had. */
  onInterrupted?: (error: MicrophoneError) => void;
}

export interface Recording {
  readonly stream: MediaStream;
  /** The format being recorded ('' when the browser chose its default). */
  readonly mimeType: string;
  /** Stops, releases the microphone and resolves with the audio. */
  stop(): Promise<Blob>;
  /** Stops, releases the microphone, keeps nothing. */
  cancel(): void;
  /** Current loudness, 0–1 (a meter's scale). */
  level(): number;
  /** Set when the microphone went away mid-recording. */
  readonly interrupted: MicrophoneError | undefined;
}

export async function startRecording({ signal, deviceId, preferTypes, onInterrupted }: RecordingOptions = {}): Promise<Recording> {
  if (typeof MediaRecorder === 'undefined') throw new MicrophoneError('unsupported');
  const stream = await openMicrophone({ signal, deviceId });
  let mimeType: string;
  let recorder: ReturnType<typeof recordStream>;
  let loudness: ReturnType<typeof measureLoudness>;
  try {
    mimeType = chooseAudioType((type) => MediaRecorder.isTypeSupported(type), preferTypes);
    recorder = recordStream(stream, mimeType);
    loudness = measureLoudness(stream);
  } catch (error) {
    releaseMicrophone(stream);
    throw new MicrophoneError('unsupported', { cause: error });
  }
  let interrupted: MicrophoneError | undefined;
  let done = false;
  const finish = () => {
    done = true;
    loudness.close();
    releaseMicrophone(stream);
    signal?.removeEventListener('abort', cancel);
  };
  const cancel = () => {
    if (done) return;
    recorder.cancel();
    finish();
  };
  signal?.addEventListener('abort', cancel, { once: true });
  let result: Promise<Blob> | undefined;
  const stop = () => {
    result ??= recorder.stop().finally(finish);
    return result;
  };
  // 'ended' fires when the device goes away (never for our own track.stop()).
  for (const track of stream.getAudioTracks()) {
    track.addEventListener(
      'ended',
      () => {
        if (done || interrupted) return;
        interrupted = new MicrophoneError('unplugged');
        void stop();
        onInterrupted?.(interrupted);
      },
      { once: true },
    );
  }
  return {
    stream,
    mimeType: mimeType || recorder.mimeType,
    stop,
    cancel,
    level: () => (done ? 0 : loudness.level()),
    get interrupted() {
      return interrupted;
    },
  };
}
