import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ICON_SOURCE_UNAVAILABLE,
  loadIcons,
  setIconFetch,
  setIconHosts,
  type IconFetch,
} from '../../../src/ui/icon/icon-source';
import { getIcon } from '../../../src/ui/icon/icon-storage';
import { addIconSet, resetIcons } from '../../../src/ui/icon';
import { fakeIconFetch } from './fake-icon-server';

afterEach(() => {
  resetIcons();
  vi.unstubAllGlobals();
});

const urls = (fetch: ReturnType<typeof fakeIconFetch>) => fetch.mock.calls.map(([url]) => url);

describe('loadIcons', () => {
  it('asks the default host once per icon set, names sorted and de-duplicated', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    const result = await loadIcons(['demo:house', 'mdi:star', 'demo-check', 'demo:bell', 'demo:check']);
    expect(urls(fetch).sort()).toEqual([
      'https://api.iconify.design/demo.json?icons=bell,check,house',
      'https://api.iconify.design/mdi.json?icons=star',
    ]);
    expect(result).toEqual({
      status: 200,
      loaded: ['demo:bell', 'demo:check', 'demo:house', 'mdi:star'],
      missing: [],
      unavailable: [],
    });
    expect(getIcon('demo', 'house')?.body).toContain('<path');
  });

  it('batches every call made in the same tick into one request', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    const first = loadIcons(['demo:house']);
    const second = loadIcons(['demo:bell', 'demo:house']);
    expect(fetch).not.toHaveBeenCalled();
    await Promise.all([first, second]);
    expect(urls(fetch)).toEqual(['https://api.iconify.design/demo.json?icons=bell,house']);
    expect((await first).loaded).toEqual(['demo:house']);
    expect((await second).loaded).toEqual(['demo:bell', 'demo:house']);
  });

  it('makes a new request in a later tick, only for icons not yet loaded', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    await loadIcons(['demo:house']);
    await loadIcons(['demo:house', 'demo:check']);
    expect(urls(fetch)).toEqual([
      'https://api.iconify.design/demo.json?icons=house',
      'https://api.iconify.design/demo.json?icons=check',
    ]);
  });

  it('resolves aliases the service sends', async () => {
    setIconFetch(fakeIconFetch());
    expect((await loadIcons(['demo:home'])).loaded).toEqual(['demo:home']);
    expect(getIcon('demo', 'home')?.body).toBe(getIcon('demo', 'house')?.body);
  });

  it('remembers missing icons: asking again makes no request', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    expect(await loadIcons(['demo:nope', 'demo:check'])).toMatchObject({
      status: 200,
      loaded: ['demo:check'],
      missing: ['demo:nope'],
    });
    expect(await loadIcons(['demo:nope'])).toMatchObject({ status: 200, missing: ['demo:nope'] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('treats every icon of an unknown set as missing', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    expect((await loadIcons(['nope:a', 'nope:b'])).missing).toEqual(['nope:a', 'nope:b']);
    await loadIcons(['nope:a']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports invalid names as missing without a request', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    expect(await loadIcons(['Lucide:House', 'demo'])).toEqual({
      status: 200,
      loaded: [],
      missing: ['Lucide:House', 'demo'],
      unavailable: [],
    });
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers from storage without a request (bundled or added icons)', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    addIconSet({ prefix: 'local', icons: { dot: { body: '<circle r="1"/>' } } });
    expect((await loadIcons(['local:dot'])).loaded).toEqual(['local:dot']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('splits a long request so that every URL stays within 500 characters', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    const names = Array.from({ length: 60 }, (_, i) => `demo:made-up-icon-name-${i}`);
    const result = await loadIcons(names);
    expect(fetch.mock.calls.length).toBeGreaterThan(1);
    for (const url of urls(fetch)) expect(url.length).toBeLessThanOrEqual(500);
    const asked = urls(fetch).flatMap((url) => new URL(url).searchParams.get('icons')!.split(','));
    expect(asked.sort()).toEqual(names.map((name) => name.slice('demo:'.length)).sort());
    expect(result.missing).toHaveLength(60);
  });

  it('tries the next host when one fails', async () => {
    const fetch = fakeIconFetch({ down: ['https://down.example'] });
    setIconFetch(fetch);
    setIconHosts(['https://down.example', 'https://up.example/']);
    expect((await loadIcons(['demo:check'])).loaded).toEqual(['demo:check']);
    expect(urls(fetch)).toEqual([
      'https://down.example/demo.json?icons=check',
      'https://up.example/demo.json?icons=check',
    ]);
  });

  it('tries the next host after a server error or a malformed answer', async () => {
    const answers = [
      { ok: false, status: 503, json: async () => ({}) },
      { ok: true, status: 200, json: async () => ({ prefix: 'other', icons: {} }) },
      { ok: true, status: 200, json: async () => ({ prefix: 'demo', icons: { check: { body: '<path/>' } } }) },
    ];
    const fetch = vi.fn<IconFetch>(async () => answers.shift()!);
    setIconFetch(fetch);
    setIconHosts(['https://a.example', 'https://b.example', 'https://c.example']);
    expect((await loadIcons(['demo:check'])).loaded).toEqual(['demo:check']);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('reports 424 when every host fails, and does not retry', async () => {
    const fetch = fakeIconFetch({ down: ['https://'] });
    setIconFetch(fetch);
    expect(await loadIcons(['demo:check'])).toEqual({
      status: ICON_SOURCE_UNAVAILABLE,
      loaded: [],
      missing: [],
      unavailable: ['demo:check'],
    });
    expect((await loadIcons(['demo:check'])).status).toBe(424);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports 424 without any request when no host is configured', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    setIconHosts([]);
    const result = await loadIcons(['demo:check', 'mdi:star']);
    expect(result).toEqual({ status: 424, loaded: [], missing: [], unavailable: ['demo:check', 'mdi:star'] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports 424 when there is no fetch', async () => {
    setIconFetch(null);
    expect(await loadIcons(['demo:check'])).toMatchObject({ status: 424, unavailable: ['demo:check'] });
  });

  it('falls back to the global fetch by default, and reports 424 when there is none', async () => {
    const global = fakeIconFetch();
    vi.stubGlobal('fetch', global);
    setIconFetch(undefined); // the shared setup switches the transport off for unit tests
    expect((await loadIcons(['demo:check'])).loaded).toEqual(['demo:check']);
    expect(global).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', undefined);
    expect((await loadIcons(['demo:bell'])).status).toBe(424);
  });

  it('asks again once the configuration changes after a 424', async () => {
    setIconHosts([]);
    expect((await loadIcons(['demo:check'])).status).toBe(424);
    setIconFetch(fakeIconFetch());
    setIconHosts(['https://api.iconify.design']);
    expect((await loadIcons(['demo:check'])).status).toBe(200);
  });

  it('answers whoever still waits when reset, and drops the late answer', async () => {
    let answer!: () => void;
    const fetch = vi.fn<IconFetch>(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ ok: true, status: 200, json: async () => ({ prefix: 'demo', icons: { check: { body: '' } } }) });
        }),
    );
    setIconFetch(fetch);
    const waiting = loadIcons(['demo:check']);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    resetIcons();
    expect((await waiting).status).toBe(424);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getIcon('demo', 'check')).toBeUndefined();
  });
});
