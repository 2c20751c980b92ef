// @vitest-environment node
// The voice doctor (issue 39): the microphone's decision table, and the server probe against the
// real test server through a fetch that keeps the browser's CORS rule.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GARBAGE_AUDIO, startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { diagnoseAudioServer, microphoneErrorDiagnosis, microphoneSupport } from '../../../src/chat/voice/voice-doctor';
import { browserFetch } from '../web-search/browser-fetch';

const ORIGIN = 'https://parley.example';

describe('the microphone', () => {
  it.each([
    [{ isSecureContext: false, hasGetUserMedia: false, origin: 'http://192.168.1.5:8080' }, 'insecure-context'],
    [{ isSecureContext: true, hasGetUserMedia: false, origin: ORIGIN }, 'no-microphone-api'],
  ])('%j → %s', (facts, kind) => {
    expect(microphoneSupport(facts)?.kind).toBe(kind);
  });

  it('says how to fix plain http from another machine: https, localhost, or Chrome’s flag', () => {
    expect(microphoneSupport({ isSecureContext: false, hasGetUserMedia: false, origin: 'http://192.168.1.5:8080' })?.fix).toBe(
      'Serve Parley over https (a reverse proxy with a certificate), or open it as http://localhost on the machine that runs it; in Chrome, you may also list http://192.168.1.5:8080 under chrome://flags/#unsafely-treat-insecure-origin-as-secure.',
    );
  });

  it('finds nothing wrong in a secure context with the API', () => {
    expect(microphoneSupport({ isSecureContext: true, hasGetUserMedia: true, origin: ORIGIN })).toBeUndefined();
  });

  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['SecurityError', 'blocked-by-policy'],
    ['NotFoundError', 'no-microphone'],
    ['OverconstrainedError', 'no-microphone'],
    ['NotReadableError', 'microphone-busy'],
  ])('getUserMedia’s %s → %s', (name, kind) => {
    expect(microphoneErrorDiagnosis(new DOMException('x', name)).kind).toBe(kind);
  });
});

describe('the audio server probe', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  const check = (extra: Partial<Parameters<typeof diagnoseAudioServer>[0]> = {}) =>
    diagnoseAudioServer({ connection: { baseUrl: server.url }, transcriptionModel: 'whisper-1', speechModel: 'tts-1', fetch: browserFetch(ORIGIN), pageUrl: undefined, origin: ORIGIN, ...extra });

  it('says a working server works, having sent a real WAV', async () => {
    expect((await check()).kind).toBe('working');
    const upload = server.requests.find((r) => r.path === '/v1/audio/transcriptions')!.upload!;
    expect(Buffer.from(upload.files[0]!.bytes.slice(0, 4)).toString()).toBe('RIFF');
  });

  it('tells CORS refused on the audio endpoints, naming this origin', async () => {
    server.setCors(false);
    expect(await check()).toMatchObject({ kind: 'no-cors', origin: ORIGIN });
  });

  it('tells a server without audio endpoints', async () => {
    expect((await check({ connection: { baseUrl: `${server.origin}/other` } })).kind).toBe('no-audio-endpoint');
  });

  it('tells the codec refused: WAV taken, the browser’s webm refused', async () => {
    server.setTranscribe(({ file }) => (file.contentType.startsWith('audio/webm') ? { status: 400, json: { error: { message: 'Invalid file format.' } } } : 'ok'));
    const recording = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm;codecs=opus' });
    expect(await check({ recording })).toMatchObject({ kind: 'codec-refused', mimeType: 'audio/webm;codecs=opus' });
  });

  it('tells speech that is not audio', async () => {
    server.setSpeech(() => GARBAGE_AUDIO);
    expect((await check()).kind).toBe('bad-audio');
  });
});
