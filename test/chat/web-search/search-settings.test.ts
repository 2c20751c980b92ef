// @vitest-environment node
// Settings → Search's store (issue 37) and where a chat's searches go (searchRoute).
import { describe, expect, it } from 'vitest';
import { createSearchSettingsStore, DEFAULT_SEARCH_SETTINGS, normalizeSearxngAddress, readSearchSettings, SEARCH_SETTING, searchRoute } from '../../../src/chat/web-search';

const memory = (stored?: unknown) => {
  const rows = new Map<string, unknown>(stored === undefined ? [] : [[SEARCH_SETTING, stored]]);
  return { rows, io: { load: async (key: string) => rows.get(key), save: async (key: string, value: unknown) => void rows.set(key, structuredClone(value)) } };
};

describe('the search settings', () => {
  it('start off, with no address and the automatic route; a change is kept in the row and read back', async () => {
    const { rows, io } = memory();
    const store = createSearchSettingsStore(io);
    await store.init();
    expect(store.getSnapshot()).toEqual({ searxngUrl: '', route: 'auto' });
    let told = 0;
    store.subscribe(() => told++);
    await store.setRoute('searxng');
    await store.setSearxngUrl('  http://localhost:8888/searx/?q=x#top ');
    expect(told).toBe(2);
    expect(rows.get(SEARCH_SETTING)).toEqual({ searxngUrl: 'http://localhost:8888/searx/', route: 'searxng' });
    const again = createSearchSettingsStore(io);
    await again.init();
    expect(again.getSnapshot()).toEqual(rows.get(SEARCH_SETTING));
  });

  it('keeps the stored address when given one it refuses, and reads junk as the defaults', async () => {
    const { io } = memory({ searxngUrl: 'https://searx.example/' });
    const store = createSearchSettingsStore(io);
    await store.init();
    await store.setSearxngUrl('ftp://searx.example/');
    await store.setSearxngUrl('https://me:pw@searx.example/');
    expect(store.getSnapshot().searxngUrl).toBe('https://searx.example/');
    expect(normalizeSearxngAddress('searx')).toEqual({ ok: false, reason: 'not-a-url' });
    expect(normalizeSearxngAddress('file:///etc')).toEqual({ ok: false, reason: 'not-http' });
    expect(readSearchSettings({ searxngUrl: 'javascript:alert(1)', route: 'elsewhere' })).toEqual(DEFAULT_SEARCH_SETTINGS);
    expect(readSearchSettings(null)).toEqual(DEFAULT_SEARCH_SETTINGS);
  });

  it('lets a change made before the stored row arrived win', async () => {
    const { io } = memory({ route: 'auto' });
    const store = createSearchSettingsStore(io);
    const loading = store.init();
    await store.setRoute('searxng');
    await loading;
    expect(store.getSnapshot().route).toBe('searxng');
  });
});

describe('where a chat’s searches go', () => {
  const auto = { route: 'auto' as const, searxngUrl: '' };
  const withSearxng = { route: 'auto' as const, searxngUrl: 'http://localhost:8888/' };
  it('automatically, to the provider’s own search where the format has one', () => {
    expect(searchRoute({ api: 'responses', baseUrl: 'https://api.openai.com/v1' }, withSearxng)).toEqual({ kind: 'provider', provider: 'OpenAI' });
    expect(searchRoute({ api: 'anthropic', baseUrl: 'https://api.anthropic.com/v1' }, auto)).toEqual({ kind: 'provider', provider: 'Anthropic' });
    expect(searchRoute({ baseUrl: 'https://openrouter.ai/api/v1' }, auto)).toEqual({ kind: 'provider', provider: 'OpenRouter' });
  });

  it('automatically, to SearXNG for a Chat Completions server other than OpenRouter, and nowhere without an address', () => {
    expect(searchRoute({ baseUrl: 'http://localhost:11434/v1' }, withSearxng)).toEqual({ kind: 'searxng', url: 'http://localhost:8888/' });
    expect(searchRoute({ baseUrl: 'https://api.openai.com/v1' }, auto)).toEqual({ kind: 'none' });
    expect(searchRoute({ baseUrl: 'https://openrouter.ai.evil.example/v1' }, auto)).toEqual({ kind: 'none' });
  });

  it('always to SearXNG when chosen, never the provider even without an address', () => {
    expect(searchRoute({ api: 'responses', baseUrl: 'https://api.openai.com/v1' }, { ...withSearxng, route: 'searxng' })).toEqual({ kind: 'searxng', url: 'http://localhost:8888/' });
    expect(searchRoute({ api: 'anthropic', baseUrl: 'https://api.anthropic.com/v1' }, { route: 'searxng', searxngUrl: '' })).toEqual({ kind: 'none' });
  });
});
