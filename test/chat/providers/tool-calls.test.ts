// @vitest-environment node
// Tool calls streamed in pieces, in every shape servers send them, folded into the stored calls.
import { describe, expect, it } from 'vitest';
import { createChunkDecoder } from '../../../src/chat/chat-completions';
import type { DecodedDelta } from '../../../src/chat/wire';
import { createSseParser } from '../../../src/chat/wire/sse-parser';
import { withToolCallPiece } from '../../../src/chat/replies/tool-calls';
import type { ToolCall } from '../../../src/chat';

const event = (data: unknown) => ({ type: 'message', data: JSON.stringify(data), lastEventId: '' });
const delta = (d: Record<string, unknown>, finish: string | null = null) => event({ choices: [{ index: 0, delta: d, finish_reason: finish }] });

function calls(...events: ReturnType<typeof event>[]): ToolCall[] {
  const decoder = createChunkDecoder();
  let folded: ToolCall[] = [];
  const deltas: DecodedDelta[] = [...events.flatMap((e) => decoder.push(e)), ...decoder.end()];
  for (const d of deltas) if (d.type === 'tool-call') folded = withToolCallPiece(folded, d);
  expect(decoder.error).toBeUndefined();
  return folded;
}

describe('tool calls', () => {
  it('assembles id, name and arguments streamed by index', () => {
    expect(
      calls(
        delta({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
        delta({ tool_calls: [{ index: 1, id: 'call_2', function: { name: 'get_time', arguments: '{}' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
        delta({}, 'tool_calls'),
      ),
    ).toEqual([
      { index: 0, id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { index: 1, id: 'call_2', name: 'get_time', arguments: '{}' },
    ]);
  });

  it.each([
    ['a whole call in one chunk with no index', delta({ tool_calls: [{ id: 'c', function: { name: 'f', arguments: '{"a":1}' } }] }, 'tool_calls'), [{ index: 0, id: 'c', name: 'f', arguments: '{"a":1}' }]],
    ['arguments sent as an object', delta({ tool_calls: [{ index: 0, function: { name: 'f', arguments: { a: 1 } } }] }, 'tool_calls'), [{ index: 0, name: 'f', arguments: '{"a":1}' }]],
    ['the older function_call', delta({ function_call: { name: 'f', arguments: '{}' } }, 'function_call'), [{ index: 0, name: 'f', arguments: '{}' }]],
    ['a whole completion (message, not delta)', event({ choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: 'tool_calls' }] }), [{ index: 0, id: 'c', name: 'f', arguments: '{}' }]],
  ])('%s', (_, e, expected) => {
    expect(calls(e)).toEqual(expected);
  });

  it('a name repeated whole in every piece is not doubled; a name in pieces is joined', () => {
    const repeated = [0, 1].map(() => delta({ tool_calls: [{ index: 0, function: { name: 'get_weather', arguments: '{}' } }] }));
    expect(calls(...repeated, delta({}, 'tool_calls'))[0]!.name).toBe('get_weather');
    const split = calls(delta({ tool_calls: [{ index: 0, function: { name: 'get_' } }] }), delta({ tool_calls: [{ index: 0, function: { name: 'weather' } }] }), delta({}, 'tool_calls'));
    expect(split[0]!.name).toBe('get_weather');
  });

  it('keeps calls in index order whatever order they arrive in', () => {
    const folded = calls(delta({ tool_calls: [{ index: 2, function: { name: 'c' } }] }), delta({ tool_calls: [{ index: 0, function: { name: 'a' } }] }), delta({}, 'tool_calls'));
    expect(folded.map((c) => [c.index, c.name])).toEqual([
      [0, 'a'],
      [2, 'c'],
    ]);
  });
});

describe('the event size cap', () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it('returns the events before an event that grows past the cap, then nothing', () => {
    const parser = createSseParser({ maxEventChars: 32 });
    expect(parser.feed(encode('data: small\n\ndata: ' + 'x'.repeat(40)))).toEqual([{ type: 'message', data: 'small', lastEventId: '' }]);
    expect(parser.overflowed).toBe(true);
    expect(parser.feed(encode('\n\ndata: more\n\n'))).toEqual([]);
  });

  it('counts data lines joined into one event', () => {
    const parser = createSseParser({ maxEventChars: 32 });
    parser.feed(encode('data: 0123456789\ndata: 0123456789\ndata: 0123456789\n'));
    expect(parser.overflowed).toBe(true);
  });

  it('an event under the cap is untouched', () => {
    const parser = createSseParser({ maxEventChars: 32 });
    expect(parser.feed(encode('data: 0123456789\n\n'))).toHaveLength(1);
    expect(parser.overflowed).toBe(false);
  });
});
