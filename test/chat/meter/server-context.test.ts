// @vitest-environment node
// A local server asked the context it runs a model with, over real HTTP (the test OpenAI server
// serving llama.cpp's /props and Ollama's /api/show with the samples in test/fixtures/context).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverContext, serverRoot } from '../../../src/chat/wire';
import { startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';

const sample = (name: string): unknown => JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/context', name), 'utf8'));

let server: OpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('serverContext', () => {
  it('llama.cpp: GET /props at the server’s root, the n_ctx it loaded', async () => {
    server = await startOpenAiServer({ serverRoutes: { 'GET /props': { json: sample('llama-cpp-props.json') } } });
    expect(await serverContext({ baseUrl: server.url }, 'llamacpp', 'qwen')).toEqual({ tokens: 4096, source: 'props' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /props']);
  });

  it('Ollama: POST /api/show with the model, num_ctx when set', async () => {
    server = await startOpenAiServer({ serverRoutes: { 'POST /api/show': { json: sample('ollama-show-num-ctx.json') } } });
    expect(await serverContext({ baseUrl: server.url }, 'ollama', 'llama3.2:3b')).toEqual({ tokens: 8192, source: 'show' });
    const asked = server.requests.find((r) => r.path === '/api/show')!;
    expect(asked.body).toEqual({ model: 'llama3.2:3b' });
  });

  it('a server that does not answer those routes: unknown, no error', async () => {
    server = await startOpenAiServer();
    expect(await serverContext({ baseUrl: server.url }, 'ollama', 'x')).toBeUndefined();
    expect(await serverContext({ baseUrl: server.url }, 'llamacpp', 'x')).toBeUndefined();
    expect(await serverContext({ baseUrl: 'http://127.0.0.1:1/v1' }, 'llamacpp', 'x')).toBeUndefined();
  });

  it('the root is the base URL without its /v1', () => {
    expect(serverRoot('http://localhost:11434/v1')).toBe('http://localhost:11434');
    expect(serverRoot('http://localhost:8080/v1/')).toBe('http://localhost:8080');
    expect(serverRoot('http://box/llama')).toBe('http://box/llama');
  });
});
