// @vitest-environment node
// The test server itself, spoken to with raw node:http (so what it writes is seen byte for byte).
import { request, type IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  benchmarkTokens,
  errorResponse,
  fixtureResponse,
  loadFixture,
  startOpenAiServer,
  textStream,
  type OpenAiServer,
} from '../../support/openai-server/index.mjs';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

interface RawReply {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The body broke off instead of ending. */
  broken: boolean;
}

function send(method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {}, onResponse?: (res: IncomingMessage) => void): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.origin}${path}`, { method, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      let broken = false;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('aborted', () => (broken = true));
      res.on('error', () => (broken = true));
      res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), broken: broken || !res.complete }));
      onResponse?.(res);
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const chat = (body: unknown = { messages: [{ role: 'user', content: 'Hi' }], stream: true }) => send('POST', '/v1/chat/completions', { body });

describe('the API', () => {
  it('lists its models', async () => {
    server.setModels(['b-model', 'a-model']);
    const reply = await send('GET', '/v1/models');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body.toString()).data.map((m: { id: string }) => m.id)).toEqual(['b-model', 'a-model']);
  });

  it('echoes the last user message by default, streamed or whole as asked', async () => {
    const streamed = await chat({ messages: [{ role: 'user', content: 'Hi' }], stream: true });
    expect(streamed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(streamed.body.toString()).toContain('"content":"You "');
    expect(streamed.body.toString().endsWith('data: [DONE]\n\n')).toBe(true);
    const whole = await chat({ messages: [{ role: 'user', content: 'Hi' }], stream: false });
    expect(JSON.parse(whole.body.toString()).choices[0].message.content).toBe('You said: Hi');
  });

  it('records every request with its parsed body', async () => {
    await send('POST', '/v1/chat/completions', { headers: { authorization: 'Bearer k' }, body: { model: 'm', messages: [], stream: true } });
    expect(server.requests).toMatchObject([{ method: 'POST', path: '/v1/chat/completions', headers: { authorization: 'Bearer k' }, body: { model: 'm', stream: true } }]);
    expect(server.requests[0]!.response).toMatchObject({ status: 200, completed: true, disconnected: false });
  });

  it('serves queued replies first, in order, then the script', async () => {
    server.setScript(textStream('script', { chunkSize: 10 }));
    server.enqueue(textStream('first', { chunkSize: 10 }), errorResponse(500, 'second'));
    const bodies = [await chat(), await chat(), await chat()];
    expect(bodies.map((b) => b.status)).toEqual([200, 500, 200]);
    expect(bodies[0]!.body.toString()).toContain('"first"');
    expect(bodies[2]!.body.toString()).toContain('"script"');
  });

  it.each([
    ['an unknown path', 'GET', '/v1/nothing', 404],
    ['the API without /v1', 'POST', '/chat/completions', 404],
    ['GET on chat completions', 'GET', '/v1/chat/completions', 405],
  ])('%s → %i with a JSON error', async (_, method, path, status) => {
    const reply = await send(method, path);
    expect(reply.status).toBe(status);
    expect(JSON.parse(reply.body.toString()).error.message).toEqual(expect.any(String));
  });

  it('a body that is not JSON → 400', async () => {
    expect((await send('POST', '/v1/chat/completions', { body: '{nope' })).status).toBe(400);
  });
});

describe('replaying', () => {
  it('writes a fixture byte for byte with its status and content type', async () => {
    const fixture = loadFixture('unicode-split');
    server.setScript(fixtureResponse(fixture));
    const reply = await chat();
    expect(reply.headers['content-type']).toBe(fixture.content_type);
    expect(new Uint8Array(reply.body)).toEqual(fixture.bytes);
    expect(reply.broken).toBe(false);
  });

  it('writes a bare list of raw steps as a 200 event stream', async () => {
    server.setScript([{ data: 'data: {"a":1}\r\n\r\n' }, { data: new Uint8Array([0x64, 0x61]), delayMs: 10 }, { data: 'ta: [DONE]\n\n' }]);
    const reply = await chat();
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(reply.body.toString()).toBe('data: {"a":1}\r\n\r\ndata: [DONE]\n\n');
  });

  it('sends chosen statuses and headers', async () => {
    server.setScript(fixtureResponse('error-429-rate-limit'));
    const reply = await chat();
    expect(reply.status).toBe(429);
    expect(reply.headers).toMatchObject({ 'retry-after': '20', 'x-ratelimit-reset-requests': '20s' });
  });

  it('waits before each step', async () => {
    server.setScript(textStream(['a', 'b', 'c'], { delayMs: 40, usage: false, done: false, finishReason: null }));
    await chat();
    const { firstByteAt, lastByteAt } = server.requests[0]!.response;
    // Four steps (role chunk + three pieces), each 40 ms after the previous; the first wait comes before the first byte.
    expect(lastByteAt! - firstByteAt!).toBeGreaterThanOrEqual(3 * 40 - 5);
  });

  it('breaks the connection after N steps, with no clean end', async () => {
    const fixture = loadFixture('truncated-no-done');
    server.setScript(fixtureResponse(fixture));
    const reply = await chat();
    expect(reply.broken).toBe(true);
    expect(new Uint8Array(reply.body)).toEqual(fixture.bytes);
    expect(server.requests[0]!.response).toMatchObject({ disconnected: true, completed: false });
  });

  it('streams 20,000 tokens as fast as the socket takes them, waiting when the reader does not read', async () => {
    server.setScript({ ...textStream(benchmarkTokens(20_000)), ignoreDelays: true });
    let bytesWhilePaused = 0;
    const reply = await send('POST', '/v1/chat/completions', { body: { messages: [], stream: true } }, (res) => {
      res.pause();
      setTimeout(() => {
        bytesWhilePaused = server.requests[0]!.response.bytes;
        res.resume();
      }, 150);
    });
    const total = reply.body.length;
    expect(server.requests[0]!.response).toMatchObject({ completed: true, bytes: total });
    // The server stopped writing while nobody read: it did not buffer the whole reply in memory.
    expect(bytesWhilePaused).toBeLessThan(total);
    expect(reply.body.toString().split('\n\n').filter((e) => e.includes('"content"')).length).toBe(20_001);
  });
});

describe('CORS', () => {
  it('on by default: any origin, with the headers a browser must be able to read exposed', async () => {
    server.setScript(errorResponse(429, 'slow', { headers: { 'Retry-After': '5' } }));
    const reply = await chat();
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-expose-headers']).toBe('retry-after');
  });

  it('answers a preflight for Authorization and Content-Type', async () => {
    const reply = await send('OPTIONS', '/v1/chat/completions', {
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
        'access-control-request-private-network': 'true',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-allow-methods': expect.stringContaining('POST'),
      'access-control-allow-private-network': 'true',
    });
  });

  it('can be switched off, so a browser refuses the reply', async () => {
    server.setCors(false);
    const preflight = await send('OPTIONS', '/v1/chat/completions', { headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await send('GET', '/v1/models')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
