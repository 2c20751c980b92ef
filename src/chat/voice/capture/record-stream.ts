// One MediaRecorder over a stream, stopped into a Blob: the piece both a single recording and the
// conversation's ear are made of.

export interface StreamRecorder {
  readonly startedAt: number;
  /** What the recorder actually records (the browser's choice when none was asked for). */
  readonly mimeType: string;
  /** Stops and resolves with everything recorded (an empty Blob if nothing was). */
  stop(): Promise<Blob>;
  /** Stops and throws the audio away. */
  cancel(): void;
}

export function recordStream(stream: MediaStream, mimeType: string): StreamRecorder {
  // 32 kb/s is plenty for speech (Chromium's default is ~128): smaller uploads, fewer 413s.
  const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: 32_000 });
  const chunks: Blob[] = [];
  let cancelled = false;
  recorder.addEventListener('dataavailable', (event) => {
    if (!cancelled && event.data.size) chunks.push(event.data);
  });
  const stopped = new Promise<Blob>((resolve) => {
    recorder.addEventListener('stop', () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType })), { once: true });
    // A recorder that fails (its track ended under it) stops too; what it gave so far is kept.
    recorder.addEventListener('error', () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType })), { once: true });
  });
  recorder.start();
  const halt = () => {
    if (recorder.state !== 'inactive') recorder.stop();
  };
  return {
    startedAt: performance.now(),
    mimeType: recorder.mimeType || mimeType,
    stop() {
      halt();
      return stopped;
    },
    cancel() {
      cancelled = true;
      chunks.length = 0;
      halt();
    },
  };
}
