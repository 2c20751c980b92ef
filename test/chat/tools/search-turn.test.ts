// A turn with searches (issue 37): each search tool's results numbered after the turn's earlier ones,
// the reply's [n] citing them, and Parley's web_search running without asking while no policy says otherwise.
import { describe, expect, it } from 'vitest';
import { numberedResults } from '../../../src/chat/tools/turn-sources';
import { resolveCalls } from '../../../src/chat/tools/tool-steps';
import { toolCatalogue } from '../../../src/chat/tools';
import { webSearchTools, WEB_SEARCH_ID } from '../../../src/chat/web-search';
import type { Message } from '../../../src/chat';

describe('numberedResults', () => {
  const sources = [
    { url: 'https://a.example/', title: 'A' },
    { url: 'https://b.example/' },
  ];
  const parley = 'Results for “q” (cite them by number):\n\n[1] A — https://a.example/\nsnippet\n\n[2] https://b.example/ — https://b.example/';

  it('Parley’s own result lines move up by the results before them in the turn; the first search keeps its numbers', () => {
    expect(numberedResults(parley, sources, 0, true)).toBe(parley);
    expect(numberedResults(parley, sources, 8, true)).toBe('Results for “q” (cite them by number):\n\n[9] A — https://a.example/\nsnippet\n\n[10] https://b.example/ — https://b.example/');
  });

  it('another server’s text keeps its shape, and gets the numbers the reply may cite after it', () => {
    expect(numberedResults('Title: A\nURL: https://a.example/', sources, 3, false)).toBe(
      'Title: A\nURL: https://a.example/\n\nSources in this result (cite them by number, like [4]):\n[4] A — https://a.example/\n[5] https://b.example/ — https://b.example/',
    );
  });
});

describe('resolveCalls with a consented server', () => {
  const catalogue = toolCatalogue([{ serverId: WEB_SEARCH_ID, label: 'Web search', tools: [...webSearchTools.tools], bare: true }]);
  const reply: Message = {
    id: 'r1',
    chatId: 'c1',
    parentId: 'u1',
    role: 'assistant',
    content: '',
    status: 'complete',
    createdAt: 0,
    toolCalls: [{ index: 0, id: 'call_1', name: 'web_search', arguments: '{"query":"x"}' }],
  };
  const consented = (serverId: string) => serverId === WEB_SEARCH_ID;

  it('runs at once while the user set no policy, asks without consent, and a policy the user set wins', () => {
    expect(resolveCalls(reply, catalogue, {}, false, consented)[0]!.call.state).toBe('running');
    expect(resolveCalls(reply, catalogue, {}, false)[0]!.call.state).toBe('pending');
    expect(resolveCalls(reply, catalogue, { [WEB_SEARCH_ID]: { web_search: 'off' } }, false, consented)[0]!.call.state).toBe('refused');
    expect(webSearchTools.consented).toBe(true);
  });
});
