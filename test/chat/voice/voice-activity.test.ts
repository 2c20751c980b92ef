// @vitest-environment node
// The voice activity decision on synthetic loudness frames: silence, speech, a cough, a room
// getting noisier, a fan switched on.
import { describe, expect, it } from 'vitest';
import { createVoiceActivity, type VoiceActivityEvent, type VoiceActivityOptions } from '../../../src/chat/voice/capture/voice-activity';

const FRAME = 20; // ms, as the detector polls

/** A stretch of frames: `ms` long, each frame's RMS from `level(t)` (t: ms into the stretch). */
type Stretch = { ms: number; level: number | ((t: number) => number) };

/** Feeds the stretches one after another; returns the events with their times. */
function run(stretches: Stretch[], options?: VoiceActivityOptions) {
  const vad = createVoiceActivity(options);
  const events: VoiceActivityEvent[] = [];
  let now = 0;
  for (const { ms, level } of stretches) {
    for (let t = 0; t < ms; t += FRAME) {
      const event = vad.push(typeof level === 'number' ? level : level(t), now);
      if (event) events.push(event);
      now += FRAME;
    }
  }
  return { events, vad, end: now };
}

/** Speech-like loudness: syllables around 0.2 RMS with short dips between them. */
const speech = (t: number) => (t % 240 < 200 ? 0.2 + 0.05 * Math.sin(t / 30) : 0.03);
const quiet = 0.004;

describe('voice activity', () => {
  it('hears nothing in silence or steady room noise', () => {
    expect(run([{ ms: 5000, level: 0 }]).events).toEqual([]);
    expect(run([{ ms: 5000, level: quiet }]).events).toEqual([]);
  });

  it('reports speech from its first loud frame, once it has lasted startMs, and its end after silenceMs', () => {
    const { events } = run([
      { ms: 1000, level: quiet },
      { ms: 1500, level: speech },
      { ms: 2000, level: quiet },
    ]);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({ type: 'speech-start', at: 1000 });
    const end = events[1]!;
    expect(end.type).toBe('speech-end');
    if (end.type !== 'speech-end') return;
    // The last syllable's last frame is before 2500; the end comes silenceMs (900) after it.
    expect(end.lastSoundAt).toBeGreaterThan(2300);
    expect(end.lastSoundAt).toBeLessThan(2500);
    expect(end.at - end.lastSoundAt).toBeGreaterThanOrEqual(900);
    expect(end.at - end.lastSoundAt).toBeLessThan(900 + FRAME);
  });

  it('recognises speech within startMs of it starting (what barge-in waits for)', () => {
    const vad = createVoiceActivity();
    for (let t = 0; t < 1000; t += FRAME) vad.push(quiet, t);
    let recognisedAt: number | undefined;
    for (let t = 1000; t < 2000 && recognisedAt === undefined; t += FRAME) if (vad.push(0.2, t)) recognisedAt = t;
    expect(recognisedAt).toBeDefined();
    expect(recognisedAt! - 1000).toBeLessThanOrEqual(150 + FRAME);
  });

  it('a pause shorter than silenceMs does not end the speech', () => {
    const { events } = run([
      { ms: 500, level: quiet },
      { ms: 1000, level: speech },
      { ms: 700, level: quiet },
      { ms: 1000, level: speech },
      { ms: 1500, level: quiet },
    ]);
    expect(events.map((e) => e.type)).toEqual(['speech-start', 'speech-end']);
  });

  it('short syllables with short gaps between them still start speech (the gaps do not start the count over)', () => {
    const syllables = (t: number) => (t % 160 < 100 ? 0.2 : quiet);
    const { events } = run([
      { ms: 1000, level: quiet },
      { ms: 800, level: syllables },
      { ms: 1500, level: quiet },
    ]);
    expect(events.map((e) => e.type)).toEqual(['speech-start', 'speech-end']);
    expect(events[0]!.at).toBe(1000);
  });

  it('a softer stretch just under the start threshold does not end speech under way', () => {
    // Floor 0.004 → threshold 0.012; 0.0105 is under it, but over the 0.009 that holds speech.
    // (loudRiseMs off: the floor stays put, so the levels mean what the comment says.)
    const { events } = run(
      [
        { ms: 1000, level: quiet },
        { ms: 500, level: 0.2 },
        { ms: 1200, level: 0.0105 },
        { ms: 500, level: 0.2 },
      ],
      { loudRiseMs: 1e12 },
    );
    expect(events.map((e) => e.type)).toEqual(['speech-start']);
  });

  it('a cough (a burst shorter than startMs) is not speech', () => {
    const { events } = run([
      { ms: 1000, level: quiet },
      { ms: 100, level: 0.5 },
      { ms: 2000, level: quiet },
    ]);
    expect(events).toEqual([]);
  });

  it('a room slowly getting noisier raises the floor instead of starting speech, and speech still stands out', () => {
    const { events, vad } = run([
      { ms: 1000, level: quiet },
      // From 0.004 to 0.05 RMS over six seconds (a dishwasher starting, traffic building up).
      { ms: 6000, level: (t) => quiet + (0.05 - quiet) * (t / 6000) },
      { ms: 1000, level: 0.05 },
    ]);
    expect(events).toEqual([]);
    expect(vad.floor).toBeGreaterThan(0.035);

    const louder = run([
      { ms: 1000, level: quiet },
      { ms: 6000, level: (t) => quiet + (0.05 - quiet) * (t / 6000) },
      { ms: 1000, level: 0.05 },
      { ms: 1000, level: (t) => 0.05 + speech(t) * 1.5 },
      { ms: 1500, level: 0.05 },
    ]);
    expect(louder.events.map((e) => e.type)).toEqual(['speech-start', 'speech-end']);
    expect(louder.events[0]!.at).toBe(8000);
  });

  it('a fan switched on mid-silence may start "speech", but it ends: the floor catches up', () => {
    const { events } = run([
      { ms: 1000, level: quiet },
      { ms: 20_000, level: 0.06 },
    ]);
    expect(events.map((e) => e.type)).toEqual(['speech-start', 'speech-end']);
    expect(events[1]!.at).toBeLessThan(12_000);
  });

  it('sound quieter than minLevel is never speech, however quiet the room', () => {
    expect(run([{ ms: 1000, level: 0 }, { ms: 2000, level: 0.008 }]).events).toEqual([]);
    expect(run([{ ms: 1000, level: 0 }, { ms: 2000, level: 0.02 }]).events.map((e) => e.type)).toEqual(['speech-start']);
  });

  it('takes its timings from the options', () => {
    const { events } = run(
      [
        { ms: 500, level: quiet },
        { ms: 600, level: 0.2 },
        { ms: 600, level: quiet },
      ],
      { startMs: 400, silenceMs: 300 },
    );
    expect(events[0]).toEqual({ type: 'speech-start', at: 500 });
    expect(events[1]).toEqual({ type: 'speech-end', at: 1080 + 300, lastSoundAt: 1080 });
  });

  it('reset forgets speech under way', () => {
    const vad = createVoiceActivity();
    for (let t = 0; t < 500; t += FRAME) vad.push(quiet, t);
    let started = false;
    for (let t = 500; t < 1000; t += FRAME) started ||= vad.push(0.2, t)?.type === 'speech-start';
    expect(started && vad.speaking).toBe(true);
    vad.reset();
    expect(vad.speaking).toBe(false);
  });
});
