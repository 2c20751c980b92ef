// @vitest-environment node
// The WHATWG event-stream interpretation rules, one table row each.
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../../../src/chat/wire';

const encode = (text: string) => new TextEncoder().encode(text);

/** Feeds each piece as one read; returns the events and the parser's final state. */
function parse(...pieces: (string | Uint8Array)[]) {
  const parser = createSseParser();
  const events = pieces.flatMap((piece) => parser.feed(typeof piece === 'string' ? encode(piece) : piece));
  return { events, retryMs: parser.retryMs, lastEventId: parser.lastEventId, parser };
}

const message = (data: string, lastEventId = '', type = 'message'): SseEvent => ({ type, data, lastEventId });

describe('line ends', () => {
  it.each([
    ['LF', 'data: a\n\ndata: b\n\n'],
    ['CR LF', 'data: a\r\n\r\ndata: b\r\n\r\n'],
    ['CR', 'data: a\r\rdata: b\r\r'],
    ['mixed', 'data: a\r\n\ndata: b\r\r\n'],
  ])('%s', (_, body) => {
    expect(parse(body).events).toEqual([message('a'), message('b')]);
  });

  it.each([
    ['a CR LF split across reads is one line end', ['data: a\r', '\ndata: b\r\n\r\n'], [message('a\nb')]],
    ['a CR then an empty read then the LF', ['data: a\r', new Uint8Array(0), '\ndata: b\n\n'], [message('a\nb')]],
    ['a CR then a CR across reads is a blank line', ['data: a\r', '\rdata: b\n\n'], [message('a'), message('b')]],
    ['a CR at the end of a read dispatches at once', ['data: a\r\r'], [message('a')]],
    ['an LF after a CR LF is a blank line', ['data: a\r\n', '\n'], [message('a')]],
    ['a lone LF read after a CR read ends one line only', ['data: a\r', '\n', 'data: b\n\n'], [message('a\nb')]],
  ] as const)('%s', (_, pieces, expected) => {
    expect(parse(...pieces).events).toEqual(expected);
  });
});

describe('fields', () => {
  it.each([
    ['data: with one space', 'data: x\n\n', [message('x')]],
    ['data: without the space', 'data:x\n\n', [message('x')]],
    ['only one space is removed', 'data:  x\n\n', [message(' x')]],
    ['a tab is not removed', 'data:\tx\n\n', [message('\tx')]],
    ['several data lines join with LF', 'data: a\ndata:\ndata: c\n\n', [message('a\n\nc')]],
    ['a data line with no colon is empty data', 'data\n\n', [message('')]],
    ['a colon in the value stays', 'data: {"a":"b:c"}\n\n', [message('{"a":"b:c"}')]],
    ['comments are ignored', ': keep-alive\n:\ndata: x\n: more\n\n', [message('x')]],
    ['field names are case-sensitive', 'Data: x\ndata: y\n\n', [message('y')]],
    ['unknown fields are ignored', 'foo: bar\ndata: y\n\n', [message('y')]],
    ['event names the type', 'event: error\ndata: x\n\n', [message('x', '', 'error')]],
    ['the type resets after each event', 'event: error\ndata: x\n\ndata: y\n\n', [message('x', '', 'error'), message('y')]],
    ['an empty event field means message', 'event:\ndata: x\n\n', [message('x')]],
    ['id carries over to later events', 'id: 7\ndata: x\n\ndata: y\n\n', [message('x', '7'), message('y', '7')]],
    ['an id with NUL is ignored', 'id: 1\ndata: x\n\nid: a\0b\ndata: y\n\n', [message('x', '1'), message('y', '1')]],
    ['an empty id clears it', 'id: 1\ndata: x\n\nid\ndata: y\n\n', [message('x', '1'), message('y', '')]],
    ['an id in an event without data still counts', 'id: 9\n\ndata: y\n\n', [message('y', '9')]],
    ['a blank line with no data dispatches nothing', '\n\nevent: ping\n\n\ndata: y\n\n', [message('y')]],
    ['a trailing event without a blank line is dropped', 'data: x\n\ndata: half', [message('x')]],
  ] as const)('%s', (_, body, expected) => {
    expect(parse(body).events).toEqual(expected);
  });

  it.each([
    ['digits set the reconnection time', 'retry: 2500\n\n', 2500],
    ['a later valid value wins', 'retry: 10\nretry: 20\n\n', 20],
    ['non-digits are ignored', 'retry: 1.5\nretry: soon\nretry: -3\n\n', undefined],
    ['a second space makes it invalid', 'retry:  100\n\n', undefined],
    ['an empty value is ignored', 'retry:\n\n', undefined],
  ])('retry: %s', (_, body, expected) => {
    expect(parse(body).retryMs).toBe(expected);
  });
});

describe('bytes', () => {
  it('strips one leading BOM, even split across reads', () => {
    const bytes = encode('\ufeffdata: x\n\n');
    expect(parse(bytes.slice(0, 1), bytes.slice(1, 2), bytes.slice(2)).events).toEqual([message('x')]);
  });

  it('keeps a second BOM, which then spoils the first field name', () => {
    expect(parse('\ufeff\ufeffdata: x\n\ndata: y\n\n').events).toEqual([message('y')]);
  });

  it('does not strip a BOM later in the stream', () => {
    expect(parse('data: a\n\n', '\ufeffdata: b\n\n').events).toEqual([message('a')]);
  });

  it.each([
    ['é', 2],
    ['世', 3],
    ['😀', 4],
  ])('decodes %s split after every byte', (char, length) => {
    const bytes = encode(`data: ${char}\n\n`);
    const start = bytes.length - 2 - length;
    const pieces = [bytes.slice(0, start), ...Array.from({ length }, (_, i) => bytes.slice(start + i, start + i + 1)), bytes.slice(start + length)];
    expect(parse(...pieces).events).toEqual([message(char)]);
  });

  it('end() drops the unfinished event and resets for reuse', () => {
    const { parser, events } = parse('data: a\n\ndata: unfinished');
    expect(events).toEqual([message('a')]);
    parser.end();
    expect(parser.feed(encode('data: b\n\n'))).toEqual([message('b')]);
  });
});
