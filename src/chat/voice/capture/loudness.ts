// How loud the microphone is right now: an AnalyserNode on the stream, read on demand (by the
// voice detector's timer and by a level meter). No AudioWorklet: it needs a module URL, and the
// page's CSP allows no blob: script.

export interface Loudness {
  /** Root mean square of the latest ~20 ms of samples, 0–1. */
  rms(): number;
  /** The same on a meter's scale: 0 at −60 dBFS and below, 1 at 0 dBFS. */
  level(): number;
  close(): void;
}

/** An RMS on a 0–1 meter scale (decibels, so quiet speech still moves it). */
export function levelOf(rms: number): number {
  if (!(rms > 0)) return 0;
  return Math.min(1, Math.max(0, (20 * Math.log10(rms) + 60) / 60));
}

export function rmsOf(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return samples.length ? Math.sqrt(sum / samples.length) : 0;
}

export function measureLoudness(stream: MediaStream): Loudness {
  const context = new AudioContext();
  // Opened from a click, the context may still start suspended: resume (sticky activation allows it).
  void context.resume().catch(() => undefined);
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  // ~21 ms at 48 kHz: about one poll's worth.
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const rms = () => {
    analyser.getFloatTimeDomainData(samples);
    return rmsOf(samples);
  };
  return {
    rms,
    level: () => levelOf(rms()),
    close() {
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}
