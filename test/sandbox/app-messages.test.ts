import { describe, expect, it } from 'vitest';
import { MAX_ARTIFACT_CHARS, MAX_ID, MAX_PYTHON_FILE_BYTES, MAX_RUN_FILE_BYTES, MAX_RUN_FILES, MAX_RUN_TIME_LIMIT_MS, MAX_RUNTIME_CHARS, MIN_RUN_TIME_LIMIT_MS } from '../../src/lib/sandbox-wire';
import { readAppMessage } from '../../src/sandbox/app-messages';

// Issue 36: the sandbox's program checks what arrives on its port before acting on it, as the app
// checks what the sandbox says. A runtime's code goes into an inline <script>: `</script` in it
// would end that script early, so such code is refused. A run carries its time limit, the files
// Python reads at /mnt/data and the wheels it installs: plain names and bytes, within bounds.

const RUN = { type: 'run', id: 1, language: 'javascript', code: '1', limitMs: 30_000, files: [], packages: [] };
const file = (name: string, bytes = 3) => ({ name, data: new ArrayBuffer(bytes) });

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
    [{ ...RUN, id: 3, code: 'console.log(1 + 1)' }],
    [{ ...RUN, id: MAX_ID, code: 'x'.repeat(MAX_ARTIFACT_CHARS), limitMs: MAX_RUN_TIME_LIMIT_MS }],
    [{ ...RUN, language: 'python', code: 'print(1)', limitMs: MIN_RUN_TIME_LIMIT_MS, files: [file('scores.csv'), file('photo (2).jpg')], packages: [file('numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl')] }],
    [{ ...RUN, language: 'python', files: Array.from({ length: MAX_RUN_FILES }, (_, at) => file(`f${at}`)) }],
    [{ type: 'runtime', name: 'python', code: 'self.x=1' }],
    [{ type: 'runtime-file', name: 'pyodide.asm.wasm', data: new ArrayBuffer(8) }],
    [{ type: 'runtime-file', name: 'pyodide-lock.json', data: new ArrayBuffer(MAX_PYTHON_FILE_BYTES) }],
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
    ['run of another language', { ...RUN, language: 'ruby' }],
    ['run of js (the language is javascript)', { ...RUN, language: 'js' }],
    ['run without its code', { type: 'run', id: 1, language: 'javascript', limitMs: 30_000, files: [], packages: [] }],
    ['run without its limit', { type: 'run', id: 1, language: 'javascript', code: '1', files: [], packages: [] }],
    ['run whose code is not text', { ...RUN, code: ['1'] }],
    ['run with code too long', { ...RUN, code: 'x'.repeat(MAX_ARTIFACT_CHARS + 1) }],
    ['run with a fractional id', { ...RUN, id: 1.5 }],
    ['run with one key more', { ...RUN, timeout: 1e9 }],
    ['run with a limit under a second', { ...RUN, limitMs: MIN_RUN_TIME_LIMIT_MS - 1 }],
    ['run with a limit over ten minutes', { ...RUN, limitMs: MAX_RUN_TIME_LIMIT_MS + 1 }],
    ['run with a limit that is no whole number', { ...RUN, limitMs: 1500.5 }],
    ['run whose files are not a list', { ...RUN, files: { 0: file('a') } }],
    ['run with a file in a folder', { ...RUN, files: [file('../etc/passwd')] }],
    ['run with a hidden file', { ...RUN, files: [file('.bashrc')] }],
    ['run with a file whose bytes are text', { ...RUN, files: [{ name: 'a', data: 'abc' }] }],
    ['run with a file with one key more', { ...RUN, files: [{ ...file('a'), type: 'text/csv' }] }],
    ['run with a file too large', { ...RUN, files: [file('big', MAX_RUN_FILE_BYTES + 1)] }],
    ['run with too many files', { ...RUN, files: Array.from({ length: MAX_RUN_FILES + 1 }, (_, at) => file(`f${at}`)) }],
    ['run with a package in a folder', { ...RUN, packages: [file('x/numpy.whl')] }],
    ['runtime file of an unknown name', { type: 'runtime-file', name: 'evil.wasm', data: new ArrayBuffer(1) }],
    ['runtime file whose bytes are a view', { type: 'runtime-file', name: 'pyodide.asm.wasm', data: new Uint8Array(1) }],
    ['runtime file too large', { type: 'runtime-file', name: 'pyodide.asm.wasm', data: new ArrayBuffer(MAX_PYTHON_FILE_BYTES + 1) }],
    ['stop without an id', { type: 'stop' }],
    ['stop with an id as text', { type: 'stop', id: '1' }],
    ['stop with one key more', { type: 'stop', id: 1, outcome: 'done' }],
  ])('%s', (_name, message) => {
    expect(readAppMessage(message)).toBeNull();
  });
});
