// @vitest-environment node
// The sources of an MCP search server's result (issue 37), read from the texts the common servers
// send: mcp-searxng's lines (src/search.ts), Brave's JSON parts (brave-search-mcp-server,
// src/tools/web/index.ts), Exa's JSON and its text context, Markdown links and bare addresses.
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/chat/mcp';
import { MAX_TOOL_SOURCES, searchResultSources } from '../../../src/chat/web-search/result-sources';

const result = (...texts: string[]): ToolResult => ({ parts: texts.map((text) => ({ type: 'text', text })), isError: false, skipped: 0 });

describe('a search tool’s sources', () => {
  it('reads mcp-searxng’s Title / Description / URL blocks, not its thumbnails', () => {
    const text = [
      'Direct answer: 42',
      'Title: Parley release notes\nDescription: What changed in 2.0.\nURL: https://example.org/parley\nRelevance Score: 0.950\nEngines: duckduckgo, brave\nThumbnail: https://img.example.org/t.png',
      'Title: SearXNG <b>settings</b>\nDescription: search.formats lists the output formats.\nURL: https://docs.example.com/settings\nPublished Date: 2025-01-02',
    ].join('\n\n');
    expect(searchResultSources('searxng_web_search', result(text))).toEqual([
      { url: 'https://example.org/parley', title: 'Parley release notes', citedText: 'What changed in 2.0.' },
      { url: 'https://docs.example.com/settings', title: 'SearXNG <b>settings</b>', citedText: 'search.formats lists the output formats.' },
    ]);
  });

  it('reads Brave’s results, one JSON object a part, with their descriptions', () => {
    const parts = [
      JSON.stringify({ url: 'https://brave.example/a', title: 'A result', description: 'About <strong>a</strong>', extra_snippets: ['more'] }),
      JSON.stringify({ url: 'https://brave.example/b', title: 'B result', description: 'About b' }),
    ];
    expect(searchResultSources('brave_web_search', result(...parts))).toEqual([
      { url: 'https://brave.example/a', title: 'A result', citedText: 'About <strong>a</strong>' },
      { url: 'https://brave.example/b', title: 'B result', citedText: 'About b' },
    ]);
  });

  it('reads Exa’s JSON answer (results with id, url, text, image) and its text context', () => {
    const json = JSON.stringify(
      { requestId: 'r1', resolvedSearchType: 'neural', results: [{ id: 'https://exa.example/1', title: 'One', url: 'https://exa.example/1', publishedDate: '2025-05-01', author: null, text: 'First text', image: 'https://exa.example/1.png', favicon: 'https://exa.example/favicon.ico' }] },
      null,
      2,
    );
    expect(searchResultSources('web_search_exa', result(json))).toEqual([{ url: 'https://exa.example/1', title: 'One', citedText: 'First text' }]);
    const context = 'Title: One\nURL: https://exa.example/1\nPublished: 2025-05-01\nText: First text\n\nTitle: Two\nURL: https://exa.example/2\nText: Second';
    expect(searchResultSources('web_search_exa', result(context))?.map((s) => [s.url, s.title])).toEqual([
      ['https://exa.example/1', 'One'],
      ['https://exa.example/2', 'Two'],
    ]);
  });

  it('falls back to Markdown links, then bare addresses, without a sentence’s full stop', () => {
    expect(searchResultSources('search', result('1. [First](https://md.example/1)\n2. [Second](https://md.example/2)'))).toEqual([
      { url: 'https://md.example/1', title: 'First' },
      { url: 'https://md.example/2', title: 'Second' },
    ]);
    expect(searchResultSources('search_docs', result('See https://bare.example/a. Also (https://bare.example/b), and javascript:alert(1).'))).toEqual([
      { url: 'https://bare.example/a' },
      { url: 'https://bare.example/b' },
    ]);
  });

  it('keeps each address once, at most twenty, only http and https', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ url: `https://r${i % 25}.example/`, title: `R${i}` }));
    const sources = searchResultSources('web_search', result(JSON.stringify({ results: [{ url: 'javascript:alert(1)', title: 'bad' }, ...many] })))!;
    expect(sources).toHaveLength(MAX_TOOL_SOURCES);
    expect(sources[0]).toEqual({ url: 'https://r0.example/', title: 'R0' });
    expect(new Set(sources.map((s) => s.url)).size).toBe(MAX_TOOL_SOURCES);
  });

  it('is none for a tool that does not search, an error, or a result without addresses', () => {
    expect(searchResultSources('fetch_page', result('URL: https://example.org/'))).toBeUndefined();
    expect(searchResultSources('web_search', { ...result('URL: https://example.org/'), isError: true })).toBeUndefined();
    expect(searchResultSources('web_search', result('No results found.'))).toBeUndefined();
  });
});
