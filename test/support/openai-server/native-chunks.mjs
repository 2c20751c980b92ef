// Builders for what Anthropic's Messages API and OpenAI's Responses API stream (issue 27), in the
// shapes of the providers' documentation: named SSE events, no [DONE]. Plain JavaScript, like chunks.mjs.
import { DEFAULT_MODEL, sseEvent, splitText } from './chunks.mjs';

const named = (type, value) => ({ data: sseEvent({ type, ...value }, { event: type }) });

/** Anthropic's error body: `{"type":"error","error":{"type","message"}}`. */
export function anthropicError(status, type, message, headers = {}) {
  return { status, headers, json: { type: 'error', error: { type, message } } };
}

/**
 * An Anthropic stream as steps: optional thinking (with its signature), text, tool calls
 * (`tool_use` with input_json_delta pieces), a stop reason and usage. `error` ends it with an
 * `error` event after the given blocks instead of message_delta / message_stop.
 */
export function anthropicSteps({ thinking, signature = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds', text = '', toolCalls = [], stopReason, inputTokens = 12, outputTokens = 6, model = DEFAULT_MODEL, error } = {}) {
  const steps = [named('message_start', { message: { id: 'msg_test', type: 'message', role: 'assistant', content: [], model, stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens, output_tokens: 1 } } })];
  let index = 0;
  if (thinking !== undefined) {
    steps.push(named('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
    for (const piece of splitText(thinking, 12)) steps.push(named('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } }));
    steps.push(named('content_block_delta', { index, delta: { type: 'signature_delta', signature } }));
    steps.push(named('content_block_stop', { index }));
    index += 1;
  }
  if (text !== '') {
    steps.push(named('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    steps.push(named('ping', {}));
    for (const piece of splitText(text, 8)) steps.push(named('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
    steps.push(named('content_block_stop', { index }));
    index += 1;
  }
  for (const call of toolCalls) {
    steps.push(named('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }));
    steps.push(named('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const piece of splitText(call.arguments, 10)) steps.push(named('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
    steps.push(named('content_block_stop', { index }));
    index += 1;
  }
  if (error) {
    steps.push(named('error', { error }));
    return steps;
  }
  steps.push(named('message_delta', { delta: { stop_reason: stopReason ?? (toolCalls.length ? 'tool_use' : 'end_turn'), stop_sequence: null }, usage: { output_tokens: outputTokens } }));
  steps.push(named('message_stop', {}));
  return steps;
}

export function anthropicStream(options) {
  return { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, steps: anthropicSteps(options) };
}

/**
 * A Responses stream as steps: optional reasoning summary, text, function calls, then
 * response.completed with usage (or response.incomplete, or response.failed).
 */
export function responsesSteps({ summary, text = '', toolCalls = [], inputTokens = 20, outputTokens = 9, reasoningTokens = 0, model = DEFAULT_MODEL, end = 'completed', incompleteReason = 'max_output_tokens', failure } = {}) {
  let sequence = 0;
  const event = (type, value) => named(type, { ...value, sequence_number: sequence++ });
  const response = (status, extra = {}) => ({ id: 'resp_test', object: 'response', created_at: 1741290958, status, model, output: [], ...extra });
  const steps = [event('response.created', { response: response('in_progress') }), event('response.in_progress', { response: response('in_progress') })];
  let output = 0;
  if (summary !== undefined) {
    const item = { id: 'rs_test', type: 'reasoning', summary: [] };
    steps.push(event('response.output_item.added', { output_index: output, item }));
    steps.push(event('response.reasoning_summary_part.added', { item_id: item.id, output_index: output, summary_index: 0, part: { type: 'summary_text', text: '' } }));
    for (const piece of splitText(summary, 12)) steps.push(event('response.reasoning_summary_text.delta', { item_id: item.id, output_index: output, summary_index: 0, delta: piece }));
    steps.push(event('response.reasoning_summary_text.done', { item_id: item.id, output_index: output, summary_index: 0, text: summary }));
    steps.push(event('response.output_item.done', { output_index: output, item: { ...item, summary: [{ type: 'summary_text', text: summary }] } }));
    output += 1;
  }
  if (text !== '') {
    const item = { id: 'msg_test', type: 'message', status: 'in_progress', role: 'assistant', content: [] };
    steps.push(event('response.output_item.added', { output_index: output, item }));
    steps.push(event('response.content_part.added', { item_id: item.id, output_index: output, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
    for (const piece of splitText(text, 8)) steps.push(event('response.output_text.delta', { item_id: item.id, output_index: output, content_index: 0, delta: piece }));
    steps.push(event('response.output_text.done', { item_id: item.id, output_index: output, content_index: 0, text }));
    output += 1;
  }
  for (const call of toolCalls) {
    const item = { id: `fc_${call.id}`, type: 'function_call', status: 'in_progress', arguments: '', call_id: call.id, name: call.name };
    steps.push(event('response.output_item.added', { output_index: output, item }));
    for (const piece of splitText(call.arguments, 10)) steps.push(event('response.function_call_arguments.delta', { item_id: item.id, output_index: output, delta: piece }));
    steps.push(event('response.function_call_arguments.done', { item_id: item.id, output_index: output, arguments: call.arguments }));
    steps.push(event('response.output_item.done', { output_index: output, item: { ...item, status: 'completed', arguments: call.arguments } }));
    output += 1;
  }
  const usage = { input_tokens: inputTokens, input_tokens_details: { cached_tokens: 0 }, output_tokens: outputTokens, output_tokens_details: { reasoning_tokens: reasoningTokens }, total_tokens: inputTokens + outputTokens };
  if (end === 'failed') steps.push(event('response.failed', { response: response('failed', { error: failure ?? { code: 'server_error', message: 'The model failed' } }) }));
  else if (end === 'incomplete') steps.push(event('response.incomplete', { response: response('incomplete', { incomplete_details: { reason: incompleteReason }, usage }) }));
  else steps.push(event('response.completed', { response: response('completed', { usage }) }));
  return steps;
}

export function responsesStream(options) {
  return { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, steps: responsesSteps(options) };
}
