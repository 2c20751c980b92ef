import { describe, expect, it } from 'vitest';
import {
  cleanHeaders,
  CONNECTION_PRESETS,
  headerError,
  modelIdOf,
  modelRef,
  normalizeBaseUrl,
  parseModelRef,
  readConnection,
} from '../../../src/chat/connections';

describe('normalizeBaseUrl', () => {
  it.each([
    ['http://localhost:11434/v1', 'http://localhost:11434/v1'],
    ['  http://localhost:11434/v1/  ', 'http://localhost:11434/v1'],
    ['http://localhost:11434/v1///', 'http://localhost:11434/v1'],
    ['HTTPS://API.OpenAI.com/v1', 'https://api.openai.com/v1'],
    ['https://openrouter.ai/api/v1/', 'https://openrouter.ai/api/v1'],
    ['localhost:11434/v1', 'http://localhost:11434/v1'],
    ['127.0.0.1:8080/v1', 'http://127.0.0.1:8080/v1'],
    ['http://[::1]:8080/v1', 'http://[::1]:8080/v1'],
    ['https://example.com:443/v1', 'https://example.com/v1'],
    ['http://localhost', 'http://localhost'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeBaseUrl(input)).toEqual({ ok: true, url: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['http://', 'malformed'],
    ['http://exa mple.com/v1', 'malformed'],
    ['ftp://example.com/v1', 'protocol'],
    ['file:///etc/passwd', 'protocol'],
    ['javascript:alert(1)', 'protocol'],
    ['mailto:someone@example.com', 'protocol'],
    ['http://user:secret@example.com/v1', 'credentials'],
    ['https://example.com/v1?api-version=1', 'query'],
    ['https://example.com/v1#models', 'query'],
  ])('refuses %j (%s) without throwing', (input, error) => {
    expect(normalizeBaseUrl(input)).toEqual({ ok: false, error });
  });

  it('accepts every preset address as it is', () => {
    for (const preset of CONNECTION_PRESETS) expect(normalizeBaseUrl(preset.baseUrl)).toEqual({ ok: true, url: preset.baseUrl });
  });
});

describe('model references', () => {
  it.each([
    ['ollama1', 'llama3.2:3b', 'ollama1/llama3.2:3b'],
    ['c1', 'meta-llama/Llama-3.1-8B-Instruct', 'c1/meta-llama/Llama-3.1-8B-Instruct'],
    ['or', 'openai/gpt-4o:free', 'or/openai/gpt-4o:free'],
  ])('modelRef(%j, %j) = %j and parses back at the first slash', (connectionId, modelId, ref) => {
    expect(modelRef(connectionId, modelId)).toBe(ref);
    expect(parseModelRef(ref)).toEqual({ connectionId, modelId });
    expect(modelIdOf(ref)).toBe(modelId);
  });

  it.each([undefined, null, '', 'no-slash', '/model', 'connection/'])('%j is not a reference', (ref) => {
    expect(parseModelRef(ref)).toBeUndefined();
  });

  it('shows a string that is not a reference whole', () => {
    expect(modelIdOf('llama-3.1-8b')).toBe('llama-3.1-8b');
  });

  it.each(['', 'a/b'])('refuses the connection id %j', (id) => {
    expect(() => modelRef(id, 'model')).toThrow();
  });
});

describe('headers', () => {
  it.each([
    ['X-Title', 'Parley', undefined],
    ['HTTP-Referer', 'https://example.com', undefined],
    ['Bad Header', 'x', 'name'],
    ['', 'x', 'name'],
    ['X-Ok', 'line\r\nInjected: yes', 'value'],
  ])('headerError(%j, %j) = %j', (name, value, error) => {
    expect(headerError(name, value)).toBe(error);
  });

  it('keeps only headers fetch would accept', () => {
    expect(cleanHeaders({ 'X-Title': ' Parley ', 'bad name': 'x', 'X-Num': 3 })).toEqual({ 'X-Title': 'Parley' });
    expect(cleanHeaders({})).toBeUndefined();
    expect(cleanHeaders('nope')).toBeUndefined();
  });
});

describe('readConnection (stored data read back)', () => {
  it('normalizes a stored connection', () => {
    expect(readConnection({ id: 'c1', name: 'Home', kind: 'ollama', baseUrl: 'http://localhost:11434/v1/', apiKey: ' k ', headers: { A: 'b' } })).toEqual({
      id: 'c1',
      name: 'Home',
      kind: 'ollama',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'k',
      // Stored before keys were tied to an address: confirmed for the address it was stored with.
      apiKeyUrl: 'http://localhost:11434/v1',
      headers: { A: 'b' },
    });
  });

  it('keeps a key bound to the address it was confirmed for, a pending address, and a session-only key’s absence', () => {
    expect(readConnection({ id: 'c1', baseUrl: 'http://new/v1', apiKey: 'k', apiKeyUrl: 'http://old/v1' })).toMatchObject({ apiKeyUrl: 'http://old/v1' });
    const pending = readConnection({ id: 'c1', baseUrl: 'http://h/v1', apiKey: 'k', pending: true });
    expect(pending).toMatchObject({ pending: true, apiKey: 'k' });
    expect(pending).not.toHaveProperty('apiKeyUrl');
    expect(readConnection({ id: 'c1', baseUrl: 'http://h/v1', keyStorage: 'session' })).toMatchObject({ keyStorage: 'session' });
    expect(readConnection({ id: 'c1', baseUrl: 'http://h/v1', keyStorage: 'disk', pending: 'yes' })).toEqual({ id: 'c1', name: 'OpenAI-compatible server', kind: 'custom', baseUrl: 'http://h/v1' });
  });

  it('fills a missing name from the kind and an unknown kind as custom', () => {
    expect(readConnection({ id: 'c1', kind: 'vllm', baseUrl: 'http://h:8000/v1' })?.name).toBe('vLLM');
    expect(readConnection({ id: 'c1', name: 'X', kind: 'mystery', baseUrl: 'http://h/v1' })?.kind).toBe('custom');
  });

  it.each([
    ['not an object', 'x'],
    ['no id', { baseUrl: 'http://h/v1' }],
    ['an id with a slash', { id: 'a/b', baseUrl: 'http://h/v1' }],
    ['a bad address', { id: 'c1', baseUrl: 'ftp://h' }],
  ])('drops %s', (_label, value) => {
    expect(readConnection(value)).toBeUndefined();
  });
});
