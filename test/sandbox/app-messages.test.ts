import { describe, expect, it } from 'vitest';
import { MAX_ARTIFACT_CHARS, MAX_ID, MAX_RUNTIME_CHARS } from '../../src/lib/sandbox-wire';
import { readAppMessage } from '../../src/sandbox/app-messages';

// Issue 36: the sandbox's program checks what arrives on its port before acting on it, as the app
// checks what the sandbox says. A runtime's code goes into an inline <script>: `</script` in it
// would end that script early, so such code is refused.

describe('messages from the app that the sandbox reads', () => {
  it.each([
    [{ type: 'render', id: 0, kind: 'html', source: '<p>hi</p>' }],
    [{ type: 'render', id: MAX_ID, kind: 'svg', source: '' }],
    [{ type: 'render', id: 1, kind: 'jsx', source: 'export default () => <p/>;' }],
    [{ type: 'render', id: 1, kind: 'mermaid', source: 'x'.repeat(MAX_ARTIFACT_CHARS) }],
    [{ type: 'runtime', name: 'react', code: 'self.x=1' }],
    [{ type: 'runtime', name: 'jsx-transform', code: '' }],
    [{ type: 'runtime', name: 'mermaid', code: 'x'.repeat(MAX_RUNTIME_CHARS) }],
    [Object.assign(Object.create(null), { type: 'runtime', name: 'react', code: '1' })],
    [{ type: 'run', id: 3, language: 'javascript', code: 'console.log(1 + 1)' }],
    [{ type: 'run', id: MAX_ID, language: 'javascript', code: 'x'.repeat(MAX_ARTIFACT_CHARS) }],
    [{ type: 'stop', id: 0 }],
  ])('%j', (message) => {
    expect(readAppMessage(message)).toEqual({ ...message });
  });
});

describe('malformed messages are dropped', () => {
  it.each([
    ['nothing', undefined],
    ['a string', 'render'],
    ['an array', [{ type: 'runtime', name: 'react', code: '1' }]],
    ['an unknown type', { type: 'eval', code: '1' }],
    ['a report echoed back', { type: 'ready', protocol: 2 }],
    ['render of an unknown kind', { type: 'render', id: 1, kind: 'python', source: 'print(1)' }],
    ['render of tsx (the kind is jsx)', { type: 'render', id: 1, kind: 'tsx', source: 'x' }],
    ['render with a negative id', { type: 'render', id: -1, kind: 'html', source: 'x' }],
    ['render with an id too large', { type: 'render', id: MAX_ID + 1, kind: 'html', source: 'x' }],
    ['render with a source that is not text', { type: 'render', id: 1, kind: 'html', source: ['x'] }],
    ['render with a source too long', { type: 'render', id: 1, kind: 'html', source: 'x'.repeat(MAX_ARTIFACT_CHARS + 1) }],
    ['render with one key more', { type: 'render', id: 1, kind: 'html', source: 'x', runtime: 'react' }],
    ['runtime of an unknown name', { type: 'runtime', name: 'pyodide', code: '1' }],
    ['runtime named by an inherited key', { type: 'runtime', name: 'toString', code: '1' }],
    ['runtime without its code', { type: 'runtime', name: 'react' }],
    ['runtime whose code is not text', { type: 'runtime', name: 'react', code: { length: 1 } }],
    ['runtime too large', { type: 'runtime', name: 'mermaid', code: 'x'.repeat(MAX_RUNTIME_CHARS + 1) }],
    ['runtime that would end its script', { type: 'runtime', name: 'react', code: 'a="</script><img src=x>"' }],
    ['runtime that would end its script, in capitals', { type: 'runtime', name: 'react', code: '"</SCRIPT "' }],
    ['runtime with one key more', { type: 'runtime', name: 'react', code: '1', id: 1 }],
    ['run of another language', { type: 'run', id: 1, language: 'python', code: 'print(1)' }],
    ['run of js (the language is javascript)', { type: 'run', id: 1, language: 'js', code: '1' }],
    ['run without its code', { type: 'run', id: 1, language: 'javascript' }],
    ['run whose code is not text', { type: 'run', id: 1, language: 'javascript', code: ['1'] }],
    ['run with code too long', { type: 'run', id: 1, language: 'javascript', code: 'x'.repeat(MAX_ARTIFACT_CHARS + 1) }],
    ['run with a fractional id', { type: 'run', id: 1.5, language: 'javascript', code: '1' }],
    ['run with one key more', { type: 'run', id: 1, language: 'javascript', code: '1', timeout: 1e9 }],
    ['stop without an id', { type: 'stop' }],
    ['stop with an id as text', { type: 'stop', id: '1' }],
    ['stop with one key more', { type: 'stop', id: 1, outcome: 'done' }],
  ])('%s', (_name, message) => {
    expect(readAppMessage(message)).toBeNull();
  });
});
