// @vitest-environment node
// Parley's web_search tool (issue 37): what the model is offered, what a call returns (numbered
// results and their sources) and what it is told when the search cannot run.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSearxngServer, SEARXNG_RESULTS, type RunningSearxngServer } from '../../support/searxng-server/index.mjs';
import { BUILT_IN_SERVERS } from '../../../src/chat/tools/built-in-list';
import { configureSearchSettings, resetSearchSettings, WEB_SEARCH_ID, webSearchTools } from '../../../src/chat/web-search';
import { searchResultSources } from '../../../src/chat/web-search/result-sources';
import type { BuiltInCallContext } from '../../../src/chat/mcp/built-in-servers';

let searxng: RunningSearxngServer;
beforeAll(async () => {
  searxng = await startSearxngServer();
});
afterAll(() => searxng.close());
afterEach(() => {
  searxng.reset();
  resetSearchSettings();
});

const CONTEXT: BuiltInCallContext = { chatId: 'c', messages: [], loadAttachment: async () => undefined };
const withAddress = (searxngUrl: string) => configureSearchSettings({ load: async () => ({ searxngUrl }), save: async () => {} });
const call = (args: Record<string, unknown>, signal = new AbortController().signal) => webSearchTools.callTool('web_search', args, signal, CONTEXT);
const text = (result: Awaited<ReturnType<typeof call>>) => result.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('the web_search tool', () => {
  it('is Parley’s own server, listed after Code, and tells the model to cite results by number after the sentence', () => {
    expect(BUILT_IN_SERVERS.map((server) => server.id)).toEqual(['parley:code', 'parley:web-search']);
    expect(webSearchTools).toMatchObject({ id: WEB_SEARCH_ID, label: 'Web search' });
    const [tool] = webSearchTools.tools;
    expect(tool!.name).toBe('web_search');
    expect(tool!.inputSchema).toMatchObject({ properties: { query: { type: 'string' } }, required: ['query'] });
    expect(tool!.description).toMatch(/cite the results you rely on by their numbers, like \[1\] or \[2\]\[3\], right after the sentence they support/);
  });

  it('searches the saved address and returns the results numbered, as text and as sources in the same order', async () => {
    withAddress(searxng.url);
    const result = await call({ query: '  latest   release ' });
    expect(searxng.requests.map((r) => r.query)).toEqual([{ q: 'latest release', format: 'json' }]);
    expect(result.isError).toBe(false);
    expect(result.sources?.map((s) => s.url)).toEqual(SEARXNG_RESULTS.map((r) => r.url));
    const lines = text(result).split('\n');
    expect(lines[0]).toBe('Results for “latest release” (cite them by number):');
    expect(lines[2]).toBe(`[1] ${SEARXNG_RESULTS[0]!.title} — ${SEARXNG_RESULTS[0]!.url}`);
    expect(lines[3]).toBe(`${SEARXNG_RESULTS[0]!.title}: what this page says about latest release.`);
    expect(text(result)).toContain(`[8] ${SEARXNG_RESULTS[7]!.title} — ${SEARXNG_RESULTS[7]!.url}`);
    // The runner reads the same sources back from a search tool's result.
    expect(searchResultSources('web_search', result)).toEqual(result.sources);
  });

  it('without an address, says to set one in Settings → Search and asks nothing', async () => {
    withAddress('');
    const result = await call({ query: 'x' });
    expect(result).toMatchObject({ isError: true });
    expect(text(result)).toBe('Web search is not set up: the user has no SearXNG address. They can set one in Settings → Search.');
    expect(searxng.requests).toEqual([]);
  });

  it('a failed search is an error result with the doctor’s reason, so the model can go on', async () => {
    withAddress(searxng.url);
    searxng.setMode('json-off');
    const result = await call({ query: 'x' });
    expect(result.isError).toBe(true);
    expect(result.sources).toBeUndefined();
    expect(text(result)).toBe(
      'The search failed. SearXNG answers 403 Forbidden to format=json: its JSON output is turned off. Add json to search.formats in SearXNG’s settings.yml, then restart SearXNG.',
    );
    expect(text(await call({ query: '   ' }))).toMatch(/needs a query/);
  });

  it('Stop ends a search under way with the abort, not with a result', async () => {
    withAddress('http://10.255.255.1:9/');
    const stop = new AbortController();
    const pending = call({ query: 'x' }, stop.signal);
    stop.abort(new DOMException('Stopped', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
