import { describe, expect, it } from 'vitest';
import type { ConnectionKind } from '../../../src/chat/connections';
import { explainModelError, type ModelErrorFacts } from '../../../src/pages/shared/explain-model-error';
import { formatWait } from '../../../src/pages/shared/format-wait';
import { en as S } from '../../../src/i18n/en';


const ORIGIN = 'http://localhost:4173';
const explain = (facts: Omit<ModelErrorFacts, 'origin'>) => explainModelError({ origin: ORIGIN, ...facts });
const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

describe('explainModelError: unreachable, by reason', () => {
  it.each<[string | undefined, string, string]>([
    ['cors', S['modelError.cors.title'], fill(S['modelError.cors.body'], { origin: ORIGIN })],
    ['down', S['modelError.down.title'], S['modelError.down.body']],
    ['cors-or-down', S['modelError.unreachable.title'], fill(S['modelError.corsOrDown.body'], { origin: ORIGIN })],
    [undefined, S['modelError.unreachable.title'], fill(S['modelError.corsOrDown.body'], { origin: ORIGIN })],
    ['mixed-content', S['modelError.mixedContent.title'], S['modelError.mixedContent.body']],
    ['invalid-url', S['modelError.invalidUrl.title'], S['modelError.invalidUrl.body']],
    ['timeout', S['modelError.timeout.title'], S['modelError.timeout.body']],
  ])('%s → %j', (reason, title, body) => {
    const result = explain({ code: 'unreachable', reason, kind: 'ollama' });
    expect(result.title).toBe(title);
    expect(result.body).toBe(body);
    expect(result.fix).toBeTruthy();
  });
});

describe('explainModelError: the fix names the server in use', () => {
  it.each<[ConnectionKind | undefined, string, string]>([
    ['ollama', 'cors', `OLLAMA_ORIGINS=${ORIGIN} ollama serve`],
    ['llamacpp', 'cors', '--cors is on'],
    ['llamacpp', 'cors', '--host 0.0.0.0'],
    ['lmstudio', 'cors', '“Enable CORS”'],
    ['vllm', 'cors', `--allowed-origins '["${ORIGIN}"]'`],
    ['openai', 'cors', 'accepts requests from browsers'],
    ['openrouter', 'cors', 'accepts requests from browsers'],
    ['custom', 'cors', `Access-Control-Allow-Origin: ${ORIGIN}`],
    [undefined, 'cors', `Access-Control-Allow-Origin: ${ORIGIN}`],
    ['ollama', 'down', 'ollama serve'],
    ['llamacpp', 'down', 'llama-server -m model.gguf'],
    ['lmstudio', 'down', 'start the server (port 1234'],
    ['vllm', 'down', 'vllm serve'],
    ['openai', 'down', 'accepts requests from browsers'],
    ['custom', 'down', 'usually ends with /v1'],
  ])('%s, %s: the fix says %j', (kind, reason, phrase) => {
    expect(explain({ code: 'unreachable', reason, kind }).fix).toContain(phrase);
  });

  it('when the browser hides the cause, a local server gets both fixes: start it, then allow this page', () => {
    const fix = explain({ code: 'unreachable', reason: 'cors-or-down', kind: 'ollama' }).fix!;
    expect(fix.startsWith(S['modelError.fix.down.ollama'])).toBe(true);
    expect(fix).toContain(`If it is running: Allow this page in Ollama: quit it, then start it with OLLAMA_ORIGINS=${ORIGIN} ollama serve`);
  });

  it('a hosted service is not told about CORS settings it does not have', () => {
    expect(explain({ code: 'unreachable', reason: 'cors-or-down', kind: 'openai' }).fix).toBe(S['modelError.fix.hosted']);
  });

  it('uses the page’s own origin by default', () => {
    expect(explainModelError({ code: 'unreachable', reason: 'cors', kind: 'ollama' }).fix).toContain(`OLLAMA_ORIGINS=${location.origin} ollama serve`);
  });
});

describe('explainModelError: other codes', () => {
  it.each<[string, Omit<ModelErrorFacts, 'origin'>, string, string, string | undefined]>([
    ['no connection', { code: 'no-model', reason: 'no-connection' }, 'modelError.noConnection.title', 'modelError.noConnection.body', 'modelError.noConnection.fix'],
    ['no reason', { code: 'no-model' }, 'modelError.noConnection.title', 'modelError.noConnection.body', 'modelError.noConnection.fix'],
    ['no model chosen', { code: 'no-model', reason: 'no-model-chosen' }, 'modelError.noModelChosen.title', 'modelError.noModelChosen.body', 'modelError.noModelChosen.fix'],
    ['connection removed', { code: 'no-model', reason: 'connection-removed' }, 'modelError.connectionRemoved.title', 'modelError.connectionRemoved.body', 'modelError.connectionRemoved.fix'],
    ['401 hosted', { code: 'unauthorized', status: 401, kind: 'openai' }, 'modelError.unauthorized.title', 'modelError.unauthorized.body', 'modelError.unauthorized.fix.hosted'],
    ['401 openrouter', { code: 'unauthorized', status: 401, kind: 'openrouter' }, 'modelError.unauthorized.title', 'modelError.unauthorized.body', 'modelError.unauthorized.fix.hosted'],
    ['401 local', { code: 'unauthorized', status: 401, kind: 'llamacpp' }, 'modelError.unauthorized.title', 'modelError.unauthorized.body', 'modelError.unauthorized.fix.local'],
    ['403', { code: 'unauthorized', reason: 'forbidden', status: 403 }, 'modelError.forbidden.title', 'modelError.forbidden.body', 'modelError.forbidden.fix'],
    ['404 model', { code: 'model-not-found', status: 404, kind: 'vllm' }, 'modelError.modelNotFound.title', 'modelError.modelNotFound.body', 'modelError.modelNotFound.fix'],
    ['404 model, Ollama', { code: 'model-not-found', status: 404, kind: 'ollama' }, 'modelError.modelNotFound.title', 'modelError.modelNotFound.body', 'modelError.modelNotFound.fix.ollama'],
    ['404 endpoint', { code: 'model-not-found', reason: 'endpoint-not-found', status: 404 }, 'modelError.endpointNotFound.title', 'modelError.endpointNotFound.body', 'modelError.endpointNotFound.fix'],
    ['429 without a wait', { code: 'rate-limited', status: 429 }, 'modelError.rateLimited.title', 'modelError.rateLimited.body', 'modelError.rateLimited.fix'],
    ['429 quota', { code: 'rate-limited', reason: 'quota', status: 429, retryAfterMs: 1000 }, 'modelError.quota.title', 'modelError.quota.body', 'modelError.quota.fix'],
    ['5xx without a status', { code: 'server-error' }, 'modelError.serverError.title', 'modelError.serverError.body', 'modelError.serverError.fix'],
    ['context length', { code: 'server-error', reason: 'context-length', status: 400 }, 'modelError.contextLength.title', 'modelError.contextLength.body', 'modelError.contextLength.fix'],
    ['context length, unknown code', { code: 'unknown', reason: 'context-length' }, 'modelError.contextLength.title', 'modelError.contextLength.body', 'modelError.contextLength.fix'],
    ['incomplete', { code: 'stream-interrupted', reason: 'incomplete' }, 'modelError.interrupted.title', 'modelError.incomplete.body', 'modelError.interrupted.fix'],
    ['connection lost', { code: 'stream-interrupted', reason: 'connection-lost' }, 'modelError.interrupted.title', 'modelError.connectionLost.body', 'modelError.interrupted.fix'],
    ['interrupted, no reason', { code: 'stream-interrupted' }, 'modelError.interrupted.title', 'modelError.connectionLost.body', 'modelError.interrupted.fix'],
    ['length limit, empty', { code: 'stream-interrupted', reason: 'length-empty' }, 'modelError.lengthEmpty.title', 'modelError.lengthEmpty.body', 'modelError.lengthEmpty.fix'],
    ['not an event stream', { code: 'malformed-stream', reason: 'not-event-stream' }, 'modelError.malformed.title', 'modelError.notEventStream.body', 'modelError.notEventStream.fix'],
    ['bad JSON', { code: 'malformed-stream', reason: 'bad-json' }, 'modelError.malformed.title', 'modelError.badJson.body', 'modelError.badJson.fix'],
    ['first byte timed out', { code: 'stream-interrupted', reason: 'first-byte-timeout' }, 'modelError.firstByteTimeout.title', 'modelError.firstByteTimeout.body', 'modelError.firstByteTimeout.fix'],
    ['went silent mid-reply', { code: 'stream-interrupted', reason: 'idle-timeout' }, 'modelError.idleTimeout.title', 'modelError.idleTimeout.body', 'modelError.interrupted.fix'],
    ['an event too large', { code: 'malformed-stream', reason: 'event-too-large' }, 'modelError.malformed.title', 'modelError.eventTooLarge.body', 'modelError.eventTooLarge.fix'],
    ['Ollama native API', { code: 'malformed-stream', reason: 'ollama-native' }, 'modelError.ollamaNative.title', 'modelError.ollamaNative.body', 'modelError.ollamaNative.fix'],
    ['Anthropic Messages API', { code: 'malformed-stream', reason: 'anthropic-stream' }, 'modelError.anthropic.title', 'modelError.anthropic.body', 'modelError.anthropic.fix'],
    ['502 bad gateway', { code: 'server-error', reason: 'bad-gateway', status: 502 }, 'modelError.badGateway.title', 'modelError.badGateway.body', 'modelError.badGateway.fix'],
    ['503 unavailable', { code: 'server-error', reason: 'unavailable', status: 503 }, 'modelError.unavailable.title', 'modelError.unavailable.body', 'modelError.unavailable.fix'],
    ['504 gateway time-out', { code: 'server-error', reason: 'gateway-timeout', status: 504 }, 'modelError.gatewayTimeout.title', 'modelError.gatewayTimeout.body', 'modelError.gatewayTimeout.fix'],
    ['unknown', { code: 'unknown' }, 'modelError.unknown.title', 'modelError.unknown.body', undefined],
    ['a code we never heard of', { code: 'martian' }, 'modelError.unknown.title', 'modelError.unknown.body', undefined],
  ])('%s', (_label, facts, title, body, fix) => {
    const result = explain(facts);
    expect(result.title).toBe(S[title as keyof typeof S]);
    expect(result.body).toBe(S[body as keyof typeof S]);
    expect(result.fix).toBe(fix === undefined ? undefined : S[fix as keyof typeof S]);
  });

  it('429 with a wait says how long, in words', () => {
    const result = explain({ code: 'rate-limited', status: 429, retryAfterMs: 30_000 });
    expect(result.body).toBe('Too many requests: the server asks to wait 30 seconds.');
    expect(result.fix).toBe('Retry after 30 seconds.');
  });

  it('5xx names the status', () => {
    expect(explain({ code: 'server-error', status: 503 }).body).toBe('The server had an internal error (HTTP 503).');
  });

  it('keeps the server’s own words as the detail', () => {
    expect(explain({ code: 'unauthorized', message: ' Incorrect API key provided: sk-…abc ' }).detail).toBe('Incorrect API key provided: sk-…abc');
    expect(explain({ code: 'unreachable', reason: 'down', message: 'Could not reach http://x (Failed to fetch)' }).detail).toBe('Could not reach http://x (Failed to fetch)');
    expect(explain({ code: 'unknown', message: '' }).detail).toBeUndefined();
  });
});

describe('formatWait', () => {
  it.each([
    [400, '1 second'],
    [30_000, '30 seconds'],
    [59_500, '60 seconds'],
    [60_000, '1 minute'],
    [150_000, '3 minutes'],
    [3_600_000, '1 hour'],
    [5_400_000, '2 hours'],
  ])('%d ms → %j', (ms, text) => {
    expect(formatWait(ms, 'en')).toBe(text);
  });
});

describe('the native formats’ doctor (issue 27)', () => {
  const native = S;
  it.each([
    ['an OpenAI-compatible server set to Anthropic', { code: 'malformed-stream', reason: 'openai-api', api: 'anthropic' }, 'modelError.openaiApi.title', 'modelError.openaiApi.fix'],
    ['no /messages at an address set to Anthropic', { code: 'model-not-found', reason: 'endpoint-not-found', api: 'anthropic' }, 'modelError.noMessagesApi.title', 'modelError.noMessagesApi.fix'],
    ['overloaded (529)', { code: 'server-error', reason: 'overloaded', status: 529, api: 'anthropic' }, 'modelError.overloaded.title', 'modelError.overloaded.fix'],
    ['Anthropic rejects the key', { code: 'unauthorized', status: 401, api: 'anthropic' }, 'modelError.unauthorized.title', 'modelError.unauthorized.fix.anthropic'],
    ['Anthropic’s address set to Chat Completions', { code: 'malformed-stream', reason: 'anthropic-stream' }, 'modelError.anthropic.title', 'modelError.anthropic.fix'],
    ['Responses cut short by a filter', { code: 'stream-interrupted', reason: 'provider-incomplete', message: 'content_filter' }, 'modelError.incompleteReply.title', 'modelError.incompleteReply.fix'],
  ])('%s', (_label, facts, title, fix) => {
    const result = explain(facts);
    expect(result.title).toBe(native[title as keyof typeof native]);
    expect(result.fix).toBe(native[fix as keyof typeof native]);
  });

  it('a server without the Responses API names the address it tried and the format to choose', () => {
    const result = explain({ code: 'model-not-found', reason: 'endpoint-not-found', api: 'responses', base: 'http://localhost:8080/v1' });
    expect(result.body).toBe('The connection is set to OpenAI Responses, but the server has nothing at http://localhost:8080/v1/responses.');
    expect(result.fix).toBe('In Settings → Connections, set this connection’s API format to “OpenAI-compatible (Chat Completions)”.');
  });

  it('an OpenAI-compatible server set to Anthropic says which format it speaks and which to choose, and never blames CORS (issue 33)', () => {
    const result = explain({ code: 'malformed-stream', reason: 'openai-api', api: 'anthropic', kind: 'custom', message: 'http://localhost:8080/v1 speaks OpenAI’s Chat Completions' });
    expect(result.title).toBe('This server speaks Chat Completions');
    expect(result.fix).toBe('In Settings → Connections, set this connection’s API format to “OpenAI-compatible (Chat Completions)”.');
    expect(`${result.title} ${result.body} ${result.fix}`).not.toMatch(/CORS|running|answered/i);
  });

  it('Anthropic answers browsers itself: a failed fetch is never blamed on its CORS set-up', () => {
    const result = explain({ code: 'unreachable', reason: 'cors', kind: 'custom', api: 'anthropic' });
    expect(result.fix).toBe(S['modelError.fix.hosted']);
  });
});

describe('offline first (issue 33)', () => {
  it('a failure the network explains leads with "You are offline", then the server’s own explanation and fix', () => {
    const online = explain({ code: 'unreachable', reason: 'down', kind: 'ollama', offline: false });
    const offline = explain({ code: 'unreachable', reason: 'down', kind: 'ollama', offline: true });
    expect(offline.title).toBe('You are offline');
    expect(offline.body).toBe(`This device has no network connection. ${online.title}: ${online.body}`);
    expect(offline.fix).toBe(`Reconnect, then try again. ${online.fix}`);
    expect(explain({ code: 'stream-interrupted', offline: true }).title).toBe('You are offline');
    expect(explain({ code: 'unreachable', reason: 'cors-or-down', kind: 'lmstudio', offline: true }).body).toContain(S['modelError.unreachable.title']);
  });

  it.each<[string, Omit<ModelErrorFacts, 'origin'>]>([
    ['a bad address', { code: 'unreachable', reason: 'invalid-url', offline: true }],
    ['http:// from an https:// page', { code: 'unreachable', reason: 'mixed-content', offline: true }],
    ['a refused key (an answer came)', { code: 'unauthorized', status: 401, offline: true }],
    ['a reply the provider ended', { code: 'stream-interrupted', reason: 'provider-incomplete', offline: true }],
    ['online', { code: 'unreachable', reason: 'down', offline: false }],
  ])('not for %s', (_label, facts) => {
    expect(explain(facts).title).not.toBe('You are offline');
  });

  it('follows navigator.onLine when not told', () => {
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine') ?? Object.getOwnPropertyDescriptor(navigator, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      expect(explain({ code: 'unreachable', reason: 'cors-or-down' }).title).toBe('You are offline');
    } finally {
      if (onLine) Object.defineProperty(navigator, 'onLine', onLine);
      else delete (navigator as { onLine?: boolean }).onLine;
    }
    expect(explain({ code: 'unreachable', reason: 'cors-or-down' }).title).toBe(S['modelError.unreachable.title']);
  });
});
