// A web_search call (issue 37): the query sent to the SearXNG address of Settings → Search, the
// results returned as numbered text for the model and as the tool message's sources. A failure is
// an error result saying why (the search doctor's line), so the model is told and can go on.
import type { ToolResult } from '../mcp';
import type { Citation } from '../types';
import { getSearchSettingsStore } from './search-settings';
import { searchSearxng } from './searxng-client';
import { WEB_SEARCH_TOOL } from './web-search-tool';

/** A query longer than this is not a search: cut, as search engines do. */
const MAX_QUERY_CHARS = 400;
/** Enough of a snippet to tell what the page says; the whole of ten would crowd the model's context. */
export const RESULT_SNIPPET_CHARS = 300;

const errorResult = (text: string): ToolResult => ({ parts: [{ type: 'text', text }], isError: true, skipped: 0 });

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The results as the model reads them: `[n] Title — URL`, then the snippet, one block each. */
export function resultsText(query: string, results: readonly Citation[]): string {
  if (results.length === 0) return `No results for “${query}”.`;
  const blocks = results.map((result, index) => {
    const head = `[${index + 1}] ${result.title ?? result.url} — ${result.url}`;
    return result.citedText ? `${head}\n${cut(result.citedText, RESULT_SNIPPET_CHARS)}` : head;
  });
  return [`Results for “${query}” (cite them by number):`, ...blocks].join('\n\n');
}

export async function runWebSearch(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult> {
  if (name !== WEB_SEARCH_TOOL) return errorResult(`Unknown tool ${name}.`);
  const query = typeof args.query === 'string' ? args.query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS) : '';
  if (query === '') return errorResult('web_search needs a query: { "query": "what to search for" }.');
  const store = getSearchSettingsStore();
  await store.init();
  const address = store.getSnapshot().searxngUrl;
  if (!address) return errorResult('Web search is not set up: the user has no SearXNG address. They can set one in Settings → Search.');
  let results: Citation[];
  try {
    results = await searchSearxng(address, query, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    const { explainSearxngFailure, diagnosisLine } = await import('./search-doctor');
    return errorResult(`The search failed. ${diagnosisLine(await explainSearxngFailure(error, address, { signal }))}`);
  }
  return { parts: [{ type: 'text', text: resultsText(query, results) }], isError: false, skipped: 0, ...(results.length > 0 && { sources: results }) };
}
