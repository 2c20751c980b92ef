// @vitest-environment node
// Chunk shapes the fixtures do not cover, one row each.
import { describe, expect, it } from 'vitest';
import { createChunkDecoder } from '../../../src/chat/chat-completions';
import type { DecodedDelta } from '../../../src/chat/wire';

const event = (data: unknown, type = 'message') => ({ type, data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: '' });
const choice = (delta: Record<string, unknown>, finish: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason: finish }] });

function decode(...events: ReturnType<typeof event>[]) {
  const decoder = createChunkDecoder();
  const deltas: DecodedDelta[] = events.flatMap((e) => decoder.push(e));
  deltas.push(...decoder.end());
  return { deltas, error: decoder.error && { code: decoder.error.code, reason: decoder.error.reason, message: decoder.error.message } };
}

describe('chunks', () => {
  it.each([
    ['null fields are nothing, never "null"', [event(choice({ content: null, reasoning_content: null, reasoning: null })), event(choice({}, 'stop'))], [{ type: 'finish', reason: 'stop' }]],
    [
      'reasoning in both fields counts once',
      [event(choice({ reasoning_content: 'x', reasoning: 'x' }, 'stop'))],
      [{ type: 'reasoning', text: 'x' }, { type: 'finish', reason: 'stop' }],
    ],
    ['legacy choices[0].text', [event({ choices: [{ index: 0, text: 'old', finish_reason: 'stop' }] })], [{ type: 'content', text: 'old' }, { type: 'finish', reason: 'stop' }]],
    ['an empty data event is ignored', [event(''), event(choice({ content: 'a' }, 'stop'))], [{ type: 'content', text: 'a' }, { type: 'finish', reason: 'stop' }]],
    ['events after [DONE] are ignored', [event(choice({ content: 'a' })), event('[DONE]'), event(choice({ content: 'late' }))], [{ type: 'content', text: 'a' }]],
    ['an unknown event type is read as data', [event(choice({ content: 'a' }, 'stop'), 'delta')], [{ type: 'content', text: 'a' }, { type: 'finish', reason: 'stop' }]],
    [
      'timings without a rate: computed from count and time; counts stand in for missing usage',
      [event({ choices: [], timings: { prompt_n: 4, predicted_n: 10, predicted_ms: 500 } }), event('[DONE]')],
      [{ type: 'timing', timing: { tokensPerSecond: 20, estimated: false } }, { type: 'usage', usage: { promptTokens: 4, completionTokens: 10, totalTokens: 14 } }],
    ],
    [
      'usage without numbers is no usage',
      [event({ choices: [], usage: { prompt_tokens: null } }), event('[DONE]')],
      [],
    ],
  ])('%s', (_, events, deltas) => {
    expect(decode(...events)).toEqual({ deltas, error: undefined });
  });

  it.each([
    ['no [DONE] and no finish reason', [event(choice({ content: 'cut' }))], 'stream-interrupted', 'incomplete'],
    ['nothing but data that is not JSON', [event('{"choices":'), event('[DONE]')], 'malformed-stream', 'bad-json'],
    ['nothing but JSON values that are not objects', [event('42'), event('[1]')], 'malformed-stream', 'bad-json'],
    ['an Anthropic Messages stream', [event({ type: 'message_start', message: { id: 'msg' } }, 'message_start')], 'malformed-stream', 'anthropic-stream'],
    ['an Anthropic delta with no event name', [event({ type: 'content_block_delta', delta: { type: 'text_delta', text: 'x' } })], 'malformed-stream', 'anthropic-stream'],
    ['a whole Anthropic message (JSON)', [event({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'x' }] })], 'malformed-stream', 'anthropic-stream'],
    ['an Ollama native chunk', [event({ model: 'm', message: { role: 'assistant', content: 'x' }, done: false })], 'malformed-stream', 'ollama-native'],
    ['an Ollama /api/generate chunk', [event({ model: 'm', response: 'x', done: true })], 'malformed-stream', 'ollama-native'],
  ])('%s → %s', (_, events, code, reason) => {
    expect(decode(...events).error).toMatchObject({ code, reason });
  });

  it('a reply cut off by the length limit after some answer is complete', () => {
    expect(decode(event(choice({ content: 'Long answ' }, 'length')), event('[DONE]')).error).toBeUndefined();
  });

  it('a reply cut off by the length limit before any answer is complete too: the limit was reached, nothing failed', () => {
    const { deltas, error } = decode(event(choice({ reasoning_content: 'hmm' })), event(choice({}, 'length')), event('[DONE]'));
    expect(error).toBeUndefined();
    expect(deltas).toEqual([{ type: 'reasoning', text: 'hmm' }, { type: 'finish', reason: 'length' }]);
  });

  it('a close-only think answer that then hits the length limit has no answer text, and is complete', () => {
    const { deltas, error } = decode(event(choice({ content: 'reasoning</think>' }, 'length')), event('[DONE]'));
    expect(deltas).toContainEqual({ type: 'content-was-reasoning' });
    expect(error).toBeUndefined();
  });

  it('skips and counts data that is not JSON, and goes on', () => {
    const { deltas, error } = decode(event(choice({ content: 'a' })), event('{"choices":'), event('42'), event(choice({ content: 'b' }, 'stop')));
    expect(error).toBeUndefined();
    expect(deltas).toEqual([
      { type: 'content', text: 'a' },
      { type: 'skipped-events', count: 1 },
      { type: 'skipped-events', count: 1 },
      { type: 'content', text: 'b' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reads the whole of an error chunk before failing: its finish reason and last text are kept', () => {
    const failing = { choices: [{ index: 0, delta: { content: ' end' }, finish_reason: 'error' }], error: { code: 502, message: 'Provider returned error' } };
    const { deltas, error } = decode(event(choice({ content: 'Start' })), event(failing));
    expect(deltas).toEqual([
      { type: 'content', text: 'Start' },
      { type: 'content', text: ' end' },
      { type: 'finish', reason: 'error' },
    ]);
    expect(error).toMatchObject({ code: 'server-error', reason: 'bad-gateway', message: 'Provider returned error' });
  });

  it('delivers held-back text before an error', () => {
    const { deltas, error } = decode(event(choice({ content: 'a </th' })), event({ error: 'boom' }));
    expect(deltas).toEqual([
      { type: 'content', text: 'a' },
      { type: 'content', text: ' </th' },
    ]);
    expect(error).toMatchObject({ code: 'server-error', message: 'boom' });
  });

  it('nothing after an error', () => {
    const decoder = createChunkDecoder();
    decoder.push(event({ error: { message: 'x' } }));
    expect(decoder.push(event(choice({ content: 'more' })))).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });
});
