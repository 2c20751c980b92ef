// @vitest-environment node
// The server engine (issue 39) against the real OpenAI-compatible test server: the multipart body
// a transcription sends, the speech request, and each failure mapped to its kind and message.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GARBAGE_AUDIO, sineWav, startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { createServerSpeaker, createServerTranscriber, fetchSpeech, isVoiceError, listVoices, type AudioPlayer, type VoiceError } from '../../../src/chat/voice';
import { browserFetch } from '../web-search/browser-fetch';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const signal = () => new AbortController().signal;
const connection = () => ({ baseUrl: server.url, apiKey: 'sk-test' });
const transcriber = (timeoutMs?: number) => createServerTranscriber({ connection: connection(), model: 'whisper-1', pageUrl: undefined, probe: null, timeoutMs });
const webm = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 250])], { type: 'audio/webm;codecs=opus' });

async function failure(promise: Promise<unknown>): Promise<VoiceError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!isVoiceError(error)) throw new Error(`expected a VoiceError, got ${String(error)}`);
  return error;
}

describe('server transcription', () => {
  it('posts the recording as multipart (file named by its type, model, language, json) with the key, and returns the text', async () => {
    server.setTranscribe(({ fields }) => `  heard in ${fields.language}  `);
    expect(await transcriber().transcribe(webm, { signal: signal(), language: 'fr' })).toBe('heard in fr');
    const [request] = server.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.upload!.fields).toEqual({ model: 'whisper-1', language: 'fr', response_format: 'json' });
    const file = request!.upload!.files[0]!;
    expect(file).toMatchObject({ field: 'file', name: 'speech.webm', contentType: 'audio/webm;codecs=opus' });
    expect([...file.bytes]).toEqual([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 250]);
  });

  it('names an mp4 recording speech.m4a and sends no language when none is set', async () => {
    await transcriber().transcribe(new Blob([new Uint8Array(8)], { type: 'audio/mp4' }), { signal: signal() });
    const request = server.requests.find((r) => r.path === '/v1/audio/transcriptions')!;
    expect(request.upload!.files[0]!.name).toBe('speech.m4a');
    expect(request.upload!.fields.language).toBeUndefined();
  });

  it.each([
    [413, 'Request Entity Too Large', 'too-large', /larger than the server accepts \(HTTP 413\)/],
    [415, 'Unsupported Media Type', 'codec', /cannot read this recording's format \(audio\/webm;codecs=opus\)/],
    [400, 'Invalid file format. Supported formats: flac, m4a, mp3, mp4', 'codec', /webm\/opus \(Chrome, Firefox\) or mp4\/aac \(Safari\)/],
    [400, "Unknown model 'whisper-9'", 'bad-request', /refused the request \(HTTP 400\)\. The server said: Unknown model 'whisper-9'/],
    [401, 'Incorrect API key', 'unauthorized', /refused the API key/],
    [403, 'Forbidden', 'forbidden', /does not allow this key/],
    [404, 'Not found', 'no-endpoint', /has no audio endpoint there \(HTTP 404\)/],
    [500, 'boom', 'server-error', /The server failed \(HTTP 500\).*boom/],
  ])('maps HTTP %i (%s) to %s', async (status, message, kind, text) => {
    server.setTranscribe(() => ({ status, json: { error: { message, type: 'invalid_request_error' } } }));
    const error = await failure(transcriber().transcribe(webm, { signal: signal() }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(text);
  });

  it('says a server with no audio route has none (its own 404)', async () => {
    const error = await failure(createServerTranscriber({ connection: { baseUrl: `${server.origin}/nothing` }, model: 'm', probe: null }).transcribe(webm, { signal: signal() }));
    expect(error.kind).toBe('no-endpoint');
  });

  it('gives up on a slow server with a time-out, naming the limit', async () => {
    server.setTranscribe(() => ({ delayMs: 500, json: { text: 'late' } }));
    const error = await failure(transcriber(100).transcribe(webm, { signal: signal() }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The server did not answer within 0.1 s.');
  });

  it('tells a server without CORS headers from one that is down (the transport’s probe)', async () => {
    server.setCors(false);
    const cors = await failure(createServerTranscriber({ connection: connection(), model: 'whisper-1', fetch: browserFetch('https://parley.example'), pageUrl: undefined }).transcribe(webm, { signal: signal() }));
    expect(cors).toMatchObject({ kind: 'unreachable', reason: 'cors' });
  });

  it('refuses a 200 without text as a bad response', async () => {
    server.setTranscribe(() => ({ json: { transcript: 'wrong field' } }));
    expect((await failure(transcriber().transcribe(webm, { signal: signal() }))).kind).toBe('bad-response');
  });
});

describe('server speech', () => {
  const speakerOptions = () => ({ connection: connection(), model: 'tts-1', probe: null, pageUrl: undefined });

  it('posts model, input, voice, speed and format as JSON and returns the audio', async () => {
    const audio = await fetchSpeech({ ...speakerOptions(), format: 'wav' }, 'Hello there.', { voice: 'nova', speed: 1.5, signal: signal() });
    const request = server.requests.find((r) => r.path === '/v1/audio/speech')!;
    expect(request.body).toEqual({ model: 'tts-1', input: 'Hello there.', voice: 'nova', speed: 1.5, response_format: 'wav' });
    expect(request.headers['content-type']).toBe('application/json');
    expect(audio.type).toBe('audio/wav');
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(sineWav());
  });

  it('refuses garbage bytes as audio it cannot play', async () => {
    server.setSpeech(() => GARBAGE_AUDIO);
    const error = await failure(fetchSpeech(speakerOptions(), 'Hi.', { speed: 1, signal: signal() }));
    expect(error.kind).toBe('bad-audio');
  });

  it('plays what it fetched, and a failed fetch rejects the utterance', async () => {
    const played: number[] = [];
    const play: AudioPlayer = (audio, { speed }) => {
      played.push(audio.size, speed);
      return { done: Promise.resolve(), pause() {}, resume() {}, stop() {} };
    };
    const speaker = createServerSpeaker({ ...speakerOptions(), play });
    await speaker.say('One sentence.', { speed: 2, signal: signal() }).done;
    expect(played).toEqual([sineWav().byteLength, 2]);
    server.setSpeech(() => ({ status: 500, json: { error: { message: 'down' } } }));
    expect((await failure(speaker.say('Two.', { speed: 1, signal: signal() }).done)).kind).toBe('server-error');
  });

  it('lists a Kokoro-FastAPI server’s voices, and none where there is no list', async () => {
    expect(await listVoices(connection())).toEqual({ voices: ['af_bella', 'af_sky', 'am_adam', 'bf_emma'], source: 'server' });
    server.setVoices(false);
    expect(await listVoices(connection())).toEqual({ voices: [], source: 'none' });
  });
});
