// @vitest-environment node
// Probes a real HTTP server (the OpenAI-compatible test server) and real closed ports.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PROBE_TARGETS, LOCAL_PROBE_TIMEOUT_MS, probeLocalServers } from '../../../src/chat/connections/probe-local-servers';
import { startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';

let server: OpenAiServer;
let closedPort: number;
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  server = await startOpenAiServer({ models: ['llama3.2', 'qwen3'] });
  // A port that was free a moment ago: nothing listens there now.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  // A server that accepts the connection and never answers.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await server.close();
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('probeLocalServers', () => {
  it('looks for Ollama and llama.cpp on their default ports within 1.5 s', () => {
    expect(LOCAL_PROBE_TARGETS).toEqual([
      { kind: 'ollama', baseUrl: 'http://localhost:11434/v1' },
      { kind: 'llamacpp', baseUrl: 'http://localhost:8080/v1' },
    ]);
    expect(LOCAL_PROBE_TIMEOUT_MS).toBe(1500);
  });

  it('returns the servers that answered with a model list, with their models', async () => {
    const found = await probeLocalServers({
      targets: [
        { kind: 'ollama', baseUrl: `http://127.0.0.1:${closedPort}/v1` },
        { kind: 'llamacpp', baseUrl: server.url },
      ],
    });
    expect(found).toEqual([
      { preset: expect.objectContaining({ kind: 'llamacpp', name: 'llama.cpp server' }), baseUrl: server.url, models: ['llama3.2', 'qwen3'] },
    ]);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);
  });

  it('ignores a server that answers with something other than a model list', async () => {
    server.setModels({ status: 200, json: { hello: 'world' } });
    try {
      expect(await probeLocalServers({ targets: [{ kind: 'ollama', baseUrl: server.url }] })).toEqual([]);
    } finally {
      server.reset();
    }
  });

  it('gives up on a server that does not answer in time, without throwing', async () => {
    const started = performance.now();
    expect(await probeLocalServers({ timeoutMs: 200, targets: [{ kind: 'ollama', baseUrl: silentUrl }] })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('never throws, even for a broken fetch', async () => {
    const broken = (() => {
      throw new Error('no fetch here');
    }) as unknown as typeof fetch;
    expect(await probeLocalServers({ fetch: broken, targets: [{ kind: 'ollama', baseUrl: server.url }] })).toEqual([]);
  });
});
