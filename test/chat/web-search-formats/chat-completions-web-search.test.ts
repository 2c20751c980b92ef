// @vitest-environment node
// Issue 37: Chat Completions' url_citation annotations read into citations, and OpenRouter's web plugin asked for.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChunkDecoder, createOpenAiModel, searchesWith } from '../../../src/chat/chat-completions';
import { chatCompletionsAnnotationsStream, startOpenAiServer, textStream, webSearchFixture, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { badCitations, WEB_URLS } from './malformed';
import { chunks, expectCitationShapes, fold, replay, spans } from './replay';

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
const annotation = (url: string, start: unknown, end: unknown, extra: Record<string, unknown> = {}) => ({ type: 'url_citation', url_citation: { url, title: 'T', start_index: start, end_index: end, ...extra } });

describe('Chat Completions annotations: reading', () => {
  it('the recorded OpenRouter stream: two citations on the links, with title and content', () => {
    const result = replay(createChunkDecoder(), webSearchFixture('chatCompletions'));
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('OpenRouter’s web plugin searches with Exa by default [exa.ai](https://exa.ai/) and adds the results to the prompt [openrouter.ai](https://openrouter.ai/docs/guides/features/plugins/web-search).');
    expect(spans(result)).toEqual(['[exa.ai](https://exa.ai/)', '[openrouter.ai](https://openrouter.ai/docs/guides/features/plugins/web-search)']);
    expect(result.citations[0]).toMatchObject({ url: 'https://exa.ai/', title: 'Exa | Web Search API for AI', citedText: 'Exa is a search engine made for AIs.' });
    expect(result.searches).toEqual([]);
  });

  it('the same annotations in several chunks come out once; an emoji before a span counts one', () => {
    const text = 'Hi 👋 see [a](https://a.example/)';
    const at = [...text].length - [...'[a](https://a.example/)'].length;
    const repeated = [annotation('https://a.example/', at, [...text].length)];
    const result = replay(createChunkDecoder(), chunks([chunk({ content: text }), chunk({ annotations: repeated }), chunk({ content: '', annotations: repeated }, 'stop')]));
    expect(spans(result)).toEqual(['[a](https://a.example/)']);
  });

  it('a whole (not streamed) completion’s message.annotations count too', () => {
    const text = 'See [b](https://b.example/).';
    const body = JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: text, annotations: [annotation('https://b.example/', 4, 27)] }, finish_reason: 'stop' }] });
    expect(spans(replay(createChunkDecoder(), `data: ${body}\n\n`))).toEqual(['[b](https://b.example/)']);
  });

  it('reasoning the think-splitter takes out before the answer shifts the spans; a span inside it has none', () => {
    const raw = '<think>Look it up.</think>\n\nAnswer [c](https://c.example/)';
    const at = raw.indexOf('[c]');
    const result = replay(
      createChunkDecoder(),
      chunks([chunk({ content: raw.slice(0, 12) }), chunk({ content: raw.slice(12) }), chunk({ annotations: [annotation('https://c.example/', at, raw.length), annotation('https://in-think.example/', 8, 12)] }, 'stop')]),
    );
    expect(result.text).toBe('Answer [c](https://c.example/)');
    expect(spans(result)).toEqual(['[c](https://c.example/)', '']);
    expect(result.citations[1]).toEqual({ url: 'https://in-think.example/', title: 'T' });
  });

  it('a closing tag alone (the content so far was reasoning): spans count from after it', () => {
    const raw = 'thinking aloud</think>Done [d](https://d.example/)';
    const result = replay(createChunkDecoder(), chunks([chunk({ content: raw }), chunk({ annotations: [annotation('https://d.example/', raw.indexOf('[d]'), raw.length)] }, 'stop')]));
    expect(result.text).toBe('Done [d](https://d.example/)');
    expect(spans(result)).toEqual(['[d](https://d.example/)']);
  });

  it('malformed annotations: the text comes whole, nothing is thrown, only web addresses become citations, each a Citation', () => {
    const text = 'Short reply.';
    const bad = badCitations([...text].length).map((raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? { type: 'url_citation', url_citation: raw } : raw));
    const many = Array.from({ length: 10_000 }, (_, i) => annotation(`https://e.example/${i}`, 0, 1));
    const result = replay(createChunkDecoder(), chunks([chunk({ content: text }), chunk({ annotations: bad }), chunk({ annotations: 'nope' }), chunk({ annotations: many }, 'stop')]));
    expect(result.error).toBeUndefined();
    expect(result.text).toBe(text);
    expect(expectCitationShapes(result.citations)).toBe(true);
    expect(result.citations.slice(0, WEB_URLS.length).map((c) => c.url)).toEqual(WEB_URLS);
    expect(result.citations).toHaveLength(100);
    expect(result.citations.find((c) => c.url.endsWith('/past'))!.start).toBeUndefined();
  });
});

describe('Chat Completions web search: the request', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  /** openrouter.ai's requests sent to the test server instead (the same request, another address). */
  const toServer: typeof fetch = (input, init) => fetch(String(input).replace('https://openrouter.ai/api/v1', server.url), init);
  const ask = async (baseUrl: string, webSearch: boolean | undefined) => {
    const model = createOpenAiModel({ baseUrl, apiKey: 'sk-test' }, { fetch: toServer, probe: null });
    const deltas = [];
    for await (const delta of model.stream({ model: 'm', messages: [{ role: 'user', content: 'Hi' }], signal: new AbortController().signal, ...(webSearch !== undefined && { webSearch }) })) deltas.push(delta);
    return { body: server.requests.at(-1)!.body, result: fold(deltas) };
  };

  it('openrouter.ai with webSearch: plugins [{ id: "web" }]; the annotations of its reply are read', async () => {
    server.enqueue(chatCompletionsAnnotationsStream());
    const { body, result } = await ask('https://openrouter.ai/api/v1', true);
    expect(body.plugins).toEqual([{ id: 'web' }]);
    expect(result.citations.map((c) => c.url)).toEqual(['https://exa.ai/', 'https://openrouter.ai/docs/guides/features/plugins/web-search']);
  });

  it('another server, or search unset: nothing about search in the request', async () => {
    server.setScript(textStream('ok'));
    expect((await ask(server.url, true)).body).not.toHaveProperty('plugins');
    expect((await ask('https://openrouter.ai/api/v1', undefined)).body).not.toHaveProperty('plugins');
    expect((await ask('https://openrouter.ai/api/v1', false)).body).not.toHaveProperty('plugins');
    expect(searchesWith({ baseUrl: 'https://openrouter.ai.evil.example/v1' })).toBe(false);
    expect(searchesWith({ baseUrl: 'not a url' })).toBe(false);
  });
});
