// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanTitle, isMixedContent, modelIdsOf, parseDuration, parseRetryAfter, retryAfterFromMessage, retryAfterMs } from '../../../src/chat/wire';
import { classifyServerError, readServerError, serverErrorFromText, streamChunkError } from '../../../src/chat/wire/error-body';
import { errorFromResponse } from '../../../src/chat/wire/http-errors';

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

describe('the server message, in every shape servers write it', () => {
  it.each([
    ['OpenAI / llama.cpp / Ollama', { error: { message: 'Bad key', type: 'invalid_request_error', code: 'invalid_api_key' } }, { message: 'Bad key', code: 'invalid_api_key', type: 'invalid_request_error' }],
    ['llama.cpp numeric code', { error: { code: 401, message: 'Invalid API Key', type: 'authentication_error' } }, { message: 'Invalid API Key', code: 401 }],
    ['a bare string', { error: 'model crashed' }, { message: 'model crashed' }],
    ['vLLM top-level object', { object: 'error', message: 'too long', type: 'BadRequestError', code: 400 }, { message: 'too long', code: 400 }],
    ['FastAPI detail string', { detail: 'Not authenticated' }, { message: 'Not authenticated' }],
    ['FastAPI validation list, each with its field', { detail: [{ loc: ['body', 'model'], msg: 'Field required' }, { msg: 'bad value' }] }, { message: 'body.model: Field required; bad value' }],
    ['FastAPI validation list, a field in a list', { detail: [{ loc: ['body', 'messages', 0, 'role'], msg: 'Input should be user' }] }, { message: 'body.messages.0.role: Input should be user' }],
    ['wrapped in an array', [{ error: { message: 'Quota exceeded', code: 429 } }], { message: 'Quota exceeded', code: 429 }],
  ])('%s', (_, body, expected) => {
    expect(readServerError(body)).toMatchObject(expected);
  });

  it.each([
    ['JSON body', '{"error":{"message":"nope"}}', 'nope'],
    ['HTML page with no title: its first heading', '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', '502 Bad Gateway'],
    ['nginx: the title, not title and heading', '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>', '502 Bad Gateway'],
    ['never style or script text', '<html><head><style>h1{color:red}</style><script>var a = 1 < 2;</script></head><body><p>Down &amp; out</p></body></html>', 'Down & out'],
    ['a heading inside a script is not the heading', '<!doctype html><script>document.write("<h1>fake</h1>")</script><h2>Real &#8212; one</h2>', 'Real — one'],
    ['plain text', 'Internal Server Error\n', 'Internal Server Error'],
    ['empty', '', undefined],
  ])('from text: %s', (_, text, message) => {
    expect(serverErrorFromText(text).message).toBe(message);
  });

  it.each([
    ['a chunk with choices', { choices: [{ delta: { content: 'x' } }] }, false],
    ['a usage chunk', { choices: [], usage: { total_tokens: 3 } }, false],
    ['error: null', { choices: [], error: null }, false],
    ['error object', { error: { message: 'boom' } }, true],
    ['error string', { error: 'boom' }, true],
    ['message with no choices', { message: 'boom', code: 500 }, true],
    ['object: error', { object: 'error', message: 'boom' }, true],
  ])('in a stream: %s is an error: %s', (_, chunk, isError) => {
    expect(streamChunkError(chunk) !== undefined).toBe(isError);
  });
});

describe('codes', () => {
  it.each([
    [401, {}, 'unauthorized', undefined],
    [403, {}, 'unauthorized', 'forbidden'],
    [404, { message: "model 'llama9' not found" }, 'model-not-found', undefined],
    [404, { message: 'Not Found' }, 'model-not-found', 'endpoint-not-found'],
    [400, { message: 'The model `gpt-9` does not exist or you do not have access to it.' }, 'model-not-found', undefined],
    [400, { message: 'Invalid model name' }, 'model-not-found', undefined],
    [400, { message: "This model's maximum context length is 4096 tokens." }, 'unknown', 'context-length'],
    [400, { message: 'temperature must be at most 2' }, 'unknown', undefined],
    [429, { message: 'Slow down' }, 'rate-limited', undefined],
    [429, { message: 'You exceeded your current quota', code: 'insufficient_quota' }, 'rate-limited', 'quota'],
    [500, {}, 'server-error', undefined],
    [502, {}, 'server-error', 'bad-gateway'],
    [503, { message: 'Loading model' }, 'server-error', 'unavailable'],
    [504, {}, 'server-error', 'gateway-timeout'],
    [524, {}, 'server-error', 'gateway-timeout'],
    [507, {}, 'server-error', undefined],
  ] as const)('HTTP %i %j → %s', (status, error, code, reason) => {
    expect(classifyServerError(error, status, status >= 500 ? 'server-error' : 'unknown')).toEqual(reason ? { code, reason } : { code });
  });

  it.each([
    [{ message: 'boom', type: 'server_error' }, 'server-error'],
    [{ message: 'slow', code: 429 }, 'rate-limited'],
    [{ message: 'slow', code: 'rate_limit_exceeded' }, 'rate-limited'],
    [{ message: 'key', code: 'invalid_api_key' }, 'unauthorized'],
    [{ message: 'x', code: 'model_not_found' }, 'model-not-found'],
    [{ message: 'something odd' }, 'server-error'],
  ])('in a stream %j → %s', (error, code) => {
    expect(classifyServerError(error, undefined, 'server-error').code).toBe(code);
  });
});

describe('how long a 429 asks to wait', () => {
  it.each([
    ['20', 20_000],
    ['0', 0],
    ['1.5', 1500],
    ['Sun, 01 Mar 2026 12:00:30 GMT', 30_000],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
  ])('Retry-After %j → %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([
    ['20s', 20_000],
    ['1m30s', 90_000],
    ['6ms', 6],
    ['0.5s', 500],
    ['1h2m3s', 3_723_000],
    ['20', undefined],
    ['soon', undefined],
  ])('duration %j → %j ms', (value, expected) => {
    expect(parseDuration(value)).toBe(expected);
  });

  it.each([
    ['Please try again in 20s. Visit …', 20_000],
    ['Please try again in 1m30s.', 90_000],
    ['Please try again in 6ms.', 6],
    ['Please retry after 7 seconds', 7000],
    ['try again in 2 minutes', 120_000],
    ['Rate limited', undefined],
  ])('from the message %j → %j ms', (message, expected) => {
    expect(retryAfterFromMessage(message)).toBe(expected);
  });

  it.each([
    ['retry-after-ms wins', { 'retry-after-ms': '1500', 'retry-after': '2' }, 1500],
    ['Retry-After seconds', { 'retry-after': '20' }, 20_000],
    ['the exhausted limit’s reset', { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '20s', 'x-ratelimit-reset-tokens': '2m' }, 20_000],
    ['the longer reset when none says exhausted', { 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s' }, 360_000],
    ['OpenRouter’s reset timestamp in ms', { 'x-ratelimit-reset': String(NOW + 4000) }, 4000],
    ['a reset timestamp in seconds', { 'x-ratelimit-reset': String(NOW / 1000 + 9) }, 9000],
    ['nothing but the message', {}, 20_000],
  ])('%s', (_, headers, expected) => {
    expect(retryAfterMs(new Headers(headers), 'Please try again in 20s.', NOW)).toBe(expected);
  });

  it('a quota error reports no wait (waiting does not help)', () => {
    const body = JSON.stringify({ error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } });
    const error = errorFromResponse(new Response(null, { status: 429, headers: { 'retry-after': '20' } }), body, 'http://x/v1', NOW);
    expect(error).toMatchObject({ code: 'rate-limited', reason: 'quota', retryAfterMs: undefined, status: 429 });
  });
});

describe('mixed content', () => {
  it.each([
    ['https://parley.app/', 'http://192.168.1.5:11434/v1/models', true],
    ['https://parley.app/', 'http://ollama.lan/v1/models', true],
    ['https://parley.app/', 'http://localhost:11434/v1/models', false],
    ['https://parley.app/', 'http://127.0.0.1:8080/v1/models', false],
    ['https://parley.app/', 'http://[::1]:8080/v1/models', false],
    ['https://parley.app/', 'http://ollama.localhost/v1/models', false],
    ['https://parley.app/', 'https://api.openai.com/v1/models', false],
    ['http://localhost:8000/', 'http://192.168.1.5:11434/v1/models', false],
    [undefined, 'http://192.168.1.5:11434/v1/models', false],
  ])('page %s calling %s: %s', (page, target, expected) => {
    expect(isMixedContent(target, page)).toBe(expected);
  });
});

describe('model lists', () => {
  it.each([
    ['OpenAI', { object: 'list', data: [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }, { id: 'o3' }] }, ['gpt-4o', 'gpt-4o-mini', 'o3']],
    ['Ollama /api/tags', { models: [{ name: 'qwen3:8b', model: 'qwen3:8b' }, { name: 'llama3.2:latest' }] }, ['llama3.2:latest', 'qwen3:8b']],
    ['bare ids', ['b', 'a', 'a'], ['a', 'b']],
    ['numbers sort as numbers, case ignored', { data: [{ id: 'model-10' }, { id: 'Model-9' }, { id: 'model-1' }] }, ['model-1', 'Model-9', 'model-10']],
    ['entries without ids skipped', { data: [{ id: 'x' }, { object: 'model' }, 7] }, ['x']],
    ['empty list', { data: [] }, []],
  ])('%s', (_, body, ids) => {
    expect(modelIdsOf(body)).toEqual(ids);
  });

  it.each([[null], ['<html>'], [{ error: 'nope' }]])('no list in %j', (body) => {
    expect(modelIdsOf(body)).toBeUndefined();
  });
});

describe('titles', () => {
  it.each([
    ['"Boiling Eggs Quickly"', 'Boiling Eggs Quickly'],
    ['Title: Paris Trip Plan', 'Paris Trip Plan'],
    ['**Rust Borrow Checker**\n', 'Rust Borrow Checker'],
    ['\n\n“Café Opening Hours”\nExtra words', 'Café Opening Hours'],
  ])('%j → %j', (text, title) => {
    expect(cleanTitle(text)).toBe(title);
  });
});
