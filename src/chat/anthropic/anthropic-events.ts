import type { Usage } from '../types';
import { count, createNativeDecoder, isObject, text, type Json, type NativeState } from '../native';
import type { SearchStep } from '../types';
import { classifyServerError, createCitationParts, OpenAiModelError, type CitationFields, type ChunkDecoder, type DecodedDelta } from '../wire';

/**
 * Folds the events of an Anthropic Messages stream (issue 27) into deltas: `message_start`
 * (input tokens), `content_block_start` / `content_block_delta` (`text_delta`, `thinking_delta`,
 * `signature_delta`, `input_json_delta`) / `content_block_stop`, `message_delta` (stop reason,
 * output tokens), `message_stop`, `ping`, and `error` (`overloaded_error` said as overloaded).
 * Pure and synchronous, with the chunk decoder's interface, so the same stream reader runs it.
 *
 * Web search and fetch (issue 37) run on Anthropic's side: a `server_tool_use` block is a search
 * step, never a call for the app to answer (`web_search`: its query once its input is whole;
 * `web_fetch`: its URL), and the `web_search_tool_result` / `web_fetch_tool_result` block after it
 * ends the step (its results counted, or its `error_code`). A text block's `citations` (on its
 * start, or in `citations_delta`s) cite that block's whole text: they are yielded when it stops,
 * spanning where its text began and ended in this stream's text.
 */

/** Anthropic's stop reasons in the words the app already knows (Chat Completions' finish reasons). */
const FINISH_REASONS: Record<string, string> = { end_turn: 'stop', stop_sequence: 'stop', max_tokens: 'length', tool_use: 'tool_calls' };

/** A block being streamed: its kind, and what a thinking block has gathered for sending back. */
interface OpenBlock {
  type: string;
  thinking: string;
  signature: string;
  data: string;
  /** A tool_use block whose input came in pieces (none: its input was whole at the start, or empty). */
  gotArguments: boolean;
  /** A server tool's id and name, and its input as it streams (a search's query, a fetch's URL). */
  id: string;
  name: string;
  input: string;
  /** A text block's sources, and where its text began in this stream's text. */
  citations: CitationFields[];
  start: number;
}

/** The server tools that are a search step (others, such as code execution, are not shown as one). */
const SEARCH_TOOLS = new Set(['web_search', 'web_fetch']);
/** The result blocks of those tools, and the error inside one. */
const SEARCH_RESULTS = new Set(['web_search_tool_result', 'web_fetch_tool_result']);

/** A text block's citation as the fields of a citation part (a search result's, or a search_result block's `source`). */
function citationFields(value: unknown): CitationFields | undefined {
  if (!isObject(value)) return undefined;
  return { url: value.url ?? value.source, title: value.title, citedText: value.cited_text };
}

/** A server tool's input, whole: what it searched for or opened (nothing, if it is not a JSON object). */
function inputOf(input: string): Json {
  try {
    const value: unknown = JSON.parse(input);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** A result block's end of its step: how many results, or why it failed. */
function resultStep(id: string, block: Json): SearchStep {
  const content = block.content;
  if (Array.isArray(content)) return { id, status: 'done', results: content.filter((result) => isObject(result) && result.type === 'web_search_result').length };
  const result = isObject(content) ? content : {};
  if (text(result.type).endsWith('_error')) return { id, status: 'failed', ...(text(result.error_code) && { error: text(result.error_code) }) };
  return { id, status: 'done', ...(text(result.url) && { url: text(result.url) }) };
}

/** An `error` event (or body) as the app's error: overloaded apart, a rate limit as one. */
export function anthropicError(body: unknown, fallback: string): OpenAiModelError {
  const error = isObject(body) && isObject(body.error) ? body.error : isObject(body) ? body : {};
  const type = text(error.type);
  const message = text(error.message) || fallback;
  if (type === 'overloaded_error') return new OpenAiModelError('server-error', message, { reason: 'overloaded', status: 529 });
  const { code, reason } = classifyServerError({ type, message }, undefined, 'server-error');
  return new OpenAiModelError(code, message, { reason });
}

function usageOf(value: unknown, input: number | undefined): Usage | undefined {
  if (!isObject(value)) return undefined;
  // Cached input is billed apart but is part of the prompt all the same.
  const prompt = [value.input_tokens, value.cache_read_input_tokens, value.cache_creation_input_tokens].map(count).reduce<number | undefined>(
    (sum, n) => (n === undefined ? sum : (sum ?? 0) + n),
    undefined,
  );
  const completion = count(value.output_tokens);
  const usage: Usage = {};
  const promptTokens = prompt ?? input;
  if (promptTokens !== undefined) usage.promptTokens = promptTokens;
  if (completion !== undefined) usage.completionTokens = completion;
  if (promptTokens !== undefined && completion !== undefined) usage.totalTokens = promptTokens + completion;
  return Object.keys(usage).length ? usage : undefined;
}

export function createAnthropicDecoder(): ChunkDecoder {
  const blocks = new Map<number, OpenBlock>();
  let inputTokens: number | undefined;
  /** This stream's text so far, in UTF-16 units (what citation spans count in). */
  let emitted = 0;
  const citation = createCitationParts();
  /** A server tool's blocks came since the last text: the next text is a new paragraph, not the old one's tail. */
  let afterServerTool = false;
  const content = (piece: string, deltas: DecodedDelta[]) => {
    emitted += piece.length;
    deltas.push({ type: 'content', text: piece });
  };

  const onEvent = (type: string, event: Json, deltas: DecodedDelta[], state: NativeState) => {
    const index = typeof event.index === 'number' ? event.index : 0;
    switch (type) {
      case 'message_start': {
        const usage = isObject(event.message) ? usageOf(event.message.usage, undefined) : undefined;
        inputTokens = usage?.promptTokens;
        // Its output count is a placeholder (1 or 2); the real one comes with message_delta.
        if (inputTokens !== undefined) deltas.push({ type: 'usage', usage: { promptTokens: inputTokens } });
        return;
      }
      case 'content_block_start': {
        const block = isObject(event.content_block) ? event.content_block : {};
        if (block.type === 'server_tool_use' || SEARCH_RESULTS.has(text(block.type))) afterServerTool = true;
        else if (block.type === 'text' && afterServerTool) {
          afterServerTool = false;
          // "I'll search for that." then the search, then "Here is what I found.": two paragraphs.
          if (emitted > 0) content('\n\n', deltas);
        }
        const open: OpenBlock = {
          type: text(block.type),
          thinking: text(block.thinking),
          signature: text(block.signature),
          data: text(block.data),
          gotArguments: false,
          id: text(block.id),
          name: text(block.name),
          input: '',
          citations: Array.isArray(block.citations) ? block.citations.flatMap((value) => citationFields(value) ?? []) : [],
          start: emitted,
        };
        blocks.set(index, open);
        if (open.type === 'text' && text(block.text)) content(text(block.text), deltas);
        if (open.type === 'server_tool_use' && SEARCH_TOOLS.has(open.name)) {
          const step: SearchStep = { id: open.id || `server_tool_${index}`, status: 'searching' };
          const input = isObject(block.input) ? block.input : {};
          if (text(input.query)) step.query = text(input.query);
          if (text(input.url)) step.url = text(input.url);
          deltas.push({ type: 'search', search: step });
        }
        if (SEARCH_RESULTS.has(open.type)) deltas.push({ type: 'search', search: resultStep(text(block.tool_use_id), block) });
        if (open.type === 'thinking' && open.thinking) deltas.push({ type: 'reasoning', text: open.thinking });
        if (open.type === 'tool_use') {
          const input = isObject(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : undefined;
          open.gotArguments = input !== undefined;
          deltas.push({ type: 'tool-call', index, id: text(block.id), name: text(block.name), ...(input && { arguments: input }) });
        }
        return;
      }
      case 'content_block_delta': {
        const delta = isObject(event.delta) ? event.delta : {};
        const open = blocks.get(index);
        switch (delta.type) {
          case 'text_delta':
            if (text(delta.text)) content(text(delta.text), deltas);
            return;
          case 'citations_delta': {
            const fields = citationFields(delta.citation);
            if (open && fields) open.citations.push(fields);
            return;
          }
          case 'thinking_delta':
            if (open) open.thinking += text(delta.thinking);
            if (text(delta.thinking)) deltas.push({ type: 'reasoning', text: text(delta.thinking) });
            return;
          case 'signature_delta':
            if (open) open.signature += text(delta.signature);
            return;
          case 'input_json_delta': {
            const piece = text(delta.partial_json);
            if (piece === '') return;
            // A server tool's input is the provider's business, never a call for the app to run.
            if (open?.type === 'server_tool_use') {
              open.input += piece;
              return;
            }
            if (open) open.gotArguments = true;
            deltas.push({ type: 'tool-call', index, arguments: piece });
            return;
          }
          default:
            return;
        }
      }
      case 'content_block_stop': {
        const open = blocks.get(index);
        if (open?.type === 'thinking') deltas.push({ type: 'thinking-block', block: { type: 'thinking', thinking: open.thinking, signature: open.signature } });
        if (open?.type === 'redacted_thinking') deltas.push({ type: 'thinking-block', block: { type: 'redacted_thinking', data: open.data } });
        // A tool with no parameters streams no input at all: its arguments are the empty object.
        if (open?.type === 'tool_use' && !open.gotArguments) deltas.push({ type: 'tool-call', index, arguments: '{}' });
        if (open?.type === 'server_tool_use' && SEARCH_TOOLS.has(open.name) && open.input !== '') {
          const input = inputOf(open.input);
          const step: SearchStep = { id: open.id || `server_tool_${index}`, status: 'searching' };
          if (text(input.query)) step.query = text(input.query);
          if (text(input.url)) step.url = text(input.url);
          if (step.query || step.url) deltas.push({ type: 'search', search: step });
        }
        if (open?.type === 'text') {
          // The cited span is the block's own text (an empty block: no span, a source of the whole reply).
          const span = () => [open.start, emitted] as const;
          for (const fields of open.citations) {
            const made = citation({ ...fields, span });
            if (made) deltas.push(made);
          }
        }
        blocks.delete(index);
        return;
      }
      case 'message_delta': {
        const delta = isObject(event.delta) ? event.delta : {};
        const usage = usageOf(event.usage, inputTokens);
        if (usage) deltas.push({ type: 'usage', usage });
        const stop = text(delta.stop_reason);
        if (stop) {
          state.finishReason = FINISH_REASONS[stop] ?? stop;
          deltas.push({ type: 'finish', reason: state.finishReason });
        }
        return;
      }
      case 'message_stop':
        state.done = true;
        return;
      case 'error':
        state.error = anthropicError(event, 'Anthropic reported an error in the stream');
        return;
      default:
        // ping, and event types added later: nothing to show.
        return;
    }
  };

  return createNativeDecoder({
    onEvent,
    plainError: (data) => anthropicError(undefined, data),
    // The connection is set to Anthropic but the server speaks Chat Completions.
    chatChunk: () => new OpenAiModelError('malformed-stream', 'The server answered in the OpenAI format, not Anthropic’s Messages API', { reason: 'openai-api' }),
    incomplete: 'message_stop',
  });
}
