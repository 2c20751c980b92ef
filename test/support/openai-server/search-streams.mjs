// Recorded web-search streams (issue 37): each format's search and citations as the provider sends
// them, from test/fixtures/web-search, replayed event by event. Plain JavaScript, like chunks.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fixtures' folder, found from this module (never from the working directory). */
export const WEB_SEARCH_FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/web-search/', import.meta.url));

/** The recorded web-search streams by name: the file each replays. */
export const WEB_SEARCH_FIXTURES = {
  responses: 'responses-web-search.sse',
  anthropic: 'anthropic-web-search.sse',
  anthropicError: 'anthropic-web-search-error.sse',
  chatCompletions: 'chat-completions-annotations.sse',
};

/** A fixture's body, whole. */
export function webSearchFixture(name) {
  const file = WEB_SEARCH_FIXTURES[name];
  if (!file) throw new Error(`No web-search fixture named ${name}`);
  return readFileSync(path.join(WEB_SEARCH_FIXTURES_DIR, file), 'utf8');
}

/** A recorded stream as a scripted response: one step per server-sent event, each `delayMs` apart. */
export function webSearchStream(name, { delayMs = 0 } = {}) {
  const events = webSearchFixture(name).split(/(?<=\n\n)/).filter((event) => event.trim() !== '');
  return { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, steps: events.map((data) => ({ data, delayMs })) };
}

/** OpenAI Responses: a web_search_call, then an answer citing three sources with url_citation annotations. */
export const responsesSearchStream = (options) => webSearchStream('responses', options);
/** Anthropic Messages: server_tool_use web_search, its web_search_tool_result, and text blocks with citations. */
export const anthropicSearchStream = (options) => webSearchStream('anthropic', options);
/** Anthropic Messages: a search that failed (max_uses_exceeded), then the answer all the same. */
export const anthropicSearchErrorStream = (options) => webSearchStream('anthropicError', options);
/** Chat Completions as OpenRouter's web plugin streams it: content, then `annotations` with url_citation. */
export const chatCompletionsAnnotationsStream = (options) => webSearchStream('chatCompletions', options);
