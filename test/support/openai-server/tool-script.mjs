// A deterministic "model" that calls tools, for unit and e2e tests of the tools loop (issue 16):
//   "call echo with X"         → one streamed call of the offered function ending in `__echo`, { text: X }
//   "call fail" / "call picture" → one call of `__fail` / `__picture`, no arguments
//   "two calls: A, B"          → two `__echo` calls in one reply, { text: A } and { text: B }
//   after `tool` messages      → a text reply quoting each result: "Tool results: <r1> | <r2>"
//   anything else, or no tools offered → "You said: <last user message>"
import { chunk, echoLastUser, errorResponse, sseEvent, textStream } from './chunks.mjs';

/** What the text reply after tool results starts with, and what separates the results. */
export const TOOL_RESULTS_PREFIX = 'Tool results: ';
export const TOOL_RESULTS_JOINER = ' | ';
/** What a server with no function calling answers (Ollama's words), for `toolScript({ refuseTools: true })`. */
export const REFUSES_TOOLS_MESSAGE = 'registry.ollama.ai/library/test-model does not support tools';

const textOf = (content) => (Array.isArray(content) ? content.filter((p) => p?.type === 'text').map((p) => p.text).join('') : String(content ?? ''));

/** The offered function whose name ends in `__<tool>`, or undefined. */
function offered(request, tool) {
  const tools = Array.isArray(request.body?.tools) ? request.body.tools : [];
  return tools.map((t) => t?.function?.name).find((name) => typeof name === 'string' && name.endsWith(`__${tool}`));
}

/** The calls the last user message asks for, as [function name, arguments object]. */
function wantedCalls(request, text) {
  const two = /^two calls:\s*(.*?)\s*,\s*(.*)$/i.exec(text);
  if (two) return [two[1], two[2]].map((arg) => [offered(request, 'echo'), { text: arg }]);
  const one = /^call (\w+)(?: with (.*))?$/i.exec(text.trim());
  if (!one) return [];
  return [[offered(request, one[1]), one[2] === undefined ? {} : { text: one[2] }]];
}

/** A streamed reply whose only content is these calls; each call's arguments arrive in two pieces. */
export function toolCallStream(calls, { delayMs = 0 } = {}) {
  const steps = [{ data: sseEvent(chunk({ role: 'assistant', content: null })), delayMs }];
  calls.forEach(([name, args], index) => {
    const json = JSON.stringify(args);
    const half = Math.floor(json.length / 2);
    const id = `call_${index + 1}`;
    steps.push({ data: sseEvent(chunk({ tool_calls: [{ index, id, type: 'function', function: { name, arguments: json.slice(0, half) } }] })), delayMs });
    steps.push({ data: sseEvent(chunk({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] })), delayMs });
  });
  steps.push({ data: sseEvent(chunk({}, { finishReason: 'tool_calls' })) });
  steps.push({ data: sseEvent('[DONE]') });
  return { status: 200, steps };
}

/** The responder (see the top of this file); `refuseTools`: a 400 to any request offering tools. */
export function toolScript({ refuseTools = false, delayMs = 0 } = {}) {
  const echo = echoLastUser({ delayMs });
  return (request) => {
    const messages = Array.isArray(request.body?.messages) ? request.body.messages : [];
    const hasTools = Array.isArray(request.body?.tools) && request.body.tools.length > 0;
    if (refuseTools && hasTools) return errorResponse(400, REFUSES_TOOLS_MESSAGE);
    const last = messages.at(-1);
    if (last?.role === 'tool') {
      const results = [];
      for (let i = messages.length - 1; i >= 0 && messages[i].role === 'tool'; i -= 1) results.unshift(textOf(messages[i].content));
      return textStream(TOOL_RESULTS_PREFIX + results.join(TOOL_RESULTS_JOINER), { delayMs });
    }
    const calls = hasTools && last?.role === 'user' ? wantedCalls(request, textOf(last.content)) : [];
    if (calls.length === 0 || calls.some(([name]) => name === undefined)) return echo(request);
    return toolCallStream(calls, { delayMs });
  };
}
