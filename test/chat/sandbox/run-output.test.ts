import { describe, expect, it } from 'vitest';
import { appendOutput, NO_OUTPUT } from '../../../src/chat/sandbox/run-output';
import { MAX_RUN_OUTPUT_CHARS } from '../../../src/lib/sandbox-wire';

// Issue 36 slice C: what a run prints is the block's; the app keeps at most ~1 MB of it, whatever
// the sandbox relays, and knows when it cut.

describe('a run’s output as the app keeps it', () => {
  it('keeps pieces in order, one piece per stretch of a stream', () => {
    let output = appendOutput(NO_OUTPUT, 'stdout', 'a\n');
    output = appendOutput(output, 'stdout', 'b\n');
    output = appendOutput(output, 'stderr', 'oops\n');
    output = appendOutput(output, 'stdout', 'c\n');
    expect(output).toEqual({
      pieces: [
        { stream: 'stdout', text: 'a\nb\n' },
        { stream: 'stderr', text: 'oops\n' },
        { stream: 'stdout', text: 'c\n' },
      ],
      size: 11,
      cut: false,
    });
  });

  it('keeps exactly the limit and says it cut the rest; nothing more is kept after', () => {
    let output = appendOutput(NO_OUTPUT, 'stdout', 'x'.repeat(6), 10);
    expect(output.cut).toBe(false);
    output = appendOutput(output, 'stderr', 'y'.repeat(6), 10);
    expect(output).toEqual({ pieces: [{ stream: 'stdout', text: 'xxxxxx' }, { stream: 'stderr', text: 'yyyy' }], size: 10, cut: true });
    expect(appendOutput(output, 'stdout', 'z', 10)).toBe(output);
  });

  it('filled to the limit exactly is not cut until one character more comes', () => {
    const full = appendOutput(NO_OUTPUT, 'stdout', 'x'.repeat(10), 10);
    expect(full.cut).toBe(false);
    expect(appendOutput(full, 'stdout', 'y', 10)).toEqual({ ...full, cut: true });
  });

  it('holds ~1 MB by default, whatever arrives (50 MB in 64 K pieces)', () => {
    let output = NO_OUTPUT;
    const piece = 'x'.repeat(65_536);
    for (let sent = 0; sent < 50 * 1024 * 1024 && !output.cut; sent += piece.length) output = appendOutput(output, 'stdout', piece);
    expect(output.size).toBe(MAX_RUN_OUTPUT_CHARS);
    expect(output.pieces[0]!.text.length).toBe(MAX_RUN_OUTPUT_CHARS);
    expect(output.cut).toBe(true);
  });
});
