// @vitest-environment node
// Chunk shapes the fixtures do not cover, one row each.
import { describe, expect, it } from 'vitest';
import { createChunkDecoder, type DecodedDelta } from '../../../src/chat/openai';

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
    ['the length limit before any answer', [event(choice({ reasoning_content: 'hmm' })), event(choice({}, 'length')), event('[DONE]')], 'stream-interrupted', 'length-empty'],
    ['data that is not JSON', [event('{"choices":')], 'malformed-stream', 'bad-json'],
    ['a JSON value that is not an object', [event('42')], 'malformed-stream', 'bad-json'],
  ])('%s → %s', (_, events, code, reason) => {
    expect(decode(...events).error).toMatchObject({ code, reason });
  });

  it('a reply cut off by the length limit after some answer is complete', () => {
    expect(decode(event(choice({ content: 'Long answ' }, 'length')), event('[DONE]')).error).toBeUndefined();
  });

  it('a close-only think answer that then hits the length limit has no answer text', () => {
    const { deltas, error } = decode(event(choice({ content: 'reasoning</think>' }, 'length')), event('[DONE]'));
    expect(deltas).toContainEqual({ type: 'content-was-reasoning' });
    expect(error).toMatchObject({ reason: 'length-empty' });
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
