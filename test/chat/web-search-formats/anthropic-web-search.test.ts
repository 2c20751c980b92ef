// @vitest-environment node
// Issue 37: Anthropic's server-side web search and fetch read into search steps and citations, and asked for.
import { describe, expect, it } from 'vitest';
import { anthropicBody, createAnthropicDecoder } from '../../../src/chat/anthropic';
import { webSearchFixture } from '../../support/openai-server/index.mjs';
import { badCitations, SCRIPT_TITLE, WEB_URLS } from './malformed';
import { expectCitationShapes, named, replay, spans } from './replay';

const start = { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 1 } } };
const end = [{ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 1 } }, { type: 'message_stop' }];
const textBlock = (index: number, text: string, citations: unknown[] = [], onStart?: unknown) => [
  { type: 'content_block_start', index, content_block: { type: 'text', text: '', ...(onStart !== undefined && { citations: onStart }) } },
  ...citations.map((citation) => ({ type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } })),
  { type: 'content_block_delta', index, delta: { type: 'text_delta', text } },
  { type: 'content_block_stop', index },
];

describe('Anthropic web search: reading', () => {
  it('the recorded stream: the search a step (never a tool call), its results counted, each cited block’s text its span', () => {
    const result = replay(createAnthropicDecoder(), webSearchFixture('anthropic'));
    expect(result.error).toBeUndefined();
    expect(result.toolCalls).toEqual([]);
    expect(result.deltas.filter((d) => d.type === 'search').map((d) => d.type === 'search' && d.search)).toEqual([
      { id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB', status: 'searching' },
      { id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB', status: 'searching', query: 'latest Claude model release' },
      { id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB', status: 'done', results: 3 },
    ]);
    expect(result.searches).toEqual([{ id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB', status: 'done', query: 'latest Claude model release', results: 3 }]);
    expect(result.text).toBe("I'll search for the latest Claude model.\n\nHere is what I found. Claude Sonnet 4.5 was released on 29 September 2025, and it is listed among the current models in Anthropic’s documentation.");
    expect(spans(result)).toEqual([
      'Claude Sonnet 4.5 was released on 29 September 2025',
      'it is listed among the current models in Anthropic’s documentation',
      'it is listed among the current models in Anthropic’s documentation',
    ]);
    expect(result.citations.map(({ url, title, citedText }) => ({ url, title, citedText }))).toEqual([
      { url: 'https://www.anthropic.com/news/claude-sonnet-4-5', title: 'Introducing Claude Sonnet 4.5', citedText: 'Today we’re releasing Claude Sonnet 4.5, the best coding model in the world.' },
      { url: 'https://docs.claude.com/en/docs/about-claude/models/overview', title: 'Models overview - Claude Docs', citedText: 'Claude Sonnet 4.5 · Our best model for complex agents and coding' },
      { url: 'https://en.wikipedia.org/wiki/Claude_(language_model)', title: 'Claude (language model) - Wikipedia', citedText: 'Claude Sonnet 4.5 was released in September 2025.' },
    ]);
    expect(result.deltas.find((d) => d.type === 'finish')).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('a search that failed (max_uses_exceeded) is failed with its code, and the answer still comes', () => {
    const result = replay(createAnthropicDecoder(), webSearchFixture('anthropicError'));
    expect(result.error).toBeUndefined();
    expect(result.searches).toEqual([{ id: 'srvtoolu_01AbCdEfGhIjKlMnOpQrStUv', status: 'failed', query: 'weather in Lisbon today', error: 'max_uses_exceeded' }]);
    expect(result.text).toBe('I could not search any further this time, so I cannot give today’s forecast for Lisbon.');
    expect(result.toolCalls).toEqual([]);
  });

  it('web_fetch is a step with its URL; citations on a text block’s start count too; a client tool still is a tool call', () => {
    const result = replay(
      createAnthropicDecoder(),
      named([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 'srvtoolu_f', name: 'web_fetch', input: {} } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"url": "https://fetched.example/doc"}' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'web_fetch_tool_result', tool_use_id: 'srvtoolu_f', content: { type: 'web_fetch_result', url: 'https://fetched.example/doc', content: {} } } },
        { type: 'content_block_stop', index: 1 },
        ...textBlock(2, 'Before. '),
        ...textBlock(3, 'The doc says so.', [], [{ type: 'web_search_result_location', url: 'https://fetched.example/doc', title: 'Doc', cited_text: 'so' }]),
        { type: 'content_block_start', index: 4, content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} } },
        { type: 'content_block_delta', index: 4, delta: { type: 'input_json_delta', partial_json: '{"q":1}' } },
        { type: 'content_block_stop', index: 4 },
        ...end,
      ]),
    );
    expect(result.searches).toEqual([{ id: 'srvtoolu_f', status: 'done', url: 'https://fetched.example/doc' }]);
    expect(spans(result)).toEqual(['The doc says so.']);
    expect(result.citations[0]).toMatchObject({ url: 'https://fetched.example/doc', title: 'Doc', citedText: 'so' });
    expect(result.toolCalls).toEqual([
      { type: 'tool-call', index: 4, id: 'toolu_1', name: 'lookup' },
      { type: 'tool-call', index: 4, arguments: '{"q":1}' },
    ]);
  });

  it('malformed citations: the text comes whole, nothing is thrown, only web addresses become citations, each a Citation', () => {
    const bad = badCitations(10).map((raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? { type: 'web_search_result_location', cited_text: 7, ...raw } : raw));
    const many = Array.from({ length: 10_000 }, (_, i) => ({ type: 'web_search_result_location', url: `https://e.example/${i}`, title: `R${i}`, cited_text: 'x' }));
    const result = replay(
      createAnthropicDecoder(),
      named([
        start,
        ...textBlock(0, 'Bad sources here.', bad, 'not-an-array'),
        ...textBlock(1, '', [{ url: 'https://empty.example/' }]),
        { type: 'content_block_start', index: 2, content_block: { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_x', content: 'garbage' } },
        { type: 'content_block_delta', index: 3, delta: { type: 'citations_delta', citation: { url: 'https://orphan.example/' } } },
        ...textBlock(4, ' More.', many),
        ...end,
      ]),
    );
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Bad sources here.\n\n More.');
    expect(expectCitationShapes(result.citations)).toBe(true);
    expect(result.citations.slice(0, WEB_URLS.length).map((c) => c.url)).toEqual(WEB_URLS);
    expect(result.citations.find((c) => c.url.endsWith('/markup'))).toEqual({ url: 'https://example.com/markup', title: SCRIPT_TITLE, start: 0, end: 17 });
    // An empty block cites nothing in particular; 10,000 citations stop at the cap.
    expect(result.citations.find((c) => c.url === 'https://empty.example/')).toEqual({ url: 'https://empty.example/' });
    expect(result.citations).toHaveLength(100);
  });
});

describe('Anthropic web search: the request', () => {
  const base = { model: 'claude-a', messages: [{ role: 'user' as const, content: 'Hi' }, { role: 'assistant' as const, content: 'Earlier answer [1]' }, { role: 'user' as const, content: 'More?' }] };
  const fn = { type: 'function' as const, function: { name: 'lookup', parameters: { type: 'object' } } };

  it('webSearch adds the web_search server tool beside the functions', () => {
    expect(anthropicBody({ ...base, tools: [fn], webSearch: true }, { stream: true }).tools).toEqual([
      { name: 'lookup', input_schema: { type: 'object' } },
      { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
    ]);
    expect(anthropicBody({ ...base, webSearch: true }, { stream: true }).tools).toEqual([{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }]);
  });

  it('unset (or a title, not streamed): nothing about search, and history goes as text', () => {
    for (const body of [anthropicBody(base, { stream: true }), anthropicBody({ ...base, webSearch: true }, { stream: false })]) {
      expect(JSON.stringify(body)).not.toMatch(/web_search/);
      expect(body.tools).toBeUndefined();
    }
    expect(anthropicBody(base, { stream: true }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Earlier answer [1]' }] },
      { role: 'user', content: [{ type: 'text', text: 'More?' }] },
    ]);
  });
});
