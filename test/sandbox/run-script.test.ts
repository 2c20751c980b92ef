import { describe, expect, it } from 'vitest';
import { returningLastLine, runScript } from '../../src/sandbox/run-script';

// Issue 36 slice C: the sandbox cannot eval, so a run shows its last expression's value by
// returning the block's last line when that line can be an expression of its own; the worker's
// script keeps the block's lines countable.

describe('the block’s last line, returned', () => {
  it.each([
    ['let total = 1;\ntotal', 'let total = 1;\nreturn (total\n)'],
    ['x = 2;', 'return (x = 2\n)'],
    ['await f()  \n\n', 'return (await f()\n)'],
    ['a\nb // the answer', 'a\nreturn (b // the answer\n)'],
    ['!done', 'return (!done\n)'],
  ])('%j', (code, expected) => {
    expect(returningLastLine(code)).toBe(expected);
  });

  it.each([
    ['a closing brace', 'for (;;) {\n}'],
    ['a declaration', 'const x = 1'],
    ['a function', 'function f() {}'],
    ['a class', 'class A {}'],
    ['a return already', 'return 4'],
    ['a line that may continue the one above', 'a\n(b)'],
    ['a chained call', 'list\n  .map(f)'],
    ['a template literal’s end', 'x = `a\nb`'],
    ['a comment', 'x\n// done'],
    ['a throw', 'throw new Error()'],
    ['nothing', '  \n'],
  ])('not %s', (_what, code) => {
    expect(returningLastLine(code)).toBeNull();
  });
});

describe('the worker’s script', () => {
  it('puts the block after `offset` lines, inside an async function whose end goes to the prelude', () => {
    const { script, offset } = runScript('first\nsecond', 100, 10);
    const lines = script.split('\n');
    expect(lines[offset]).toBe('first');
    expect(lines[offset + 1]).toBe('second');
    expect(lines[offset - 1]).toBe('(async()=>{');
    expect(lines[offset + 2]).toBe('})().then(__parleyRun.done,__parleyRun.fail);');
    expect(script.startsWith('const __parleyRun=(function')).toBe(true);
    expect(script).toContain('(100,10);');
  });
});
