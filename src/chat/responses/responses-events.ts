import type { Usage } from '../types';
import { count, createNativeDecoder, isObject, text, type Json, type NativeState } from '../native';
import type { SearchStep } from '../types';
import { classifyServerError, codeUnitOffset, createCitationParts, OpenAiModelError, type ChunkDecoder, type DecodedDelta } from '../wire';

/**
 * Folds the events of an OpenAI Responses stream (issue 27) into deltas:
 * `response.output_text.delta` (the answer), `response.reasoning_summary_text.delta` (the
 * reasoning shown) and `response.reasoning_text.delta` / `.done` (the raw reasoning, as LM Studio
 * and gpt-oss stream it), `response.output_item.added` and `response.function_call_arguments.delta` /
 * `.done` (tool calls), `response.completed` (usage), `response.incomplete`, `response.failed`
 * and `error`. There is no `[DONE]`: the stream ends with one of the three `response.*` ends.
 *
 * Web search (issue 37): a `web_search_call` item is a search step (`response.web_search_call.*`
 * and the item's `action` when it is done: the query, the sources, or the page opened), and
 * `response.output_text.annotation.added`'s `url_citation`s are citations. Their indices count
 * code points in their own output_text part: they are turned into UTF-16 offsets in this stream's
 * text (the parts before it included). A server that sends no annotation events but puts them on
 * the finished part, item or response has them read from there, once per part.
 */

function usageOf(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const usage: Usage = {};
  const prompt = count(value.input_tokens);
  const completion = count(value.output_tokens);
  const total = count(value.total_tokens);
  const reasoning = isObject(value.output_tokens_details) ? count(value.output_tokens_details.reasoning_tokens) : undefined;
  if (prompt !== undefined) usage.promptTokens = prompt;
  if (completion !== undefined) usage.completionTokens = completion;
  if (total !== undefined) usage.totalTokens = total;
  if (reasoning) usage.reasoningTokens = reasoning;
  return Object.keys(usage).length ? usage : undefined;
}

/** `{code, message}` (an `error` event, a failed response's `error`) as the app's error. */
export function responsesError(value: unknown, fallback: string): OpenAiModelError {
  const error = isObject(value) ? value : {};
  const message = text(error.message) || fallback;
  const code = text(error.code) || text(error.type);
  const classified = classifyServerError({ code, message }, undefined, 'server-error');
  return new OpenAiModelError(classified.code, message, { reason: classified.reason });
}

/** The search step a `web_search_call` item says it is (only the fields it gives: a later part updates the step). */
function searchStep(id: string, item: Json): SearchStep {
  const failed = item.status === 'failed';
  const step: SearchStep = { id, status: failed ? 'failed' : item.status === 'completed' ? 'done' : 'searching' };
  const action = isObject(item.action) ? item.action : undefined;
  if (action?.type === 'search') {
    const query = text(action.query) || (Array.isArray(action.queries) ? text(action.queries[0]) : '');
    if (query) step.query = query;
    if (Array.isArray(action.sources)) step.results = action.sources.length;
  } else if (action && text(action.url)) step.url = text(action.url);
  return step;
}

/** The text of one output_text part so far, and where it began in this stream's text. */
interface TextPart {
  base: number;
  text: string;
}

export function createResponsesDecoder(): ChunkDecoder {
  let calls = 0;
  /** This stream's text so far, in UTF-16 units (what citation spans count in). */
  let emitted = 0;
  /** Each output_text part by `item:content_index`, and the parts whose annotations were read (from events or a finished part). */
  const textParts = new Map<string, TextPart>();
  const annotated = new Set<string>();
  const searches = new Set<string>();
  const citation = createCitationParts();

  const partKey = (item: unknown, content: unknown) => `${text(item)}:${typeof content === 'number' ? content : 0}`;

  /** A `url_citation` of a part as a citation part (its span left out where it is not inside what that part said). */
  const cite = (key: string, annotation: unknown, deltas: DecodedDelta[]) => {
    if (!isObject(annotation) || annotation.type !== 'url_citation') return;
    const span = () => {
      const part = textParts.get(key);
      if (!part) return undefined;
      const start = codeUnitOffset(part.text, annotation.start_index);
      const end = codeUnitOffset(part.text, annotation.end_index);
      // Past what that part said, a span would land in the next part's text: it is left out.
      return start !== undefined && end !== undefined && end <= part.text.length ? ([part.base + start, part.base + end] as const) : undefined;
    };
    const made = citation({ url: annotation.url, title: annotation.title, span });
    if (made) deltas.push(made);
  };

  /** The annotations a finished part carries, when no event gave that part's. */
  const citeFinished = (item: unknown, content: unknown, part: unknown, deltas: DecodedDelta[]) => {
    if (!isObject(part) || !Array.isArray(part.annotations)) return;
    const key = partKey(item, content);
    if (annotated.has(key)) return;
    annotated.add(key);
    for (const annotation of part.annotations) cite(key, annotation, deltas);
  };

  const citeItem = (item: unknown, deltas: DecodedDelta[]) => {
    if (!isObject(item) || item.type !== 'message' || !Array.isArray(item.content)) return;
    item.content.forEach((part, index) => citeFinished(item.id, index, part, deltas));
  };

  const search = (id: string, step: SearchStep, deltas: DecodedDelta[]) => {
    searches.add(id);
    deltas.push({ type: 'search', search: step });
  };
  /** The call items whose arguments came in pieces (the `.done` event repeats them whole). */
  const streamedArguments = new Set<number>();
  /** Which summary (or reasoning text) part the reasoning is in: a new one starts a new paragraph. */
  let summaryPart: string | undefined;
  /** The reasoning text parts that came in pieces (their `.done` event repeats them whole). */
  const streamedReasoning = new Set<string>();

  const reasoning = (part: string, piece: string, deltas: DecodedDelta[]) => {
    const separator = summaryPart !== undefined && summaryPart !== part ? '\n\n' : '';
    summaryPart = part;
    deltas.push({ type: 'reasoning', text: separator + piece });
  };

  const end = (state: NativeState, response: unknown, deltas: DecodedDelta[], reason: string) => {
    state.done = true;
    const usage = isObject(response) ? usageOf(response.usage) : undefined;
    if (usage) deltas.push({ type: 'usage', usage });
    state.finishReason = reason;
    deltas.push({ type: 'finish', reason });
  };

  const onEvent = (type: string, event: Json, deltas: DecodedDelta[], state: NativeState) => {
    const index = typeof event.output_index === 'number' ? event.output_index : 0;
    switch (type) {
      case 'response.created': {
        const id = isObject(event.response) ? text(event.response.id) : '';
        if (id) deltas.push({ type: 'response-id', id });
        return;
      }
      case 'response.output_text.delta': {
        const piece = text(event.delta);
        if (piece === '') return;
        const key = partKey(event.item_id, event.content_index);
        const part = textParts.get(key) ?? { base: emitted, text: '' };
        part.text += piece;
        textParts.set(key, part);
        emitted += piece.length;
        deltas.push({ type: 'content', text: piece });
        return;
      }
      case 'response.output_text.annotation.added': {
        const key = partKey(event.item_id, event.content_index);
        annotated.add(key);
        cite(key, event.annotation, deltas);
        return;
      }
      case 'response.output_text.done':
      case 'response.content_part.done':
        citeFinished(event.item_id, event.content_index, type === 'response.content_part.done' ? event.part : event, deltas);
        return;
      case 'response.web_search_call.in_progress':
      case 'response.web_search_call.searching':
      case 'response.web_search_call.completed': {
        const id = text(event.item_id) || `web_search_${index}`;
        const done = type === 'response.web_search_call.completed';
        // Announced by its item already: only its end is news.
        if (!searches.has(id) || done) search(id, { id, status: done ? 'done' : 'searching' }, deltas);
        return;
      }
      case 'response.reasoning_summary_text.delta': {
        const piece = text(event.delta);
        if (piece === '') return;
        reasoning(`${text(event.item_id)}:${String(event.summary_index ?? 0)}`, piece, deltas);
        return;
      }
      case 'response.reasoning_text.delta': {
        const piece = text(event.delta);
        if (piece === '') return;
        const part = `${text(event.item_id)}:text:${String(event.content_index ?? 0)}`;
        streamedReasoning.add(part);
        reasoning(part, piece, deltas);
        return;
      }
      case 'response.reasoning_text.done': {
        // A server that sends the reasoning only whole, at the end of its part.
        const part = `${text(event.item_id)}:text:${String(event.content_index ?? 0)}`;
        if (streamedReasoning.has(part) || text(event.text) === '') return;
        streamedReasoning.add(part);
        reasoning(part, text(event.text), deltas);
        return;
      }
      case 'response.output_item.added': {
        const item = isObject(event.item) ? event.item : {};
        if (item.type === 'web_search_call') {
          const id = text(item.id) || `web_search_${index}`;
          return search(id, searchStep(id, item), deltas);
        }
        if (item.type !== 'function_call') return;
        calls += 1;
        deltas.push({ type: 'tool-call', index, id: text(item.call_id) || text(item.id), name: text(item.name), ...(text(item.arguments) && { arguments: text(item.arguments) }) });
        if (text(item.arguments)) streamedArguments.add(index);
        return;
      }
      case 'response.function_call_arguments.delta':
        if (text(event.delta) === '') return;
        streamedArguments.add(index);
        deltas.push({ type: 'tool-call', index, arguments: text(event.delta) });
        return;
      case 'response.function_call_arguments.done':
        // A server that sends the arguments only whole, at the end.
        if (!streamedArguments.has(index)) deltas.push({ type: 'tool-call', index, arguments: text(event.arguments) || '{}' });
        streamedArguments.add(index);
        return;
      case 'response.output_item.done': {
        const item = isObject(event.item) ? event.item : {};
        if (item.type === 'web_search_call') {
          const id = text(item.id) || `web_search_${index}`;
          // An item still `in_progress` at its end: it ended all the same.
          const step = searchStep(id, item);
          return search(id, step.status === 'searching' ? { ...step, status: 'done' } : step, deltas);
        }
        citeItem(item, deltas);
        return;
      }
      case 'response.completed': {
        const response = isObject(event.response) ? event.response : {};
        if (Array.isArray(response.output)) for (const item of response.output) citeItem(item, deltas);
        return end(state, event.response, deltas, calls > 0 ? 'tool_calls' : 'stop');
      }
      case 'response.incomplete': {
        const response = isObject(event.response) ? event.response : {};
        const why = isObject(response.incomplete_details) ? text(response.incomplete_details.reason) : '';
        // Out of tokens is a whole (if short) reply, as with Chat Completions' `length`; any other cut is reported.
        if (why === 'max_output_tokens') return end(state, response, deltas, 'length');
        end(state, response, deltas, why || 'incomplete');
        state.error = new OpenAiModelError('stream-interrupted', why || 'incomplete', { reason: 'provider-incomplete' });
        return;
      }
      case 'response.failed': {
        const response = isObject(event.response) ? event.response : {};
        state.error = responsesError(response.error, 'The response failed');
        return;
      }
      case 'error':
        state.error = responsesError(isObject(event.error) ? event.error : event, 'The server reported an error in the stream');
        return;
      default:
        return;
    }
  };

  return createNativeDecoder({
    onEvent,
    plainError: (data) => responsesError({ message: data }, data),
    chatChunk: () => new OpenAiModelError('model-not-found', 'The server answered in the Chat Completions format, not the Responses API', { reason: 'endpoint-not-found' }),
    incomplete: 'response.completed',
  });
}
