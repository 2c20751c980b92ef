// @vitest-environment node
// Issue 37: OpenAI Responses' web search read into search steps and citations, and asked for.
import { describe, expect, it } from 'vitest';
import { createResponsesDecoder, responsesBody } from '../../../src/chat/responses';
import { MAX_STREAM_CITATIONS } from '../../../src/chat/wire';
import { webSearchFixture } from '../../support/openai-server/index.mjs';
import { badCitations, BIDI_TITLE, SCRIPT_TITLE, WEB_URLS } from './malformed';
import { expectCitationShapes, named, replay, spans } from './replay';

const fixture = () => replay(createResponsesDecoder(), webSearchFixture('responses'));

/** A Responses stream of one message whose text parts are `texts`, with `annotation.added` events after each part's text. */
function stream(texts: string[], annotations: unknown[][] = [], { completed = {} as Record<string, unknown>, events = true } = {}) {
  const out: Record<string, unknown>[] = [{ type: 'response.created', response: { id: 'resp_1' } }];
  texts.forEach((text, content) => {
    out.push({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: content, delta: text });
    if (events) (annotations[content] ?? []).forEach((annotation, i) => out.push({ type: 'response.output_text.annotation.added', item_id: 'msg_1', output_index: 0, content_index: content, annotation_index: i, annotation }));
  });
  out.push({ type: 'response.completed', response: { id: 'resp_1', status: 'completed', ...completed } });
  return named(out);
}
const urlCitation = (url: string, start: number, end: number, title = 'T') => ({ type: 'url_citation', url, title, start_index: start, end_index: end });

describe('Responses web search: reading', () => {
  it('the recorded stream: one search step (query and source count from the finished item), three citations on the links, once each', () => {
    const result = fixture();
    expect(result.error).toBeUndefined();
    expect(result.searches).toEqual([{ id: 'ws_68f0a1c2d3e4f5a6', status: 'done', query: 'Node.js current LTS version npm end of life', results: 4 }]);
    // The steps in order: announced searching, done on .completed, then the item's action.
    expect(result.deltas.filter((d) => d.type === 'search').map((d) => d.type === 'search' && d.search)).toEqual([
      { id: 'ws_68f0a1c2d3e4f5a6', status: 'searching' },
      { id: 'ws_68f0a1c2d3e4f5a6', status: 'done' },
      { id: 'ws_68f0a1c2d3e4f5a6', status: 'done', query: 'Node.js current LTS version npm end of life', results: 4 },
    ]);
    // The same three annotations come again on content_part.done, output_item.done and response.completed: not doubled.
    expect(result.citations.map((c) => c.url)).toEqual([
      'https://nodejs.org/en/blog/release/v24.11.0?utm_source=openai',
      'https://github.com/nodejs/node/releases?utm_source=openai',
      'https://endoflife.date/nodejs?utm_source=openai',
    ]);
    expect(result.citations[0]!.title).toBe('Node.js — Node.js v24.11.0 (LTS)');
    // The emoji before the second and third links counts one in OpenAI's indices and two here.
    expect(spans(result)).toEqual([
      '[nodejs.org](https://nodejs.org/en/blog/release/v24.11.0?utm_source=openai)',
      '[github.com](https://github.com/nodejs/node/releases?utm_source=openai)',
      '[endoflife.date](https://endoflife.date/nodejs?utm_source=openai)',
    ]);
    expect(result.toolCalls).toEqual([]);
    expect(result.deltas.find((d) => d.type === 'finish')).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('indices count code points: a span after emoji (and a CJK character) lands on the cited words', () => {
    const text = 'A 🎉🎉 party 漢 at [site](https://site.example/)';
    const at = [...text].length - [...'[site](https://site.example/)'].length;
    const result = replay(createResponsesDecoder(), stream([text], [[urlCitation('https://site.example/', at, [...text].length)]]));
    expect(spans(result)).toEqual(['[site](https://site.example/)']);
  });

  it('several parts: a part’s indices count from its own start, the text before it added', () => {
    const result = replay(
      createResponsesDecoder(),
      stream(['First 😀 part. ', 'Second [b](https://b.example/).'], [[urlCitation('https://a.example/', 0, 5)], [urlCitation('https://b.example/', 7, 30)]]),
    );
    expect(result.text).toBe('First 😀 part. Second [b](https://b.example/).');
    expect(spans(result)).toEqual(['First', '[b](https://b.example/)']);
  });

  it('no annotation events: the annotations on response.completed are read once', () => {
    const text = 'See [x](https://x.example/).';
    const output = [{ id: 'msg_1', type: 'message', content: [{ type: 'output_text', text, annotations: [urlCitation('https://x.example/', 4, 27)] }] }];
    const result = replay(createResponsesDecoder(), stream([text], [], { completed: { output } }));
    expect(spans(result)).toEqual(['[x](https://x.example/)']);
    expect(result.citations).toHaveLength(1);
  });

  it('an open_page action is a step with its URL; a failed call is failed; a search whose item never said its status still ends', () => {
    const events = named([
      { type: 'response.output_item.added', output_index: 0, item: { id: 'ws_a', type: 'web_search_call', status: 'in_progress' } },
      { type: 'response.output_item.done', output_index: 0, item: { id: 'ws_a', type: 'web_search_call', status: 'completed', action: { type: 'open_page', url: 'https://opened.example/page' } } },
      { type: 'response.web_search_call.searching', output_index: 1, item_id: 'ws_b' },
      { type: 'response.output_item.done', output_index: 1, item: { id: 'ws_b', type: 'web_search_call', status: 'failed', action: { type: 'search', query: 'q' } } },
      { type: 'response.output_item.done', output_index: 2, item: { id: 'ws_c', type: 'web_search_call', action: { type: 'search' } } },
      { type: 'response.completed', response: {} },
    ]);
    expect(replay(createResponsesDecoder(), events).searches).toEqual([
      { id: 'ws_a', status: 'done', url: 'https://opened.example/page' },
      { id: 'ws_b', status: 'failed', query: 'q' },
      { id: 'ws_c', status: 'done' },
    ]);
  });

  it('malformed annotations: the text comes whole, nothing is thrown, only web addresses become citations, each a Citation', () => {
    const text = 'Short reply.';
    const result = replay(createResponsesDecoder(), stream([text], [badCitations([...text].length).map((raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? { type: 'url_citation', ...raw } : raw))]));
    expect(result.error).toBeUndefined();
    expect(result.text).toBe(text);
    expect(result.citations.map((c) => c.url)).toEqual(WEB_URLS);
    expect(expectCitationShapes(result.citations)).toBe(true);
    // Raw titles pass (the cleaner makes them plain text); a span only where both ends are offsets inside the part.
    expect(result.citations.find((c) => c.url.endsWith('/markup'))).toEqual({ url: 'https://example.com/markup', title: SCRIPT_TITLE, start: 0, end: 1 });
    expect(result.citations.find((c) => c.url.endsWith('/bidi'))!.title).toBe(BIDI_TITLE);
    for (const url of ['past', 'types', 'negative', 'backwards', 'fraction']) expect(result.citations.find((c) => c.url.endsWith(`/${url}`))!.start).toBeUndefined();
  });

  it('10,000 annotations: the text is whole and at most MAX_STREAM_CITATIONS parts come out', () => {
    const text = 'x'.repeat(50);
    const many = Array.from({ length: 10_000 }, (_, i) => urlCitation(`https://e.example/${i}`, i % 50, (i % 50) + 1));
    const result = replay(createResponsesDecoder(), stream([text], [many]));
    expect(result.text).toBe(text);
    expect(result.citations).toHaveLength(MAX_STREAM_CITATIONS);
    expect(result.citations[0]!.url).toBe('https://e.example/0');
  });
});

describe('Responses web search: the request', () => {
  const base = { model: 'gpt-5-mini', messages: [{ role: 'user' as const, content: 'Latest Node?' }] };
  const fn = { type: 'function' as const, function: { name: 'lookup', description: 'Look up', parameters: { type: 'object' } } };

  it('webSearch offers web_search beside the functions and asks for the sources', () => {
    const body = responsesBody({ ...base, tools: [fn], webSearch: true }, { stream: true });
    expect(body.tools).toEqual([{ type: 'function', name: 'lookup', description: 'Look up', parameters: { type: 'object' }, strict: false }, { type: 'web_search' }]);
    expect(body.include).toEqual(['web_search_call.action.sources']);
    expect(responsesBody({ ...base, webSearch: true }, { stream: true }).tools).toEqual([{ type: 'web_search' }]);
  });

  it('unset (or a title, not streamed): nothing about search', () => {
    for (const body of [responsesBody(base, { stream: true }), responsesBody({ ...base, webSearch: false }, { stream: true }), responsesBody({ ...base, webSearch: true }, { stream: false })]) {
      expect(JSON.stringify(body)).not.toMatch(/web_search|include/);
      expect(body.tools).toBeUndefined();
    }
  });
});
