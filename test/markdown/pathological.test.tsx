import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/markdown';
import { BlockSplitter, blocksOf } from '../../src/markdown/block-splitter';
import { NO_LINKS } from '../../src/markdown/document-links';
import { exceedsInlineBudget, lexWithinBudget, MAX_INLINE_SYNTAX, MAX_LEXED_BLOCK_CHARS } from '../../src/markdown/inline-budget';
import { MOUNT_CHARS_PER_TASK } from '../../src/markdown/mount-budget';
import { PLAIN_PIECE_CHARS, plainPieces } from '../../src/markdown/plain-text';

const KB = 1024;
/** The unit size of each shape: its cost is taken at half, one and two times this. */
const BASE_CHARS = 100 * KB;
/** Runs per size; the fastest counts, so a moment when the machine is busy elsewhere does not. */
const RUNS = 3;
/** Doubling the text may at most about double the time: 3× allows for noise, quadratic cost is 4× and more. */
const MAX_GROWTH = 3;
/** Below this, timings are too small to compare. */
const NOISE_MS = 5;

/** Replies that froze the tab (issue 11), each as a function of its size in characters. */
const SHAPES: Record<string, (chars: number) => string> = {
  'underscores (_a _a …)': (chars) => '_a'.repeat(chars / 2),
  'strong (**a**…)': (chars) => '**a**'.repeat(chars / 5),
  'marked’s reference-link back-tracking shape': (chars) => `[x]: x\n\n${'\\[\\]('.repeat(chars / 6)}`,
  'numeric references (&#x41;…)': (chars) => '&#x41;'.repeat(chars / 6),
  'formulas ($x$ …)': (chars) => '$x$ '.repeat(chars / 4),
  'lone dollars ($x …)': (chars) => '$x '.repeat(chars / 3),
};

/** What Markdown does with a finished reply, without the DOM: split into blocks, lex each within the budget. */
function lexReply(text: string): number {
  const split = new BlockSplitter().split(text);
  let tokens = 0;
  for (const block of [...blocksOf(split), split.tail]) tokens += lexWithinBudget(block.source, false, NO_LINKS).length;
  return tokens;
}

function fastest(text: string): number {
  let best = Infinity;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    lexReply(text);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('pathological replies cost time linear in their size', () => {
  it.each(Object.entries(SHAPES))('%s at 0.5×, 1× and 2×', (_, make) => {
    const [half, one, two] = [0.5, 1, 2].map((scale) => fastest(make(BASE_CHARS * scale)));
    expect(one!).toBeLessThan(MAX_GROWTH * half! + NOISE_MS);
    expect(two!).toBeLessThan(MAX_GROWTH * one! + NOISE_MS);
  });

  it('shows a run past the budget as its plain text', () => {
    const text = '**a**'.repeat(MAX_INLINE_SYNTAX);
    expect(exceedsInlineBudget(text)).toBe(true);
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('.markdown__plain')!.textContent).toBe(text);
  });

  it('keeps formatting in a long reply whose runs are each within the budget', () => {
    const paragraph = `${'Some **bold** and _italic_ text. '.repeat(20)}\n\n`;
    const text = paragraph.repeat(MAX_INLINE_SYNTAX / 10);
    expect(exceedsInlineBudget(text)).toBe(false);
    // Table rows and list items are runs of their own.
    expect(exceedsInlineBudget(`| a |\n| - |\n${'| **b** |\n'.repeat(MAX_INLINE_SYNTAX)}`)).toBe(false);
    expect(exceedsInlineBudget(`${'- *item*\n'.repeat(MAX_INLINE_SYNTAX)}`)).toBe(false);
    // Fenced code is not inline text at all, however long.
    expect(exceedsInlineBudget(`\`\`\`\n${'**a** '.repeat(MAX_INLINE_SYNTAX)}\n\`\`\``)).toBe(false);
    expect(exceedsInlineBudget(`\`\`\`js\n${'let a = 1;\n'.repeat(MAX_LEXED_BLOCK_CHARS / 10)}\`\`\``)).toBe(false);
  });

  it('shows a block too long to lex in one task as plain text, even with little syntax', () => {
    expect(exceedsInlineBudget('word '.repeat(MAX_LEXED_BLOCK_CHARS / 5 + 1))).toBe(true);
  });

  it('mounts a long reply a slice per task, busy until the last slice is in', async () => {
    const paragraphs = Array.from({ length: (3 * MOUNT_CHARS_PER_TASK) / 100 }, (_, i) => `Paragraph ${i} ${'x'.repeat(80)}.`);
    const { container } = render(<Markdown text={paragraphs.join('\n\n')} />);
    const root = container.querySelector('.markdown')!;
    const first = root.querySelectorAll('p').length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(paragraphs.length);
    expect(root.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(root.querySelectorAll('p').length).toBe(paragraphs.length), { timeout: 10_000 });
    expect(root.hasAttribute('aria-busy')).toBe(false);
  });

  it('cuts long plain text into pieces laid out on their own, losing nothing', () => {
    const text = `${'😀'.repeat(PLAIN_PIECE_CHARS)}\n${'line\n'.repeat(PLAIN_PIECE_CHARS / 2)}`;
    const pieces = plainPieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(PLAIN_PIECE_CHARS);
      // No piece starts or ends inside a surrogate pair.
      expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(piece)).toBe(false);
    }
    const { container } = render(<Markdown text={'**a**'.repeat(PLAIN_PIECE_CHARS)} />);
    expect(container.querySelectorAll('.markdown__plain-piece').length).toBeGreaterThan(1);
    expect(container.querySelector('.markdown__plain')!.textContent).toBe('**a**'.repeat(PLAIN_PIECE_CHARS));
  });
});
