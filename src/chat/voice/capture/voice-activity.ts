// Voice activity detection's decision, pure: loudness frames (RMS, with their times) in, "speech
// started" / "speech ended" out. The microphone side (voice-detector.ts) measures the frames; this
// file never touches the browser, so synthetic frames test it.

export interface VoiceActivityOptions {
  /** How long the sound must stay above the threshold before it counts as speech (a cough is shorter). */
  startMs?: number;
  /** How long below the threshold ends speech: the pause that means "I am done". */
  silenceMs?: number;
  /** Within the start window, a dip shorter than this (a gap between syllables) does not start over. */
  gapMs?: number;
  /** Speech is this many times louder than the noise floor (3 ≈ +9.5 dB). */
  ratio?: number;
  /** Nothing quieter than this RMS is speech, however quiet the room (digital silence has no floor). */
  minLevel?: number;
  /** Time constant of the floor rising towards a louder room (slow: speech must not become the floor). */
  riseMs?: number;
  /** Time constant of the floor falling towards a quieter room (fast). */
  fallMs?: number;
  /**
   * During loud frames the floor still creeps up, by a factor of e every loudRiseMs (a ratio, not
   * towards the level: loud speech must not drag it up fast). A fan switched on is loud at first,
   * and without this it would be "speech" that never ends; speech itself has pauses, where the
   * floor falls back fast.
   */
  loudRiseMs?: number;
}

export type VoiceActivityEvent =
  /** `at`: when the speech began (the first loud frame), not when it was recognised as speech. */
  | { type: 'speech-start'; at: number }
  /** `at`: when the silence was long enough; `lastSoundAt`: the last loud frame. */
  | { type: 'speech-end'; at: number; lastSoundAt: number };

export interface VoiceActivity {
  /** Feeds one frame: its RMS (0–1) and its time in ms. Returns the event it caused, if any. */
  push(rms: number, at: number): VoiceActivityEvent | null;
  /** Whether speech is under way. */
  readonly speaking: boolean;
  /** The current noise floor (RMS). */
  readonly floor: number;
  /** Forgets any speech under way (keeps the floor: the room has not changed). */
  reset(): void;
}

export const VOICE_ACTIVITY_DEFAULTS: Required<VoiceActivityOptions> = Object.freeze({
  startMs: 150,
  silenceMs: 900,
  gapMs: 120,
  ratio: 3,
  minLevel: 0.01,
  riseMs: 1500,
  fallMs: 150,
  loudRiseMs: 3000,
});

export function createVoiceActivity(options: VoiceActivityOptions = {}): VoiceActivity {
  const o = { ...VOICE_ACTIVITY_DEFAULTS, ...options };
  let floor: number | undefined;
  let lastAt: number | undefined;
  let speaking = false;
  /** Start of a loud stretch that may become speech. */
  let candidateAt: number | undefined;
  let lastLoudAt = 0;

  const threshold = () => Math.max(o.minLevel, (floor ?? 0) * o.ratio);

  function follow(rms: number, dt: number, loud: boolean) {
    if (floor === undefined) {
      floor = loud ? 0 : rms;
      return;
    }
    if (loud && rms > floor) {
      floor = Math.min(rms, Math.max(floor, o.minLevel / o.ratio / 4) * Math.exp(dt / o.loudRiseMs));
      return;
    }
    const tau = rms <= floor ? o.fallMs : o.riseMs;
    floor += (rms - floor) * (1 - Math.exp(-dt / tau));
  }

  return {
    get speaking() {
      return speaking;
    },
    get floor() {
      return floor ?? 0;
    },
    reset() {
      speaking = false;
      candidateAt = undefined;
    },
    push(rms, at) {
      const dt = lastAt === undefined ? 0 : Math.max(0, at - lastAt);
      lastAt = at;
      // Speech holds on a little below its start threshold (hysteresis), so a softer word
      // mid-sentence does not count as the pause.
      const loud = rms >= threshold() * (speaking ? 0.75 : 1);
      // Quiet frames teach the floor; loud ones (maybe speech) barely.
      follow(rms, dt, loud);

      if (speaking) {
        if (loud) lastLoudAt = at;
        else if (at - lastLoudAt >= o.silenceMs) {
          speaking = false;
          candidateAt = undefined;
          return { type: 'speech-end', at, lastSoundAt: lastLoudAt };
        }
        return null;
      }
      if (loud) {
        if (candidateAt === undefined) candidateAt = at;
        lastLoudAt = at;
        if (at - candidateAt >= o.startMs) {
          speaking = true;
          return { type: 'speech-start', at: candidateAt };
        }
      } else if (candidateAt !== undefined && at - lastLoudAt > o.gapMs) {
        candidateAt = undefined;
      }
      return null;
    },
  };
}
