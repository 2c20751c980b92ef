import { describe, expect, it } from 'vitest';
import { readSandboxMessage, SANDBOX_PROTOCOL } from '../../../src/chat/sandbox/sandbox-session';
import { MAX_ERROR_CHARS, MAX_ID, MAX_OUTPUT_CHARS, MAX_REPORTED_HEIGHT, MAX_VALUE_CHARS } from '../../../src/lib/sandbox-wire';

// Issue 36: whatever the sandbox says is untrusted (a model wrote the artifact): only these exact
// shapes are read; anything else is dropped before the app looks at it.

describe('messages from the sandbox that are read', () => {
  it.each([
    [{ type: 'ready', protocol: SANDBOX_PROTOCOL }],
    [{ type: 'rendered', id: 0, height: 0 }],
    [{ type: 'rendered', id: MAX_ID, height: MAX_REPORTED_HEIGHT }],
    [{ type: 'rendered', id: 3, height: 120.5 }],
    [{ type: 'error', id: 1, message: 'boom', line: 4 }],
    [{ type: 'error', id: 1, message: '', line: null }],
    [{ type: 'error', id: 1, message: 'x'.repeat(MAX_ERROR_CHARS), line: 1 }],
    [{ type: 'output', id: 2, stream: 'stdout', text: 'hello' }],
    [{ type: 'output', id: 2, stream: 'stderr', text: 'x'.repeat(MAX_OUTPUT_CHARS) }],
    [Object.assign(Object.create(null), { type: 'rendered', id: 1, height: 10 })],
    [{ type: 'ended', id: 4, outcome: 'done' }],
    [{ type: 'ended', id: 4, outcome: 'done', value: 'x'.repeat(MAX_VALUE_CHARS) }],
    [{ type: 'ended', id: 4, outcome: 'error', error: 'ReferenceError: x is not defined', line: 3 }],
    [{ type: 'ended', id: 4, outcome: 'error', error: 'x'.repeat(MAX_ERROR_CHARS) }],
    [{ type: 'ended', id: MAX_ID, outcome: 'stopped' }],
    [{ type: 'ended', id: 0, outcome: 'timeout' }],
  ])('%j', (message) => {
    expect(readSandboxMessage(message)).toEqual({ ...message });
  });
});

class Shaped {
  type = 'rendered';
  id = 1;
  height = 10;
}

describe('malformed messages are dropped', () => {
  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'ready'],
    ['a number', 1],
    ['an array', [{ type: 'ready', protocol: 1 }]],
    ['an object of a class', new Shaped()],
    ['no type', { protocol: 1 }],
    ['an unknown type', { type: 'navigate', url: 'https://evil.example' }],
    ['an app command echoed back', { type: 'render', id: 1, kind: 'html', source: '<p>' }],
    ['a type that is not a string', { type: ['ready'], protocol: 1 }],
    ['an inherited key as type', { type: 'toString' }],
    ['ready without its protocol', { type: 'ready' }],
    ['ready with a text protocol', { type: 'ready', protocol: '1' }],
    ['ready with a fractional protocol', { type: 'ready', protocol: 1.5 }],
    ['ready with one key more', { type: 'ready', protocol: 1, call: 'deleteChat' }],
    ['rendered without an id', { type: 'rendered', height: 10 }],
    ['rendered with a negative id', { type: 'rendered', id: -1, height: 10 }],
    ['rendered with a fractional id', { type: 'rendered', id: 1.5, height: 10 }],
    ['rendered with an id too large', { type: 'rendered', id: MAX_ID + 1, height: 10 }],
    ['rendered with a text height', { type: 'rendered', id: 1, height: '10' }],
    ['rendered with a negative height', { type: 'rendered', id: 1, height: -1 }],
    ['rendered with an infinite height', { type: 'rendered', id: 1, height: Infinity }],
    ['rendered with NaN for a height', { type: 'rendered', id: 1, height: NaN }],
    ['rendered taller than the bound', { type: 'rendered', id: 1, height: MAX_REPORTED_HEIGHT + 1 }],
    ['rendered with one key more', { type: 'rendered', id: 1, height: 10, extra: true }],
    ['error without a message', { type: 'error', id: 1, line: 1 }],
    ['error without its line key', { type: 'error', id: 1, message: 'x' }],
    ['error with a message that is an object', { type: 'error', id: 1, message: { toString: 'x' }, line: 1 }],
    ['error with a message too long', { type: 'error', id: 1, message: 'x'.repeat(MAX_ERROR_CHARS + 1), line: 1 }],
    ['error at line 0', { type: 'error', id: 1, message: 'x', line: 0 }],
    ['error at a fractional line', { type: 'error', id: 1, message: 'x', line: 2.5 }],
    ['error at a text line', { type: 'error', id: 1, message: 'x', line: '3' }],
    ['output on another stream', { type: 'output', id: 1, stream: 'stdin', text: 'x' }],
    ['output too long', { type: 'output', id: 1, stream: 'stdout', text: 'x'.repeat(MAX_OUTPUT_CHARS + 1) }],
    ['output that is not text', { type: 'output', id: 1, stream: 'stdout', text: new Uint8Array(4) }],
    ['ended without an outcome', { type: 'ended', id: 1 }],
    ['ended with an unknown outcome', { type: 'ended', id: 1, outcome: 'crashed' }],
    ['ended with an inherited key as outcome', { type: 'ended', id: 1, outcome: 'toString' }],
    ['ended without an id', { type: 'ended', outcome: 'done' }],
    ['ended with a value that is not text', { type: 'ended', id: 1, outcome: 'done', value: 5050 }],
    ['ended with a value too long', { type: 'ended', id: 1, outcome: 'done', value: 'x'.repeat(MAX_VALUE_CHARS + 1) }],
    ['ended with an error too long', { type: 'ended', id: 1, outcome: 'error', error: 'x'.repeat(MAX_ERROR_CHARS + 1) }],
    ['ended at line 0', { type: 'ended', id: 1, outcome: 'error', error: 'x', line: 0 }],
    ['ended at a text line', { type: 'ended', id: 1, outcome: 'error', error: 'x', line: '2' }],
    ['ended with a null line', { type: 'ended', id: 1, outcome: 'error', error: 'x', line: null }],
    ['ended with one key more', { type: 'ended', id: 1, outcome: 'done', call: 'sendMessage' }],
    ['output with an optional key of ended', { type: 'output', id: 1, stream: 'stdout', text: 'x', value: 'y' }],
  ])('%s', (_what, message) => {
    expect(readSandboxMessage(message)).toBeNull();
  });
});
