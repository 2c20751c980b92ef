// Builders for what an OpenAI-compatible server sends: streamed chunks as SSE steps, whole
// completions as JSON, error bodies. Plain JavaScript so the benchmark (plain node) can use it.

/** A timestamp fixed for every chunk: replies are reproducible byte for byte. */
export const CREATED = 1735689600;
export const DEFAULT_MODEL = 'test-model';
/** Characters per streamed chunk when a test does not choose (about one token). */
export const DEFAULT_CHUNK_SIZE = 4;
/** Prompt tokens reported when a test does not choose. */
export const DEFAULT_PROMPT_TOKENS = 8;

/** One SSE event carrying `value` as JSON (or a raw string such as '[DONE]'). */
export function sseEvent(value, { event } = {}) {
  const data = typeof value === 'string' ? value : JSON.stringify(value);
  return `${event ? `event: ${event}\n` : ''}data: ${data}\n\n`;
}

/** A `chat.completion.chunk` with one choice. */
export function chunk(delta, { id = 'chatcmpl-test', model = DEFAULT_MODEL, finishReason = null, extra = {} } = {}) {
  return { id, object: 'chat.completion.chunk', created: CREATED, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], ...extra };
}

/** `text` cut into pieces of `size` characters (code points, so no surrogate pair is split). */
export function splitText(text, size = DEFAULT_CHUNK_SIZE) {
  const chars = [...text];
  const pieces = [];
  for (let at = 0; at < chars.length; at += size) pieces.push(chars.slice(at, at + size).join(''));
  return pieces;
}

function usageFor(pieces, options) {
  if (options.usage === false) return undefined;
  if (options.usage) return options.usage;
  const prompt = options.promptTokens ?? DEFAULT_PROMPT_TOKENS;
  return { prompt_tokens: prompt, completion_tokens: pieces, total_tokens: prompt + pieces };
}

/**
 * A streamed reply as steps: a role chunk, reasoning chunks (`reasoning_content`), content chunks,
 * a finish chunk, the usage chunk (`choices: []`, as with include_usage) and `[DONE]`.
 * `text` (and `reasoning`) may be a string, cut every `chunkSize` characters, or the exact pieces.
 * Every step waits `delayMs` first (the first one too: time to first token).
 */
export function streamSteps(text, options = {}) {
  const { chunkSize, delayMs = 0, finishReason = 'stop', done = true, timings, reasoning, model, id } = options;
  const pieces = Array.isArray(text) ? text : splitText(text, chunkSize);
  const thoughts = reasoning === undefined ? [] : Array.isArray(reasoning) ? reasoning : splitText(reasoning, chunkSize);
  const meta = { model, id };
  const steps = [{ data: sseEvent(chunk({ role: 'assistant', content: '' }, meta)), delayMs }];
  for (const piece of thoughts) steps.push({ data: sseEvent(chunk({ reasoning_content: piece }, meta)), delayMs });
  for (const piece of pieces) steps.push({ data: sseEvent(chunk({ content: piece }, meta)), delayMs });
  if (finishReason) steps.push({ data: sseEvent(chunk({}, { ...meta, finishReason })) });
  const usage = usageFor(pieces.length + thoughts.length, options);
  if (usage || timings) {
    const last = { id: id ?? 'chatcmpl-test', object: 'chat.completion.chunk', created: CREATED, model: model ?? DEFAULT_MODEL, choices: [] };
    if (usage) last.usage = usage;
    if (timings) last.timings = timings;
    steps.push({ data: sseEvent(last) });
  }
  if (done) steps.push({ data: sseEvent('[DONE]') });
  return steps;
}

/** A streamed reply as a scripted response (see streamSteps for the options). */
export function textStream(text, options = {}) {
  return { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, steps: streamSteps(text, options), disconnectAfter: options.disconnectAfter };
}

/** A whole (not streamed) completion as a scripted response. */
export function completion(text, options = {}) {
  const content = Array.isArray(text) ? text.join('') : text;
  const message = { role: 'assistant', content };
  if (options.reasoning !== undefined) message.reasoning_content = Array.isArray(options.reasoning) ? options.reasoning.join('') : options.reasoning;
  const body = {
    id: options.id ?? 'chatcmpl-test',
    object: 'chat.completion',
    created: CREATED,
    model: options.model ?? DEFAULT_MODEL,
    choices: [{ index: 0, message, logprobs: null, finish_reason: options.finishReason ?? 'stop' }],
  };
  const usage = usageFor(splitText(content, options.chunkSize).length, options);
  if (usage) body.usage = usage;
  return { status: 200, json: body };
}

/** A reply that streams when the request asked for a stream and comes whole otherwise. */
export function reply(text, options = {}) {
  return (request) => (request.body?.stream ? textStream(text, options) : completion(text, options));
}

/** Replies with the last user message, prefixed (streamed or whole, as asked). */
export function echoLastUser({ prefix = 'You said: ', ...options } = {}) {
  return (request) => {
    const messages = Array.isArray(request.body?.messages) ? request.body.messages : [];
    const last = [...messages].reverse().find((m) => m.role === 'user');
    // A message with attachments carries content parts: echo its text parts, as a model reads them.
    const content = Array.isArray(last?.content) ? last.content.filter((part) => part?.type === 'text').map((part) => part.text).join('') : last?.content;
    return reply(`${prefix}${content ?? ''}`, options)(request);
  };
}

/** An error response in OpenAI's shape (or any body given as `body`). */
export function errorResponse(status, message, { type = 'invalid_request_error', code = null, headers = {}, body } = {}) {
  return { status, headers, json: body ?? { error: { message, type, param: null, code } } };
}

/** `count` tokens as one content chunk each, for the 20,000-token benchmark. */
export function benchmarkTokens(count) {
  return Array.from({ length: count }, (_, i) => (i % 12 === 11 ? ` word${i}.\n\n` : ` word${i}`));
}

