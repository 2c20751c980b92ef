// @vitest-environment node
// The capture's pure helpers: the recording format's choice, the microphone's errors by name,
// the loudness on a meter's scale.
import { describe, expect, it } from 'vitest';
import { audioExtension, chooseAudioType } from '../../../src/chat/voice/capture/mime-type';
import { MicrophoneError, microphoneErrorOf } from '../../../src/chat/voice/capture/microphone-error';
import { levelOf, rmsOf } from '../../../src/chat/voice/capture/loudness';

describe('chooseAudioType', () => {
  const supports = (...types: string[]) => (type: string) => types.includes(type);
  it('prefers Opus in WebM, then MP4, then whatever the browser records', () => {
    expect(chooseAudioType(supports('audio/mp4', 'audio/webm;codecs=opus'))).toBe('audio/webm;codecs=opus');
    expect(chooseAudioType(supports('audio/mp4', 'audio/webm'))).toBe('audio/mp4');
    expect(chooseAudioType(supports('audio/ogg;codecs=opus'))).toBe('audio/ogg;codecs=opus');
    expect(chooseAudioType(supports())).toBe('');
  });
  it('takes a preferred format first (a server refused the other)', () => {
    expect(chooseAudioType(supports('audio/mp4', 'audio/webm;codecs=opus'), ['audio/mp4'])).toBe('audio/mp4');
    expect(chooseAudioType(supports('audio/webm;codecs=opus'), ['audio/mp4'])).toBe('audio/webm;codecs=opus');
  });
  it('names the file as servers expect', () => {
    expect(audioExtension('audio/webm;codecs=opus')).toBe('webm');
    expect(audioExtension('audio/mp4')).toBe('m4a');
    expect(audioExtension('audio/ogg;codecs=opus')).toBe('ogg');
  });
});

describe('microphoneErrorOf', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'blocked'],
    ['NotFoundError', 'no-microphone'],
    ['OverconstrainedError', 'no-microphone'],
    ['NotReadableError', 'busy'],
  ])('%s is %s', (name, problem) => {
    const error = microphoneErrorOf(new DOMException('x', name));
    expect(error).toBeInstanceOf(MicrophoneError);
    expect((error as MicrophoneError).problem).toBe(problem);
    expect((error as MicrophoneError).message).not.toBe('x');
  });
  it('an abort stays an abort', () => {
    const abort = new DOMException('stopped', 'AbortError');
    expect(microphoneErrorOf(abort)).toBe(abort);
  });
});

describe('loudness', () => {
  it('RMS of samples, and its meter level in decibels (−60 dBFS → 0, 0 dBFS → 1)', () => {
    expect(rmsOf(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rmsOf(new Float32Array(0))).toBe(0);
    expect(levelOf(0)).toBe(0);
    expect(levelOf(0.0005)).toBe(0);
    expect(levelOf(1)).toBe(1);
    expect(levelOf(0.001)).toBeCloseTo(0);
    expect(levelOf(0.03162)).toBeCloseTo(0.5, 2);
  });
});
